import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import type { ScoringRollout } from "../core/types";
import { effort, quantile } from "./effort";
import { computeReport } from "./report";

const pass = [check("c", true)];
const fail = [check("c", false)];

// Task A: a1 passes cheaply, a2 fails, a3 fails after 20 tool calls (5× A's median of 4), a4 passes with no
// measure. Task B: b1 passes; b2 is unscored but spent the most.
const ROLLOUTS: ScoringRollout[] = [
  rollout("a1", "A", pass, { measures: { costUsd: 0.1, toolCalls: 3, tokens: 1000, durationMs: 10000 } }),
  rollout("a2", "A", fail, { measures: { costUsd: 0.3, toolCalls: 4, tokens: 1200, durationMs: 12000 } }),
  rollout("a3", "A", fail, { measures: { costUsd: 0.2, toolCalls: 20, tokens: 1100, durationMs: 11000 } }),
  rollout("a4", "A", pass),
  rollout("b1", "B", pass, { measures: { costUsd: 0.4, toolCalls: 5 } }),
  rollout("b2", "B", [check("c", null)], { status: "unscored", measures: { costUsd: 1, toolCalls: 2 } }),
];
const RUN = run([task("A"), task("B")], ROLLOUTS);

describe("quantile", () => {
  it("interpolates linearly between ranks", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([2, 3, 4, 5, 20], 0.9)).toBeCloseTo(14, 12); // rank 3.6: 5 + 0.6 × 15
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });
});

describe("report effort (hand-derived)", () => {
  const report = computeReport(RUN);

  it("cost: five of six rollouts record it; per pass divides their spend by the two passes among them", () => {
    expect(report.passRate.passes).toBe(3); // a1, a4, b1; a4 records nothing
    const cost = report.effort.costUsd;
    expect(cost).toMatchObject({ recorded: 5, rollouts: 6, passes: 2 }); // a1 and b1 passed of a1 a2 a3 b1 b2
    expect(cost.total).toBeCloseTo(2.0, 12); // 0.1 + 0.3 + 0.2 + 0.4 + 1 (b2 unscored: its spend counts)
    expect(cost.median).toBeCloseTo(0.3, 12); // 0.1 0.2 [0.3] 0.4 1
    expect(cost.p90).toBeCloseTo(0.76, 12); // rank 3.6: 0.4 + 0.6 × 0.6
    expect(cost.perPass).toBeCloseTo(1, 12); // 2.0 ÷ 2, not ÷ the run's 3 passes
    expect(cost.perRollout).toBeCloseTo(0.4, 12); // 2.0 ÷ 5
  });

  it("tool calls and tokens", () => {
    const close = (v: number) => expect.closeTo(v, 9);
    expect(report.effort.toolCalls).toEqual({
      recorded: 5,
      rollouts: 6,
      passes: 2,
      total: 34,
      median: 4,
      p90: close(14),
      perPass: 17, // 34 ÷ 2 (a1, b1)
      perRollout: close(6.8), // 34 ÷ 5
    });
    // tokens 1000 1100 1200 (a1 a3 a2), a1 the one pass: p90 at rank 1.8 = 1100 + 0.8 × 100
    expect(report.effort.tokens).toEqual({
      recorded: 3,
      rollouts: 6,
      passes: 1,
      total: 3300,
      median: 1100,
      p90: close(1180),
      perPass: 3300,
      perRollout: 1100,
    });
  });

  it("a measure no rollout records has recorded 0 and null figures (never 0)", () => {
    for (const key of ["cachedTokens", "steps", "agentMs", "inputTokens"] as const)
      expect(report.effort[key]).toEqual({
        recorded: 0,
        rollouts: 6,
        passes: 0,
        total: null,
        median: null,
        p90: null,
        perPass: null,
        perRollout: null,
      });
  });

  it("names the rollout whose tool calls exceed 3× its task's median; B's 5 against 3.5 is not one", () => {
    expect(report.effortOutliers).toEqual([
      { rollout: "a3", task: "A", measure: "toolCalls", value: 20, taskMedian: 4, ratio: 5 },
    ]);
  });

  it("each rollout carries every measure key, null where not recorded", () => {
    const byId = new Map(report.rollouts.map((r) => [r.id, r.measures]));
    expect(byId.get("a1")).toMatchObject({ costUsd: 0.1, toolCalls: 3, tokens: 1000, durationMs: 10000, steps: null });
    expect(Object.values(byId.get("a4")!)).toEqual(Array(10).fill(null));
    expect(Object.keys(byId.get("a4")!)).toHaveLength(10);
  });

  it("measures never change a score", () => {
    const bare = computeReport(
      run(
        [...RUN.tasks],
        ROLLOUTS.map(({ measures: _, ...r }) => r),
      ),
    );
    const { effort: _e, effortOutliers: _o, rollouts: withRows, ...scores } = report;
    const { effort: _e2, effortOutliers: _o2, rollouts: bareRows, ...bareScores } = bare;
    expect(scores).toEqual(bareScores);
    expect(withRows.map(({ measures: _, ...r }) => r)).toEqual(bareRows.map(({ measures: _, ...r }) => r));
  });

  it("no pass: per pass is null, the totals stand", () => {
    const e = effort([{ id: "x", task: "T", passed: false, measures: { costUsd: 0.5 } }]);
    expect(e.measures.costUsd).toEqual({
      recorded: 1,
      rollouts: 1,
      passes: 0,
      total: 0.5,
      median: 0.5,
      p90: 0.5,
      perPass: null,
      perRollout: 0.5,
    });
    expect(e).toMatchObject({ rollouts: 1, passes: 0, outliers: [] });
  });

  it("a pass that records nothing does not carry the spend of the rollouts that do", () => {
    const e = effort([
      { id: "spent", task: "T", passed: false, measures: { costUsd: 0.057 } },
      ...Array.from({ length: 9 }, (_, i) => ({ id: `p${i}`, task: "T", passed: true })),
    ]);
    expect(e.passes).toBe(9);
    expect(e.measures.costUsd).toMatchObject({
      recorded: 1,
      rollouts: 10,
      passes: 0,
      perPass: null,
      perRollout: 0.057,
    });
  });

  it("an unscored rollout is an outlier of its task like any other", () => {
    // T's tokens 100, 120, 900: median 120, the unscored crash spent 7.5× it.
    const crashRun = run(
      [task("T")],
      [
        rollout("a", "T", pass, { measures: { tokens: 100 } }),
        rollout("b", "T", fail, { measures: { tokens: 120 } }),
        rollout("crash", "T", [check("c", null)], { status: "unscored", measures: { tokens: 900 } }),
      ],
    );
    const crashReport = computeReport(crashRun);
    expect(crashReport.counts.unscored).toBe(1);
    expect(crashReport.effortOutliers).toEqual([
      { rollout: "crash", task: "T", measure: "tokens", value: 900, taskMedian: 120, ratio: 7.5 },
    ]);
    expect(crashReport.effort.tokens).toMatchObject({ recorded: 3, passes: 1, total: 1120, perPass: 1120 });
  });

  it("a task median of 0 names no outlier (no ratio to take)", () => {
    const zero = (id: string, toolCalls: number) => ({ id, task: "T", passed: true, measures: { toolCalls } });
    expect(effort([zero("a", 0), zero("b", 0), zero("c", 0), zero("d", 9)]).outliers).toEqual([]);
  });
});
