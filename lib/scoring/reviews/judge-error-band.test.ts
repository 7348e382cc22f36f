import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { computeReport } from "../report/report";
import type { TaskReview } from "./apply-reviews";
import { judgeErrorBand } from "./judge-error-band";

/**
 * The three-task example of docs/scoring.md#the-judge-error-band, worked by hand there: one model-judged
 * required check J, two rollouts per task.
 */
const threeTasks = run(
  [task("A"), task("B"), task("C")],
  [
    rollout("a1", "A", [check("J", true)]),
    rollout("a2", "A", [check("J", true)]),
    rollout("b1", "B", [check("J", true)]),
    rollout("b2", "B", [check("J", false)]),
    rollout("c1", "C", [check("J", false)]),
    rollout("c2", "C", [check("J", false)]),
  ],
);

const review = (task: string, rollout: string, verdict: "pass" | "fail"): TaskReview => ({
  task,
  rollout,
  check: "J",
  verdict,
  reason: "",
  reviewer: "ana",
  at: "2026-03-01T10:00:00.000Z",
});

const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-9);

describe("judge-error band, the three-task example", () => {
  const reviews = [review("A", "a1", "fail"), review("B", "b1", "pass"), review("C", "c1", "pass")];

  it("recorded 50%; reviewed 50%; band 33.3% to 83.3%", () => {
    near(computeReport(threeTasks).headline.value, 0.5);
    const band = judgeErrorBand(threeTasks, reviews)!;
    expect(band.metric).toBe("correctness");
    // Reviewed: a1 fails, c1 passes: A 1/2, B 1/2, C 1/2.
    near(band.reviewed, 0.5);
    // False-pass rate 1/2 (a1 of a1, b1): ⌈0.5 × 1⌉ = 1 of the unreviewed passes (a2) fails: A 0, B ½, C ½.
    near(band.low, 1 / 3);
    // False-fail rate 1/1 (c1): ⌈1 × 2⌉ = both unreviewed fails (b2, c2) pass: A ½, B 1, C 1.
    near(band.high, 2.5 / 3);
    expect(band.keys).toEqual([
      { check: "J", falsePassRate: 0.5, falseFailRate: 1, unreviewedPasses: 1, unreviewedFails: 2, down: 1, up: 2 },
    ]);
  });

  it("is the reviewed headline alone when the reviews agree with the grader", () => {
    const agreeing = [review("A", "a1", "pass"), review("C", "c1", "fail")];
    const band = judgeErrorBand(threeTasks, agreeing)!;
    near(band.low, 0.5);
    near(band.high, 0.5);
    expect(band.keys[0]).toMatchObject({ falsePassRate: 0, falseFailRate: 0, down: 0, up: 0 });
  });

  it("is null without a decided review", () => {
    expect(judgeErrorBand(threeTasks, [])).toBeNull();
    const tie = [review("A", "a1", "pass"), { ...review("A", "a1", "fail"), reviewer: "bo" }];
    expect(judgeErrorBand(threeTasks, tie)).toBeNull();
  });
});
