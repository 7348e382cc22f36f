import { describe, expect, it } from "vitest";
import { fisherOneSided } from "./fisher-exact";
import { seriesHistory, type TaskRunResult } from "./task-history";

/** Passes of 5 per run, in series order (null: the run does not have the task). */
const of = (...passes: (number | null)[]): (TaskRunResult | null)[] =>
  passes.map((p) => (p === null ? null : { passes: p, counted: 5 }));

describe("fisherOneSided", () => {
  it("is the hypergeometric tail", () => {
    // 15 of 15 before, 0 of 25 after: P(X ≤ 0) = 1/C(40, 25) = 1/40,225,345,056.
    expect(fisherOneSided(15, 15, 0, 25).lower).toBeCloseTo(1 / 40_225_345_056, 20);
    // 5 of 5, then 15 of 35 (K = 20): X ≥ 15 always, P(X = 15) = C(20,15)·C(20,20)/C(40,35) = 15,504/658,008.
    expect(fisherOneSided(5, 5, 15, 35).lower).toBeCloseTo(15_504 / 658_008, 12);
    expect(fisherOneSided(2, 4, 2, 4)).toMatchObject({ lower: expect.any(Number), higher: expect.any(Number) });
  });
});

describe("seriesHistory", () => {
  // Eight runs of five rollouts per task (docs/scoring.md, "A history of every task").
  const history = seriesHistory(
    new Map([
      ["fails-from-4", of(5, 5, 5, 0, 0, 0, 0, 0)],
      ["flickers", of(5, 0, 5, 0, 5, 0, 5, 0)],
      ["fixed-in-6", of(0, 0, 0, 0, 0, 5, 5, 5)],
      ["never", of(0, 0, 0, 0, 0, 0, 0, 0)],
      ["always", of(5, 5, 5, 5, 5, 5, 5, 5)],
      ["new", of(null, null, null, null, null, null, 5, 4)],
    ]),
  );
  const task = (key: string) => history.tasks.find((t) => t.task === key)!;

  it("a task failing from run 4 on stopped passing since run 4, the last good one run 3", () => {
    // Best split after run 3: 15/15 then 0/25, p = 1/C(40,25); × 7 splits × 2 directions.
    expect(task("fails-from-4")).toMatchObject({ trend: "stopped-passing", since: 3, lastBefore: 2 });
    expect(task("fails-from-4").p).toBeCloseTo(14 / 40_225_345_056, 20);
  });

  it("a task fixed in run 6 is fixed since run 6", () => {
    expect(task("fixed-in-6")).toMatchObject({ trend: "fixed", since: 5, lastBefore: 4 });
  });

  it("a flickering task is flaky, not a regression, although its best split alone is below 0.05", () => {
    // Its best splits (after run 1, or before run 8) give 15,504/658,008 = 0.0236; × 14 = 0.33.
    expect(task("flickers")).toMatchObject({ trend: "flaky", since: null, passedRuns: 4, failedRuns: 4 });
    expect(task("flickers").p).toBeCloseTo((14 * 15_504) / 658_008, 12);
    expect(history.uncorrected).toBe(3);
  });

  it("never passed, always passed, and a task in two runs", () => {
    expect(task("never").trend).toBe("never-passed");
    expect(task("always").trend).toBe("always-passed");
    expect(task("new")).toMatchObject({ trend: "steady", passedRuns: 2 });
  });
});
