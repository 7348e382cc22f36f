import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { computeReport } from "./report";
import type { Scenario } from "../scenario/scenario";
import { componentWeights, movedFigures, scenarioEffects, valueEffect } from "./scenario-effects";
import type { ScoringRun } from "../core/types";

const effectsOf = (run: ScoringRun, scenario: Scenario) =>
  scenarioEffects(computeReport(run), computeReport(run, scenario));

describe("scenarioEffects on scoring-article", () => {
  it("as recorded: nothing changes", () => {
    const e = effectsOf(scoringArticle, {});
    expect(e.changed).toBe(false);
    expect(e.completionFlips).toEqual([]);
    expect(e.metrics.every((m) => !m.changed && m.delta === 0)).toBe(true);
    expect(e.warnings).toEqual([]);
  });

  it("flip checkout C3: correctness +11.1 pp, completion +33.3 pp, checkout now completes", () => {
    const e = effectsOf(scoringArticle, { flips: [{ task: "checkout", check: "C3", passed: true }] });
    expect(e.changed).toBe(true);
    expect(e.headline).toMatchObject({
      recordedMetric: "correctness",
      metric: "correctness",
      scheme: "task",
      changed: true,
    });
    expect(e.headline.delta).toBeCloseTo(0.8333 - 0.7222, 4);
    const byMetric = Object.fromEntries(e.metrics.map((m) => [m.metric, m]));
    expect(byMetric.correctness).toMatchObject({ headline: true, changed: true });
    expect(byMetric.completion?.delta).toBeCloseTo(1 / 3, 10);
    expect(byMetric.authority).toMatchObject({ changed: false, delta: 0 });
    expect(byMetric.reward?.scenario).toBeCloseTo((1 + 0.75 + 0.4) / 3, 10);
    expect(e.passRate.delta).toBeCloseTo(1 / 3, 10);
    expect(e.completionFlips).toEqual([
      {
        key: "incident/checkout",
        taskId: "checkout",
        name: "Diagnose the checkout incident",
        group: "incident",
        before: { passes: 0, counted: 1, value: 0, complete: false },
        after: { passes: 1, counted: 1, value: 1, complete: true },
        change: "completes",
      },
    ]);
  });

  it("scheme check: each metric is compared with its recorded task-vote value", () => {
    const e = effectsOf(scoringArticle, { headline: { scheme: "check" } });
    const correctness = e.metrics.find((m) => m.metric === "correctness");
    expect(correctness).toMatchObject({ recordedScheme: "task", scenarioScheme: "check" });
    expect(correctness?.scenario).toBeCloseTo(2 / 3, 10);
    expect(e.completionFlips).toEqual([]);
  });

  it("a headline on another metric compares the two headlines as shown", () => {
    const e = effectsOf(scoringArticle, { headline: { metric: "authority" } });
    expect(e.headline).toMatchObject({ recordedMetric: "correctness", metric: "authority" });
    expect(e.headline.scenario).toBeCloseTo(2 / 3, 10);
    expect(e.metrics.find((m) => m.headline)?.metric).toBe("authority");
  });

  it("lists only the warnings the scenario added", () => {
    const e = effectsOf(scoringArticle, { flips: [{ task: "nope", check: "C1", passed: true }] });
    expect(e.warnings).toEqual(["Scenario: flip of C1 in nope names no task of this run"]);
  });
});

describe("completion flips with several rollouts", () => {
  const T7 = "finance/TASK-007";
  const flip = (rolloutId: string, check: string) => ({ task: T7, rollout: rolloutId, check, passed: true });
  const fourth = flip("run_20261104100300_9c46", "The invoice keeps its amount");

  it("3 of 5 → 4 of 5 reads up", () => {
    const e = effectsOf(siloRuns, { flips: [fourth] });
    expect(e.completionFlips).toEqual([
      expect.objectContaining({
        key: T7,
        before: { passes: 3, counted: 5, value: 0.6, complete: false },
        after: { passes: 4, counted: 5, value: 0.8, complete: false },
        change: "up",
      }),
    ]);
  });

  it("3 of 5 → 5 of 5 completes; the reverse no longer completes", () => {
    const all = [
      fourth,
      flip("run_20261104100400_9c47", "The overdue invoice is escalated"),
      flip("run_20261104100400_9c47", "The escalation names the account owner"),
    ];
    const complete = computeReport(siloRuns, { flips: all });
    expect(scenarioEffects(computeReport(siloRuns), complete).completionFlips.map((f) => f.change)).toEqual([
      "completes",
    ]);
    expect(scenarioEffects(complete, computeReport(siloRuns)).completionFlips.map((f) => f.change)).toEqual([
      "no-longer-completes",
    ]);
  });

  it("reads rows the page holds as the same objects, or in another order, as it reads separate reports", () => {
    const flips = { flips: [{ task: "checkout", check: "C3", passed: true }] };
    const recorded = computeReport(scoringArticle);
    const scenario = computeReport(scoringArticle, flips);
    const expected = scenarioEffects(recorded, scenario).completionFlips;
    expect(expected.map((f) => f.key)).toEqual(["incident/checkout"]);
    // As the page holds them: the scenario's unchanged rows are the recorded report's own objects.
    const shared = scenario.tasks.map((t, i) => (t.key === "incident/checkout" ? t : recorded.tasks[i]!));
    expect(scenarioEffects(recorded, { ...scenario, tasks: shared }).completionFlips).toEqual(expected);
    expect(scenarioEffects(recorded, { ...scenario, tasks: [...scenario.tasks].reverse() }).completionFlips).toEqual(
      expected,
    );
  });

  it("counting unscored rollouts as failures recounts a task without calling it better or worse", () => {
    const fail = (id: string, t: string) => rollout(id, t, [check("C1", false)]);
    const unscored = (id: string, t: string) => rollout(id, t, [], { status: "unscored" });
    const run: ScoringRun = {
      name: "recount",
      format: "silo",
      passThreshold: 1,
      tasks: [task("g/never"), task("g/unscored"), task("g/half")],
      rollouts: [
        ...["1", "2", "3", "4"].map((n) => fail(`never-${n}`, "g/never")),
        unscored("never-5", "g/never"),
        unscored("unscored-1", "g/unscored"),
        rollout("half-1", "g/half", [check("C1", true)]),
        unscored("half-2", "g/half"),
      ],
    };
    const flips = effectsOf(run, { unscored: "fail" }).completionFlips;
    const byKey = Object.fromEntries(flips.map((f) => [f.key, f]));
    expect(byKey["g/never"]).toMatchObject({ before: { passes: 0, counted: 4 }, after: { passes: 0, counted: 5 } });
    expect(byKey["g/never"]?.change).toBe("recounted");
    expect(byKey["g/unscored"]).toMatchObject({ before: { counted: 0, value: null }, after: { counted: 1, value: 0 } });
    expect(byKey["g/unscored"]?.change).toBe("recounted");
    // 1/1 → 1/2: fewer passes per rollout counted.
    expect(byKey["g/half"]?.change).toBe("no-longer-completes");
    expect(flips.map((f) => f.change)).toEqual(["no-longer-completes", "recounted", "recounted"]);
  });

  it("valueEffect: null on either side has no delta but can still be a change", () => {
    expect(valueEffect(null, 0.5)).toEqual({ recorded: null, scenario: 0.5, delta: null, changed: true });
    expect(valueEffect(null, undefined)).toEqual({ recorded: null, scenario: null, delta: null, changed: false });
    expect(valueEffect(0.1 + 0.2, 0.3).changed).toBe(false);
  });
});

