import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { computeReport } from "./report";

const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);

describe("one task, one rollout", () => {
  const passing = run([task("t")], [rollout("r", "t", [check("a", true)])]);

  it("all pass: every figure is 1, SE and interval are undefined", () => {
    const r = computeReport(passing);
    expect(r.headline).toMatchObject({
      metric: "correctness",
      value: 1,
      se: null,
      ci95: null,
      eligibleTasks: 1,
      tasks: 1,
    });
    expect(r.metrics.completion?.value).toBe(1);
    expect(r.metrics.reward?.value).toBe(1);
    expect(r.tasks[0]).toMatchObject({ diagnosis: "solid", passAtK: { "1": 1 }, group: null });
    expect(r.groups).toEqual([expect.objectContaining({ group: "(none)", tasks: 1 })]);
    expect(r.metrics.authority).toMatchObject({
      value: null,
      eligibleTasks: 0,
      gate: { passed: true, violations: 0, checks: 0, list: [] },
    });
  });

  it("none pass", () => {
    const r = computeReport(
      run([task("t")], [rollout("r", "t", [check("a", false), check("b", true, { required: false })])]),
    );
    expect(r.metrics.completion?.value).toBe(0);
    near(r.metrics.correctness?.value, 0.5);
    expect(r.tasks[0]).toMatchObject({ diagnosis: "never-passes", capability: "near-miss" });
  });

  it("an empty run has nulls, not NaNs", () => {
    const r = computeReport(run([], []));
    expect(r.counts).toEqual({ tasks: 0, rollouts: 0, scored: 0, unscored: 0 });
    expect(r.headline.value).toBeNull();
    expect(r.passRate.value).toBeNull();
    expect(JSON.stringify(r)).not.toContain("NaN");
  });
});

describe("unscored policy", () => {
  const r0 = run(
    [task("t"), task("u")],
    [
      rollout("r1", "t", [check("a", true)], { reportedReward: 1 }),
      rollout("r2", "t", [check("a", true), check("b", false)], { reportedReward: 0.5 }),
      rollout("r3", "t", [], { status: "unscored" }),
      rollout("r4", "u", [], { status: "unscored" }),
    ],
  );

  it("exclude (default): unscored rollouts are counted apart, out of every mean", () => {
    const r = computeReport(r0);
    expect(r.counts).toEqual({ tasks: 2, rollouts: 4, scored: 2, unscored: 2 });
    near(r.metrics.correctness?.value, 0.75);
    near(r.metrics.completion?.value, 0.5);
    expect(r.metrics.completion?.eligibleTasks).toBe(1);
    // One task counted: no interval.
    expect(r.passRate).toEqual({ value: 0.5, passes: 1, scored: 2, counted: 2, se: null, ci95: null });
    expect(r.tasks[1]).toMatchObject({ diagnosis: "unscored", passRate: null });
    expect(r.rollouts[2]).toMatchObject({
      status: "unscored",
      passed: false,
      reward: null,
      metrics: { completion: null, reward: null },
    });
  });

  it("fail: unscored rollouts are failures with 0 everywhere", () => {
    const r = computeReport(r0, { unscored: "fail" });
    expect(r.counts.unscored).toBe(2);
    // t: correctness (1 + 0.5 + 0)/3; u has no graded dimension to fail.
    near(r.metrics.correctness?.value, 0.5);
    expect(r.metrics.correctness?.eligibleTasks).toBe(1);
    // completion: t 1/3, u 0 → task vote 1/6, rollout vote 1/4
    near(r.metrics.completion?.value, 1 / 6);
    near(r.metrics.completion?.pooled, 1 / 4);
    // Clustered: (1/3, w 3), (0, w 1); w(x − 0.25) = ±0.25, SE = sqrt(2 · 0.125) / 4; t(0.975, 1) clips to [0, 1].
    expect(r.passRate).toMatchObject({ value: 0.25, passes: 1, scored: 2, counted: 4, ci95: [0, 1] });
    near(r.passRate.se, 0.125);
    expect(r.meanReward).toEqual({ value: 1.5 / 4, scored: 2, counted: 4 });
    expect(r.tasks[1]).toMatchObject({ diagnosis: "never-passes", capability: "far-off", meanReward: 0 });
    expect(r.rollouts[2]?.metrics).toMatchObject({ completion: 0, reward: 0, correctness: 0 });
    expect(r.scenarioDescription).toEqual(["unscored rollouts counted as failures"]);
  });
});

describe("group scheme", () => {
  // Task values 1, 0 (group g1), 0.5 (g2), 1 (no group).
  const r0 = run(
    [task("g1/a"), task("g1/b"), task("g2/c"), task("d")],
    [
      rollout("a", "g1/a", [check("x", true)]),
      rollout("b", "g1/b", [check("x", false)]),
      rollout("c", "g2/c", [check("x", true), check("y", false)]),
      rollout("d", "d", [check("x", true)]),
    ],
  );

  it("each group one vote, tasks equal inside, ungrouped tasks form one group", () => {
    const r = computeReport(r0, { headline: { scheme: "group" } });
    near(r.metrics.correctness?.schemes.task, 2.5 / 4);
    near(r.headline.value, (0.5 + 0.5 + 1) / 3);
    expect(r.groups.map((g) => [g.group, g.tasks, g.metrics.correctness?.value])).toEqual([
      ["g1", 2, 0.5],
      ["g2", 1, 0.5],
      ["(none)", 1, 1],
    ]);
  });

  it("group weights change each group's vote", () => {
    near(
      computeReport(r0, { headline: { scheme: "group" }, groupWeights: { g2: 2 } }).headline.value,
      (0.5 + 2 * 0.5 + 1) / 4,
    );
    near(computeReport(r0, { headline: { scheme: "group" }, groupWeights: { "(none)": 0 } }).headline.value, 0.5);
  });

  it("the group-scheme SE uses the per-task weights", () => {
    const r = computeReport(r0, { headline: { scheme: "group" } });
    // w = group weight / eligible tasks of the group: g1 tasks 1/2 each, g2 1, (none) 1.
    const xs = [1, 0, 0.5, 1];
    const ws = [0.5, 0.5, 1, 1];
    const sw = 3;
    const mean = xs.reduce((s, x, i) => s + x * ws[i]!, 0) / sw;
    const ss = xs.reduce((s, x, i) => s + ws[i]! ** 2 * (x - mean) ** 2, 0);
    near(r.headline.se, Math.sqrt((4 / 3) * ss) / sw);
  });
});

