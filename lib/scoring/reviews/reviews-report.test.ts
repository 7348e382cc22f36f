import { describe, expect, it } from "vitest";
import { reviewsReport, type ReviewedVerdict } from "./reviews-report";
import type { Review, ReviewVerdict } from "./review-types";

const AT = "2026-12-01T10:00:00Z";
function verdict(
  rollout: string,
  check: string,
  grader: ReviewedVerdict["grader"],
  recorded: boolean | null,
  said: [string, ReviewVerdict][],
): ReviewedVerdict {
  const reviews: Review[] = said.map(([reviewer, v]) => ({ rollout, check, verdict: v, reason: "", reviewer, at: AT }));
  return { task: "t", rollout, check, grader, recorded, reviews };
}

describe("reviewsReport", () => {
  it("pairs each reviewed verdict with the reviewers' consensus, per check key and per grader kind", () => {
    const report = reviewsReport([
      verdict("r1", "C3", "model", false, [
        ["ana", "pass"],
        ["bo", "pass"],
      ]), // a false fail
      verdict("r2", "C3", "model", true, [["ana", "pass"]]),
      verdict("r3", "C3", "model", false, [
        ["ana", "pass"],
        ["bo", "fail"],
      ]), // a tie: stays as recorded
      verdict("r4", "C3", "model", true, []), // no review: not counted
      verdict("r1", "C1", "code", true, [["ana", "pass"]]),
    ]);
    expect(report.reviewed).toBe(4);
    expect(report.reviews).toBe(6);
    expect(report.byCheck.map((r) => [r.check, r.grader, r.reviewed, r.undecided, r.n])).toEqual([
      ["C1", "code", 1, 0, 1],
      ["C3", "model", 3, 1, 2],
    ]);
    const c3 = report.byCheck[1]!;
    expect(c3.confusion).toEqual({ passPass: 1, passFail: 0, failPass: 1, failFail: 0 });
    expect(c3.agreement).toBe(0.5);
    // Reviewers on the same verdict: r1 (2 pass) agrees, r3 (pass, fail) does not: 1 pair of 2.
    expect(c3.reviewers).toMatchObject({ verdicts: 2, pairs: 2, agreement: 0.5 });
    expect(report.byGrader.map((g) => [g.grader, g.reviewed])).toEqual([
      ["code", 1],
      ["model", 3],
    ]);
  });
});