describe("componentWeights", () => {
  const grade = (id: string, weights: [string, number][]) =>
    rollout(
      id,
      "g/t",
      weights.map(([k, w]) => check(k, true, { weight: w, score: 1 })),
      { rule: "grade" },
    );
  const run: ScoringRun = {
    name: "grades",
    format: "grade",
    passThreshold: 1,
    tasks: [task("g/t")],
    rollouts: [
      grade("a", [
        ["defect_matching", 0.5],
        ["quality", 0.4],
      ]),
      grade("b", [
        ["defect_matching", 0.5],
        ["quality", 0.4],
      ]),
    ],
  };

  it("lists the components and warns that 0.9 is not 1", () => {
    const c = componentWeights(run, {});
    expect(c?.components.map((x) => [x.key, x.declared, x.weight, x.rollouts, x.varies])).toEqual([
      ["defect_matching", 0.5, 0.5, 2, false],
      ["quality", 0.4, 0.4, 2, false],
    ]);
    expect(c?.sum).toBeCloseTo(0.9, 10);
    expect(c).toMatchObject({ off: true, sharedSet: true, rollouts: 2 });
    expect(c?.offRollouts.map((o) => o.rollout)).toEqual(["a", "b"]);
    expect(c?.offRollouts[0]?.sum).toBeCloseTo(0.9, 10);
  });

  it("under a scenario that fixes the weights, the sum is 1", () => {
    const c = componentWeights(run, { componentWeights: { quality: 0.5 } });
    expect(c?.sum).toBeCloseTo(1, 10);
    expect(c?.declaredSum).toBeCloseTo(0.9, 10);
    expect(c).toMatchObject({ off: false, offRollouts: [] });
  });

  it("rollouts with different components: the sum is per rollout", () => {
    const mixed: ScoringRun = {
      ...run,
      rollouts: [
        ...run.rollouts,
        grade("c", [
          ["patch_verified", 0.5],
          ["quality", 0.5],
        ]),
      ],
    };
    const c = componentWeights(mixed, { componentWeights: { quality: 0.5 } });
    expect(c).toMatchObject({ sharedSet: false, rollouts: 3, off: false });
    expect(componentWeights(mixed, {})?.offRollouts.map((o) => o.rollout)).toEqual(["a", "b"]);
  });

  it("is null for a run without grade components", () => {
    expect(componentWeights(scoringArticle, {})).toBeNull();
  });
});

describe("movedFigures", () => {
  it("names what an unscored policy moved when the headline did not move", () => {
    // A: one scored rollout passing both checks; D: one unscored rollout without checks. Correctness heads the
    // run (every task with a scored rollout has correctness checks) and D is never graded for it, so counting
    // D's rollout as a failure leaves the headline at 1 and moves pass rate 1/1 -> 1/2 and mean reward 1 -> 0.5.
    const uneven = run(
      [task("A"), task("D")],
      [
        rollout("a1", "A", [check("t1", true), check("t2", true)]),
        rollout("d1", "D", [], { rule: "reward", status: "unscored" }),
      ],
    );
    const e = effectsOf(uneven, { unscored: "fail" });
    expect(e.headline).toMatchObject({ metric: "correctness", changed: false });
    expect(movedFigures(e)).toEqual([
      { figure: "completion", kind: "completion", delta: -0.5 },
      { figure: "reward", kind: "reward", delta: -0.5 },
      { figure: "pass-rate", kind: "completion", delta: -0.5 },
      { figure: "mean-reward", kind: "reward", delta: -0.5 },
    ]);
    expect(movedFigures(effectsOf(uneven, {}))).toEqual([]);
  });
});
