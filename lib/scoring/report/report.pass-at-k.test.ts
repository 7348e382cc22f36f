import { describe, expect, it } from "vitest";
import { rollout, run, task } from "../__fixtures__/build";
import { computeReport } from "./report";

/** n reward-only rollouts of a task, the first c passing. */
const tries = (key: string, n: number, c: number) =>
  Array.from({ length: n }, (_, i) =>
    rollout(`${key}-${i}`, key, [], { rule: "reward", reportedReward: i < c ? 1 : 0 }),
  );

/*
 * Uneven rollout counts: T1 5 rollouts, 3 pass; T2 3, 1 passes; T3 4, none pass; T4 one unscored rollout (not
 * counted). K = min(5, 3, 4) = 3. Per task (pass@k = 1 − C(n−c, k)/C(n, k), pass^k = C(c, k)/C(n, k)):
 *   T1: pass@ 0.6, 0.9, 1      pass^ 0.6, 0.3, 0.1
 *   T2: pass@ 1/3, 2/3, 1      pass^ 1/3, 0, 0
 *   T3: pass@ 0, 0, 0          pass^ 0, 0, 0
 * Run (mean of the three): pass@ 0.3111, 0.5222, 0.6667; pass^ 0.3111, 0.1, 0.0333.
 */
const uneven = run(
  [task("T1"), task("T2"), task("T3"), task("T4")],
  [...tries("T1", 5, 3), ...tries("T2", 3, 1), ...tries("T3", 4, 0), rollout("T4-0", "T4", [], { status: "unscored" })],
);

describe("run-level pass@k and pass^k", () => {
  const r = computeReport(uneven);

  it("averages each counted task's unbiased estimate for k up to the fewest rollouts of a task", () => {
    expect(r.passAtKCoverage).toEqual({ maxK: 3, tasks: 3, of: 4 });
    expect(Object.keys(r.passAtK)).toEqual(["1", "2", "3"]);
    expect(r.passAtK["1"]).toBeCloseTo((0.6 + 1 / 3 + 0) / 3, 12);
    expect(r.passAtK["2"]).toBeCloseTo((0.9 + 2 / 3 + 0) / 3, 12);
    expect(r.passAtK["3"]).toBeCloseTo((1 + 1 + 0) / 3, 12);
    expect(r.passHatK["1"]).toBeCloseTo((0.6 + 1 / 3 + 0) / 3, 12);
    expect(r.passHatK["2"]).toBeCloseTo(0.3 / 3, 12);
    expect(r.passHatK["3"]).toBeCloseTo(0.1 / 3, 12);
  });

  it("pass@1 is the task-equal pass rate over the tasks counted", () => {
    expect(r.headline).toMatchObject({ metric: "completion", coverage: { tasks: 3, of: 4 } });
    expect(r.passAtK["1"]).toBeCloseTo(r.headline.value!, 12);
  });

  it("counts the unscored rollout as a try under the unscored-as-failure policy", () => {
    // T4 now has 1 counted rollout, 0 passes: K = 1, pass@1 = (0.6 + 1/3 + 0 + 0) / 4.
    const f = computeReport(uneven, { unscored: "fail" });
    expect(f.passAtKCoverage).toEqual({ maxK: 1, tasks: 4, of: 4 });
    expect(f.passAtK["1"]).toBeCloseTo((0.6 + 1 / 3) / 4, 12);
  });

  it("is empty for a run with no counted rollout", () => {
    const none = computeReport(run([task("T")], [rollout("x", "T", [], { status: "unscored" })]));
    expect(none).toMatchObject({ passAtK: {}, passHatK: {}, passAtKCoverage: { maxK: 0, tasks: 0, of: 1 } });
  });
});
