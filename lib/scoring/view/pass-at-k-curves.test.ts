import { describe, expect, it } from "vitest";
import { runPassAtK } from "../core/pass-at-k";
import { passAtKCurvesChart } from "./pass-at-k-curves";

describe("passAtKCurvesChart", () => {
  it("puts each run's curves on rows k = 1 … the largest maxK, absent past a run's own", () => {
    // A: one task of 3 rollouts, 1 passing; B: one task of 2 rollouts, 2 passing.
    const a = runPassAtK([{ counted: 3, passes: 1 }]);
    const b = runPassAtK([{ counted: 2, passes: 2 }]);
    const chart = passAtKCurvesChart([
      { letter: "A", curves: a },
      { letter: "B", curves: b },
    ]);
    expect(chart.rows.map((r) => r.k)).toEqual([1, 2, 3]);
    expect(Object.keys(chart.rows[0]!)).toEqual(["k", "A:at", "A:hat", "B:at", "B:hat"]);
    expect(chart.rows[0]!["A:at"]).toBeCloseTo(1 / 3, 12);
    expect(chart.rows[0]!["B:hat"]).toBe(1);
    expect(chart.rows[1]!["A:at"]).toBeCloseTo(2 / 3, 12);
    expect(Object.keys(chart.rows[2]!)).toEqual(["k", "A:at", "A:hat"]);
    expect(chart.rows[2]!["A:hat"]).toBe(0);
    expect(chart.series.map((s) => s.key)).toEqual(["A:at", "A:hat", "B:at", "B:hat"]);
  });

  it("draws nothing for a run without a counted task", () => {
    const chart = passAtKCurvesChart([{ letter: "A", curves: runPassAtK([{ counted: 0, passes: 0 }]) }]);
    expect(chart).toEqual({ rows: [], series: [] });
  });
});
