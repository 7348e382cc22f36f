import { describe, expect, it } from "vitest";
import { applyScenario } from "./apply-scenario";
import { describeScenario } from "./describe-scenario";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { parseScenario, parseScenarioParam } from "./scenario";

describe("parseScenario", () => {
  it("accepts the documented full example and {}", () => {
    const full = {
      headline: { metric: "correctness", scheme: "task" },
      weights: { "incident/checkout": 2 },
      groupWeights: { incident: 1 },
      flips: [{ task: "incident/checkout", rollout: "checkout", check: "C3", passed: true }],
      required: [{ check: "G1", task: "lookup/owner-lookup", required: false }],
      unscored: "exclude",
      passThreshold: 1.0,
      componentWeights: { defect_matching: 0.5 },
      budget: { costUsd: 0.5, durationMs: 600000, tokens: 200000, toolCalls: 40 },
    };
    expect(parseScenario(full)).toEqual({ success: true, data: full });
    expect(parseScenario({})).toEqual({ success: true, data: {} });
  });

  it("reports field paths for invalid values and unknown fields", () => {
    const r = parseScenario({
      flips: [{ task: "t", check: "c", passed: "yes" }],
      headline: { scheme: "votes" },
      weight: {},
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    const paths = r.issues.map((i) => i.path).sort();
    expect(paths).toEqual(["", "flips.0.passed", "headline.scheme"]);
    expect(parseScenario({ weights: { a: -1 } }).success).toBe(false);
    expect(parseScenario({ unscored: "zero" }).success).toBe(false);
    expect(parseScenario([]).success).toBe(false);
  });

  it("reports the field path of a bad budget limit and of an unknown measure", () => {
    const paths = (json: unknown) => {
      const r = parseScenario(json);
      return r.success ? [] : r.issues.map((i) => i.path);
    };
    expect(paths({ budget: { costUsd: -0.1 } })).toEqual(["budget.costUsd"]);
    expect(paths({ budget: { toolCalls: "40" } })).toEqual(["budget.toolCalls"]);
    expect(paths({ budget: { cost: 1 } })).toEqual(["budget"]);
    expect(paths({ budget: 5 })).toEqual(["budget"]);
    expect(parseScenario({ budget: { tokens: 0 } })).toEqual({ success: true, data: { budget: { tokens: 0 } } });
  });

  it("reads the URL parameter: empty is {}, bad JSON is an issue", () => {
    expect(parseScenarioParam(null)).toEqual({ success: true, data: {} });
    expect(parseScenarioParam('{"unscored":"fail"}')).toEqual({ success: true, data: { unscored: "fail" } });
    const bad = parseScenarioParam("{");
    expect(bad.success).toBe(false);
  });
});

describe("applyScenario", () => {
  it("never mutates its input and {} changes nothing", () => {
    const before = structuredClone(scoringArticle);
    const applied = applyScenario(scoringArticle, {
      flips: [{ task: "checkout", check: "C3", passed: true }],
      weights: { checkout: 2 },
    });
    expect(scoringArticle).toEqual(before);
    expect(applied.run).not.toBe(scoringArticle);
    const none = applyScenario(scoringArticle, {});
    expect(none.run).toEqual(scoringArticle);
    expect(none.checksChanged).toEqual([false, false, false]);
    expect(none.warnings).toEqual([]);
  });

  it("flips by key or label, by task key or taskId, and marks the rollout changed", () => {
    const byId = applyScenario(scoringArticle, { flips: [{ task: "checkout", check: "C3", passed: true }] });
    const byLabel = applyScenario(scoringArticle, {
      flips: [
        { task: "incident/checkout", check: "C3 Recommends a remedy within the connection budget", passed: true },
      ],
    });
    for (const a of [byId, byLabel]) {
      const c3 = a.run.rollouts[0]?.checks.find((c) => c.key === "C3");
      expect(c3).toMatchObject({ passed: true, score: 1, status: "graded" });
      expect(a.checksChanged).toEqual([true, false, false]);
    }
  });

  it("a flip makes an ungraded check graded; a flip to the recorded verdict changes nothing", () => {
    const g = applyScenario(scoringArticle, { flips: [{ task: "csv-conversion", check: "G1", passed: true }] });
    expect(g.run.rollouts[2]?.checks.find((c) => c.key === "G1")).toMatchObject({
      passed: true,
      score: 1,
      status: "graded",
    });
    const same = applyScenario(scoringArticle, { flips: [{ task: "checkout", check: "C1", passed: true }] });
    expect(same.checksChanged[0]).toBe(false);
  });

  it("limits a flip to one rollout when it names one", () => {
    const r = run([task("t")], [rollout("r1", "t", [check("a", false)]), rollout("r2", "t", [check("a", false)])]);
    const a = applyScenario(r, { flips: [{ task: "t", rollout: "r2", check: "a", passed: true }] });
    expect(a.run.rollouts.map((x) => x.checks[0]?.passed)).toEqual([false, true]);
  });

  it("changes required flags, in every task unless one is named", () => {
    const all = applyScenario(scoringArticle, { required: [{ check: "A1", required: false }] });
    expect(all.run.rollouts.map((r) => r.checks.find((c) => c.key === "A1")?.required)).toEqual([false, false, false]);
    expect(all.checksChanged).toEqual([true, true, true]);
    const one = applyScenario(scoringArticle, {
      required: [{ check: "A1", task: "data/csv-conversion", required: false }],
    });
    expect(one.run.rollouts.map((r) => r.checks.find((c) => c.key === "A1")?.required)).toEqual([true, true, false]);
  });

  it("sets task weights, pass threshold and grade component weights", () => {
    const grade = run(
      [task("g")],
      [
        rollout(
          "g1",
          "g",
          [
            check("defect_matching", true, { weight: 0.6 }),
            check("pov", null, { score: 1, weight: 0.4, status: "graded" }),
          ],
          { rule: "grade" },
        ),
      ],
    );
    const a = applyScenario(grade, {
      weights: { g: 3 },
      passThreshold: 0.5,
      componentWeights: { defect_matching: 0.5 },
    });
    expect(a.run.tasks[0]?.weight).toBe(3);
    expect(a.run.passThreshold).toBe(0.5);
    expect(a.run.rollouts[0]?.checks[0]?.weight).toBe(0.5);
    expect(a.checksChanged).toEqual([false]);
  });

  it("warns about entries that match nothing", () => {
    const a = applyScenario(scoringArticle, {
      flips: [
        { task: "nope", check: "C1", passed: true },
        { task: "checkout", check: "C9", passed: true },
      ],
      required: [{ check: "Z", required: true }],
      weights: { ghost: 2 },
      groupWeights: { nowhere: 2 },
      componentWeights: { defect_matching: 1 },
    });
    expect(a.warnings).toHaveLength(6);
    expect(a.warnings[0]).toContain("nope");
  });

  it("keeps a rollout whose task is not declared, with a default task", () => {
    const r = run([], [rollout("r", "loose", [check("a", true)])]);
    expect(applyScenario(r, {}).run.tasks).toEqual([
      { key: "loose", taskId: "loose", name: null, group: null, weight: 1 },
    ]);
  });
});

describe("describeScenario", () => {
  it("says each change in plain language", () => {
    expect(
      describeScenario(
        {
          headline: { metric: "correctness", scheme: "check" },
          flips: [
            { task: "incident/checkout", check: "C3", passed: true },
            { task: "csv-conversion", check: "A1", passed: false, rollout: "r1" },
          ],
          required: [{ check: "G1", required: true, task: "owner-lookup" }],
          weights: { checkout: 2 },
          groupWeights: { data: 2 },
          unscored: "fail",
          passThreshold: 0.8,
          componentWeights: { defect_matching: 0.5 },
        },
        scoringArticle,
      ),
    ).toEqual([
      "headline: correctness, each check one vote",
      "checkout C3 counted as passed",
      "csv-conversion A1 counted as failed in rollout r1",
      "G1 made required in owner-lookup",
      "tasks weighted by importance (custom)",
      "checkout weighted 2",
      "task weights count only under the custom scheme",
      "group data weighted 2",
      "unscored rollouts counted as failures",
      "pass threshold 0.8",
      "grade component defect_matching weighted 0.5",
    ]);
  });

  it("describes {} as nothing and every scheme in words", () => {
    expect(describeScenario({}, scoringArticle)).toEqual([]);
    expect(describeScenario({ headline: { scheme: "task" } })).toEqual(["headline: correctness, each task one vote"]);
    expect(describeScenario({ headline: { scheme: "group" } })).toEqual(["headline: correctness, each group one vote"]);
    expect(describeScenario({ headline: { metric: "completion", scheme: "custom" }, weights: { a: 2 } })).toEqual([
      "headline: completion, declared task weights",
      "tasks weighted by importance (custom)",
      "a weighted 2",
    ]);
  });
});
