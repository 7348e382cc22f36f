import { describe, expect, it } from "vitest";
import { check, rollout } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import type { ScoringRollout, ScoringRun } from "../core/types";
import { compareRuns } from "./compare";
import { computeReport } from "./report";
import { compareRobustness, headlineRobustness, policyReports, robustnessSentence } from "./robustness";

/** A copy of the example run with some checks' verdicts set (rollout id → check key → passed). */
function withVerdicts(run: ScoringRun, name: string, verdicts: Record<string, Record<string, boolean>>): ScoringRun {
  return {
    ...run,
    name,
    rollouts: run.rollouts.map((r) => ({
      ...r,
      checks: r.checks.map((c) => {
        const passed = verdicts[r.id]?.[c.key];
        return passed === undefined ? c : { ...c, passed, status: "graded" as const };
      }),
    })),
  };
}

// The comparison example of docs/scoring.md: B = the example with checkout C3 passing and owner-lookup C2 failing.
const b = withVerdicts(scoringArticle, "b", { checkout: { C3: true }, "owner-lookup": { C2: false } });

/** An unscored rollout of csv-conversion: it changes the figures only under the "fail" policy. */
const unscored: ScoringRollout = rollout("csv-conversion-2", "data/csv-conversion", [check("C1", null)], {
  status: "unscored",
});
const bUnscored: ScoringRun = { ...b, rollouts: [...b.rollouts, unscored] };

const pick = (r: ReturnType<typeof compareRobustness>) =>
  r.entries.map((e) => [e.scheme, e.unscored, e.delta === null ? null : Number(e.delta.toFixed(4)), e.verdict]);

describe("robustness of a comparison", () => {
  it("gives the docs example under each scheme: −0.0556 task-equal, the interval including 0 everywhere", () => {
    const r = compareRobustness(scoringArticle, b);
    expect(r.metric).toBe("correctness");
    expect(r.schemes).toEqual(["task", "check", "group"]);
    expect(r.unscoredMatters).toBe(false);
    expect(pick(r)).toEqual([
      ["task", "exclude", -0.0556, "unclear"],
      // pooled: A 2/3 + 2/2 + 2/4 = 6/9 → B 3/3 + 1/2 + 2/4 = 6/9
      ["check", "exclude", 0, "unclear"],
      ["group", "exclude", -0.0556, "unclear"],
      ["task", "fail", -0.0556, "unclear"],
      ["check", "fail", 0, "unclear"],
      ["group", "fail", -0.0556, "unclear"],
    ]);
    expect(r.entries[0]).toMatchObject({ active: true, tasks: 3 });
    expect(r.entries[0]!.se).toBeCloseTo(0.2422, 4);
    expect(r.entries.filter((e) => e.active)).toHaveLength(1);
    expect(r.summary).toBe("B is behind under 2 of 3 schemes; the interval excludes 0 under none.");
  });

  it("adds the custom scheme when a task is weighted, and the policy when a rollout is unscored", () => {
    const scenario = { weights: { checkout: 2 }, headline: { scheme: "custom" as const } };
    const r = compareRobustness(scoringArticle, bUnscored, scenario, "C");
    expect(r.schemes).toEqual(["task", "check", "group", "custom"]);
    expect(r.unscoredMatters).toBe(true);
    expect(r.choices).toBe(8);
    expect(r.entries.find((e) => e.active)).toMatchObject({ scheme: "custom", unscored: "exclude" });
    // custom, checkout weight 2: A (2·2/3 + 1 + 0.5)/4, B (2·1 + 0.5 + 0.5)/4: +0.0417
    expect(r.entries.find((e) => e.active)!.delta).toBeCloseTo(0.75 - 0.7083, 4);
    // Under "fail" csv-conversion's unscored rollout counts as 0 in B: its correctness is 0.25, not 0.5.
    const failTask = r.entries.find((e) => e.scheme === "task" && e.unscored === "fail")!;
    expect(failTask.b).toBeCloseTo((1 + 0.5 + 0.25) / 3, 6);
    expect(r.summary).toMatch(/^C is (ahead|behind) under \d of 8 choices of scheme and unscored policy/);
  });

  it("equals compareRuns' headline under every scheme and policy", () => {
    const scenario = { weights: { checkout: 2 }, groupWeights: { incident: 3 } };
    const r = compareRobustness(scoringArticle, bUnscored, scenario);
    for (const e of r.entries) {
      const { headline } = compareRuns(scoringArticle, bUnscored, {
        scenario: { ...scenario, unscored: e.unscored, headline: { scheme: e.scheme } },
      });
      expect({ ...e, scheme: undefined, unscored: undefined, verdict: undefined, active: undefined }).toEqual({
        ...headline,
        metric: undefined,
        scheme: undefined,
        unscored: undefined,
        verdict: undefined,
        active: undefined,
      });
    }
  });

  it("says so in one line", () => {
    const base = { unscoredMatters: false, choices: 4, compared: 4 };
    expect(robustnessSentence({ ...base, ahead: 4, behind: 0, excludesZero: 2 })).toBe(
      "B is ahead under 4 of 4 schemes; the interval excludes 0 under 2.",
    );
    expect(robustnessSentence({ ...base, ahead: 1, behind: 3, excludesZero: 0 }, "C")).toBe(
      "C is behind under 3 of 4 schemes, ahead under 1; the interval excludes 0 under none.",
    );
    expect(robustnessSentence({ ...base, ahead: 0, behind: 0, excludesZero: 0 })).toBe(
      "B and A read the same under all 4 schemes.",
    );
    expect(robustnessSentence({ ...base, compared: 0, ahead: 0, behind: 0, excludesZero: 0 })).toBe(
      "No difference under any scheme: B and A have no common task to compare.",
    );
  });
});

describe("robustness of one run's headline", () => {
  it("gives the report's own figures: the headline under its scheme, every scheme's value", () => {
    const scenario = { weights: { checkout: 2 } };
    const reports = policyReports(bUnscored, scenario);
    const r = headlineRobustness(reports, scenario);
    expect(r.schemes).toEqual(["task", "check", "group", "custom"]);
    expect(r.unscoredMatters).toBe(true);
    for (const e of r.entries) {
      const report = computeReport(bUnscored, { ...scenario, unscored: e.unscored, headline: { scheme: e.scheme } });
      expect(e.value).toBe(report.metrics.correctness!.schemes[e.scheme]);
      expect([e.value, e.se, e.ci95, e.tasks]).toEqual([
        report.headline.value,
        report.headline.se,
        report.headline.ci95,
        report.headline.eligibleTasks,
      ]);
    }
    expect(r.entries.filter((e) => e.active)).toMatchObject([{ scheme: "task", unscored: "exclude" }]);
  });

  it("computes one report for a run without unscored rollouts", () => {
    const reports = policyReports(scoringArticle, {});
    expect(reports.fail).toBe(reports.exclude);
    expect(headlineRobustness(reports).unscoredMatters).toBe(false);
  });
});
