import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { computeReport } from "../report/report";
import { describeScenario } from "../scenario/describe-scenario";
import { parseScenario } from "../scenario/scenario";
import { scenarioParam } from "../scenario/scenario-edit";
import { reviewFlips, withReviews, type TaskReview } from "./apply-reviews";

const MISREAD = "64 is the total budget, not per instance: the grader misread";
const review = (over: Partial<TaskReview>): TaskReview => ({
  task: "incident/checkout",
  rollout: "checkout",
  check: "C3",
  verdict: "pass",
  reason: MISREAD,
  reviewer: "ana",
  at: "2026-03-01T10:00:00.000Z",
  ...over,
});
const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);

describe("reviews: apply on the scoring-article run", () => {
  const reviewed = reviewFlips([review({})]);

  it("reviewing checkout C3 as pass gives correctness 83.3% and completion 66.7%; recorded stays 72.2% / 33.3%", () => {
    // By hand: checkout's four required correctness checks all pass (4/4 = 1), so correctness is
    // (1 + 1 + 0.5) / 3 = 0.8333 (owner-lookup 1, csv-conversion 0.5), and checkout completes: 2/3 tasks.
    const applied = computeReport(scoringArticle, withReviews({ reviews: "apply" }, reviewed));
    near(applied.metrics.correctness?.value, 2.5 / 3);
    near(applied.metrics.completion?.value, 2 / 3);
    const recorded = computeReport(scoringArticle, {});
    near(recorded.metrics.correctness?.value, 0.7222);
    near(recorded.metrics.completion?.value, 1 / 3);
    // Without "apply" the reviews change nothing.
    expect(withReviews({}, reviewed)).toEqual({});
  });

  it("composes with the scenario's own flips, which come after and so win", () => {
    const flip = { task: "incident/checkout", rollout: "checkout", check: "C3", passed: false };
    const both = withReviews({ reviews: "apply", flips: [flip], unscored: "fail" }, reviewed);
    expect(both).toEqual({
      reviews: "apply",
      unscored: "fail",
      flips: [{ task: "incident/checkout", rollout: "checkout", check: "C3", passed: true }, flip],
    });
    near(computeReport(scoringArticle, both).metrics.correctness?.value, 0.7222);
  });

  it("is a scenario field with words, and nothing else is accepted in its place", () => {
    expect(parseScenario({ reviews: "apply" }).success).toBe(true);
    expect(parseScenario({ reviews: true }).success).toBe(false);
    // The URL keeps it through the what-if panel's edits.
    expect(scenarioParam({ reviews: "apply", unscored: "exclude" })).toBe('{"reviews":"apply"}');
    expect(describeScenario({ reviews: "apply" })).toEqual([
      "reviewed verdicts applied: the reviewers' verdict in place of the recorded one",
    ]);
  });
});

describe("reviewFlips", () => {
  it("takes the majority of standing reviews; a tie or unsure keeps the recorded verdict and is counted", () => {
    const out = reviewFlips([
      // C3: ana pass, bo fail, cy pass → pass.
      review({ reviewer: "ana" }),
      review({ reviewer: "bo", verdict: "fail" }),
      review({ reviewer: "cy" }),
      // C1: a tie, pass against fail → stays.
      review({ check: "C1", reviewer: "ana", verdict: "pass" }),
      review({ check: "C1", reviewer: "bo", verdict: "fail" }),
      // C2: unsure the most given → stays.
      review({ check: "C2", verdict: "unsure" }),
      // A1: ana changed her mind (newest wins) → fail.
      review({ check: "A1", verdict: "pass", at: "2026-03-01T09:00:00.000Z" }),
      review({ check: "A1", verdict: "fail", at: "2026-03-01T11:00:00.000Z" }),
      // G1: reviewed, then withdrawn → not reviewed.
      review({ check: "G1", verdict: "fail" }),
      review({ check: "G1", verdict: "fail", at: "2026-03-02T00:00:00.000Z", withdrawn: true }),
    ]);
    expect(out).toEqual({
      reviewed: 4,
      undecided: 2,
      flips: [
        { task: "incident/checkout", rollout: "checkout", check: "C3", passed: true },
        { task: "incident/checkout", rollout: "checkout", check: "A1", passed: false },
      ],
    });
  });
});