describe("custom dimensions, reward range and headline fallback", () => {
  it("adds custom dimensions after the core metrics", () => {
    const r = computeReport(
      run(
        [task("t")],
        [rollout("r", "t", [check("a", true), check("s", false, { dimension: "safety", required: false })])],
      ),
    );
    expect(Object.keys(r.metrics)).toEqual(["correctness", "completion", "authority", "grounding", "reward", "safety"]);
    expect(r.metrics.safety).toMatchObject({ kind: "dimension", value: 0, eligibleTasks: 1 });
    expect(r.tasks[0]?.metrics.safety).toBe(0);
  });

  it("clips reward intervals to [min(0, min reward), max(1, max reward)]", () => {
    const r = computeReport(
      run(
        [task("a"), task("b")],
        [
          rollout("a", "a", [], { rule: "reward", reportedReward: 2 }),
          rollout("b", "b", [], { rule: "reward", reportedReward: 0 }),
        ],
      ),
      { headline: { metric: "reward" } },
    );
    expect(r.headline.value).toBe(1);
    near(r.headline.se, 1);
    expect(r.headline.ci95).toEqual([0, 2]);
  });

  it("reward-only runs headline completion instead of an empty correctness, and say so", () => {
    const r0 = run(
      [task("a"), task("b")],
      [
        rollout("a", "a", [], { rule: "reward", reportedReward: 1 }),
        rollout("b", "b", [], { rule: "reward", reportedReward: 0.5 }),
      ],
    );
    const r = computeReport(r0);
    expect(r.headline).toMatchObject({ metric: "completion", value: 0.5, eligibleTasks: 2 });
    expect(r.headline.fallback).toContain("correctness");
    expect(computeReport(r0, { headline: { metric: "correctness" } }).headline).toMatchObject({
      metric: "correctness",
      value: null,
      fallback: null,
    });
  });

  it("warns about a headline metric the run does not have", () => {
    const r = computeReport(run([task("t")], [rollout("r", "t", [check("a", true)])]), {
      headline: { metric: "safety" },
    });
    expect(r.headline).toMatchObject({ metric: "safety", value: null, eligibleTasks: 0 });
    expect(r.warnings).toEqual(["Headline metric safety is not a metric of this run"]);
  });

  it("echoes run warnings, rollout warnings and regrades", () => {
    const regrades = [{ rollout: "r", originalReward: 1, newReward: 0, change: "pass->fail" }];
    const r = computeReport(
      run([task("t")], [rollout("r", "t", [check("a", true)], { warnings: ["reward disagrees"] })], {
        warnings: ["w"],
        regrades,
      }),
    );
    expect(r.warnings).toEqual(["w"]);
    expect(r.rollouts[0]?.warnings).toEqual(["reward disagrees"]);
    expect(r.regrades).toEqual(regrades);
  });

  it("a task named like an Object.prototype member is an ordinary task", () => {
    const r = computeReport(
      run([task("constructor")], [rollout("r", "constructor", [check("a", true, { dimension: "toString" })])]),
      {
        weights: { constructor: 3 },
        headline: { scheme: "custom" },
      },
    );
    expect(r.tasks[0]?.weight).toBe(3);
    expect(r.metrics.toString).toMatchObject({ value: 1 });
  });
});

describe("grade rollouts in a report", () => {
  const grade = run(
    [task("cve-2024-0003")],
    [
      rollout(
        "patch",
        "cve-2024-0003",
        [
          check("patch_verified", true, { score: 1, weight: 0.25 }),
          check("number_of_attempts", null, { score: 0.5, weight: 0.25, status: "graded", required: false }),
          check("size_of_patch", null, { score: 0.8, weight: 0.25, status: "graded", required: false }),
          check("minimization", null, { score: 0.6, weight: 0.25, status: "graded", required: false }),
        ],
        { rule: "grade", penalties: 0.1, gate: "patch_verified" },
      ),
    ],
  );

  it("patch-with-penalty scores 0.625 and passes on its gate", () => {
    const r = computeReport(grade);
    expect(r.rollouts[0]).toMatchObject({ passed: true });
    near(r.rollouts[0]?.reward, 0.625);
  });

  it("componentWeights override the declared weights", () => {
    const r = computeReport(grade, { componentWeights: { patch_verified: 0.5, number_of_attempts: 0 } });
    near(r.rollouts[0]?.reward, 0.5 + 0.2 + 0.15 - 0.1);
    expect(r.scenarioDescription).toContain("grade component patch_verified weighted 0.5");
  });
});
