import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { computeReport } from "../report/report";
import { schemeComparison } from "./scheme-comparison";

describe("schemeComparison", () => {
  it("one row per scheme, recorded beside the scenario, the scenario's scheme active", () => {
    const recorded = computeReport(scoringArticle).metrics.correctness;
    const scenario = computeReport(scoringArticle, {
      headline: { scheme: "check" },
      flips: [{ task: "checkout", check: "C3", passed: true }],
    }).metrics.correctness;
    const rows = schemeComparison(recorded, scenario);
    expect(rows.map((r) => [r.scheme, r.label, r.active])).toEqual([
      ["task", "each task one vote", false],
      ["check", "each check one vote", true],
      ["group", "each group one vote", false],
      ["custom", "declared task weights", false],
    ]);
    expect(rows[0]?.recorded).toBeCloseTo(0.7222, 4);
    expect(rows[0]?.scenario).toBeCloseTo(0.8333, 4);
    expect(rows[1]?.recorded).toBeCloseTo(2 / 3, 10);
    expect(rows[1]?.scenario).toBeCloseTo(7 / 9, 10);
  });

  it("a missing side reads null", () => {
    const rows = schemeComparison(undefined, computeReport(scoringArticle).metrics.grounding);
    expect(rows.every((r) => r.recorded === null)).toBe(true);
    expect(rows[0]?.scenario).toBeCloseTo(0.5, 10);
  });
});
