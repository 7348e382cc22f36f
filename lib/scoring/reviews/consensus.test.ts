import { describe, expect, it } from "vitest";
import { consensus, standingReviews } from "./consensus";
import type { Review, ReviewVerdict } from "./review-types";

const review = (reviewer: string, verdict: ReviewVerdict, at: string, withdrawn?: boolean): Review => ({
  rollout: "r1",
  check: "C3",
  verdict,
  reason: "",
  reviewer,
  at,
  ...(withdrawn === undefined ? {} : { withdrawn }),
});

describe("standingReviews", () => {
  it("keeps each reviewer's newest review, and none when that one is a withdrawal", () => {
    const reviews = [
      review("ana", "pass", "2026-12-01T10:00:00Z"),
      review("ana", "fail", "2026-12-01T11:00:00Z"),
      review("bo", "pass", "2026-12-01T10:00:00Z"),
      review("bo", "pass", "2026-12-01T12:00:00Z", true),
    ];
    expect(standingReviews(reviews).map((r) => [r.reviewer, r.verdict])).toEqual([["ana", "fail"]]);
  });
});

describe("consensus", () => {
  const of = (...verdicts: ReviewVerdict[]) =>
    consensus(verdicts.map((v, i) => review(`r${i}`, v, "2026-12-01T10:00:00Z")));

  it("the verdict most reviewers gave", () => {
    expect(of("pass", "pass", "fail").verdict).toBe("pass");
    expect(of("fail").verdict).toBe("fail");
    expect(of("fail", "unsure").verdict).toBeNull();
    expect(of("fail", "fail", "unsure").counts).toEqual({ pass: 0, fail: 2, unsure: 1 });
  });

  it("a tie, unsure the most, or no review keeps the recorded verdict", () => {
    expect(of("pass", "fail").verdict).toBeNull();
    expect(of("unsure", "unsure", "pass").verdict).toBeNull();
    expect(of("pass", "pass", "unsure", "unsure").verdict).toBeNull();
    expect(of().verdict).toBeNull();
  });
});
