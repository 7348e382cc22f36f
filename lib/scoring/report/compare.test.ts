import { describe, expect, it } from "vitest";
import { check, rollout, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { compareReports, compareRuns } from "./compare";
import { computeReport } from "./report";
import type { ScoringRun } from "../core/types";

const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);

/**
 * B: checkout C3 fixed (fail->pass), owner-lookup C2 broken (pass->fail), csv-conversion dropped (only in A),
 * a new task added (only in B).
 */
const candidate: ScoringRun = {
  ...scoringArticle,
  name: "candidate",
  tasks: [scoringArticle.tasks[0]!, scoringArticle.tasks[1]!, task("extra/new")],
  rollouts: [
    {
      ...scoringArticle.rollouts[0]!,
      reportedReward: 1,
      checks: scoringArticle.rollouts[0]!.checks.map((c) => (c.key === "C3" ? { ...c, passed: true } : c)),
    },
    {
      ...scoringArticle.rollouts[1]!,
      reportedReward: 0.5,
      checks: scoringArticle.rollouts[1]!.checks.map((c) => (c.key === "C2" ? { ...c, passed: false } : c)),
    },
    rollout("new", "extra/new", [check("C1", true)]),
  ],
};

describe("compareRuns", () => {
  const c = compareRuns(scoringArticle, candidate);

  it("aligns tasks by key; tasks in one run only are not comparable", () => {
    expect(c).toMatchObject({
      common: 2,
      onlyA: 1,
      onlyB: 1,
      onlyAKeys: ["data/csv-conversion"],
      onlyBKeys: ["extra/new"],
    });
    expect(c.commonKeys).toEqual(["incident/checkout", "lookup/owner-lookup"]);
    expect(c.a).toEqual({ name: "scoring-article", format: "silo" });
    expect(c.b.name).toBe("candidate");
  });

  it("headline: paired delta b − a on common tasks with sd(d)/√T", () => {
    // correctness A: 2/3, 1; B: 1, 1/2 → d = +1/3, −1/2
    expect(c.headline).toMatchObject({ metric: "correctness", scheme: "task", tasks: 2 });
    near(c.headline.a, 5 / 6);
    near(c.headline.b, 0.75);
    near(c.headline.delta, -1 / 12);
    near(c.headline.se, Math.sqrt(((1 / 3 + 1 / 12) ** 2 + (-1 / 2 + 1 / 12) ** 2) / 1) / Math.SQRT2);
    expect(c.headline.ci95).toEqual([-1, 1]);
  });

  it("per-dimension paired deltas", () => {
    near(c.metrics.completion?.delta, 0);
    near(c.metrics.reward?.delta, (1 + 0.5) / 2 - (0.8 + 0.75) / 2);
    expect(c.metrics.grounding?.tasks).toBe(2);
    expect(c.metrics.authority?.delta).toBe(0);
  });

  it("per task: completion values and pass/fail flips with an exact McNemar p", () => {
    expect(c.taskMetric).toBe("completion");
    // One rollout each: a single flip's Fisher p is 2 · 1/2 = 1, so no task is called either way.
    const test = { p: 1, adjusted: 1, called: null };
    expect(c.tasks).toEqual([
      { key: "incident/checkout", a: 0, b: 1, delta: 1, flip: "fail->pass", ...test },
      { key: "lookup/owner-lookup", a: 1, b: 0, delta: -1, flip: "pass->fail", ...test },
    ]);
    expect(c.flips).toEqual({ passToFail: 1, failToPass: 1, pValue: 1 });
    // One flip each way is no evidence against B: the default gate passes, the strict one (any pass->fail) fails.
    expect(c.regression).toBe(false);
    expect(c.gate).toEqual({ regression: false, strict: true, intervalBelow: false, flipsAgainst: false });
  });

  it("--metric picks the per-task values", () => {
    const byCorrectness = compareRuns(scoringArticle, candidate, { metric: "correctness" });
    near(byCorrectness.tasks[0]?.delta, 1 / 3);
    expect(byCorrectness.tasks[0]?.flip).toBe("fail->pass");
  });

  it("uses the scenario's scheme: each check one vote", () => {
    const byCheck = compareRuns(scoringArticle, candidate, { scenario: { headline: { scheme: "check" } } });
    // A: (2 + 2)/(3 + 2) = 0.8; B: (3 + 1)/(3 + 2) = 0.8
    expect(byCheck.headline.scheme).toBe("check");
    near(byCheck.headline.a, 0.8);
    near(byCheck.headline.b, 0.8);
    near(byCheck.headline.delta, 0);
  });

  it("a run against itself: no flips, no regression, delta 0", () => {
    const same = compareRuns(scoringArticle, scoringArticle);
    expect(same).toMatchObject({
      common: 3,
      onlyA: 0,
      onlyB: 0,
      flips: { passToFail: 0, failToPass: 0, pValue: 1 },
      regression: false,
    });
    expect(same.headline.delta).toBe(0);
    expect(same.headline.ci95).toEqual([0, 0]);
  });

  it("a headline interval entirely below 0 is a regression even without a flip", () => {
    const tasks = Array.from({ length: 6 }, (_, i) => task(`t${i}`));
    const mk = (name: string, passedB: boolean): ScoringRun => ({
      name,
      format: "silo",
      passThreshold: 1,
      tasks,
      rollouts: tasks.flatMap((t, i) => [
        rollout(`${t.key}-1`, t.key, [check("req", true), check("opt", passedB || i === 0, { required: false })]),
      ]),
    });
    const c2 = compareRuns(mk("a", true), mk("b", false));
    expect(c2.flips.passToFail).toBe(0);
    expect(c2.headline.ci95?.[1]).toBeLessThan(0);
    expect(c2.regression).toBe(true);
  });
});

describe("compareReports", () => {
  it("is what compareRuns computes, from stored reports", () => {
    const viaReports = compareReports(computeReport(scoringArticle), computeReport(candidate));
    expect(viaReports).toEqual(compareRuns(scoringArticle, candidate));
  });
});
