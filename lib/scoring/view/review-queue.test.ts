import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { levers } from "../report/levers";
import { reviewProgress, reviewQueue, standingByReviewer } from "./review-queue";

describe("reviewQueue on the scoring-article run", () => {
  const all = levers(scoringArticle, {}, Number.POSITIVE_INFINITY);

  it("starts with the top lever, then goes by |lever|, failures first among equals", () => {
    const queue = reviewQueue(scoringArticle, all, () => "unknown");
    const top = all[0]!;
    expect(queue[0]).toMatchObject({ task: top.task, check: top.check, lever: top.delta });
    const moves = queue.map((q) => Math.abs(q.lever));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    // Every graded verdict once: 5 + 5 + 4 (csv-conversion G1 is not graded).
    expect(queue).toHaveLength(14);
    const even = queue.filter((q) => q.lever === 0);
    expect(even.findIndex((q) => q.recorded)).toBeGreaterThan(even.findIndex((q) => !q.recorded));
  });

  it("puts model-judged verdicts first, whatever their lever", () => {
    const queue = reviewQueue(scoringArticle, all, (_task, check) => (check === "A1" ? "model" : "code"));
    expect(queue.slice(0, 3).map((q) => q.check)).toEqual(["A1", "A1", "A1"]);
    expect(queue[3]).toMatchObject({ task: all[0]!.task, check: all[0]!.check });
  });
});

describe("reviewProgress", () => {
  it("counts each reviewer's standing reviews of the queue's verdicts; a withdrawal or change counts once or not", () => {
    const queue = reviewQueue(scoringArticle, [], () => "unknown");
    const at = (h: number) => `2026-03-01T${String(h).padStart(2, "0")}:00:00.000Z`;
    const r = (reviewer: string, check: string, h: number, withdrawn?: boolean) => ({
      rollout: "checkout",
      check,
      verdict: "pass" as const,
      reason: "",
      reviewer,
      at: at(h),
      ...(withdrawn ? { withdrawn } : {}),
    });
    const standing = standingByReviewer([
      r("bo", "C1", 1),
      r("ana", "C3", 1),
      r("ana", "C3", 2),
      r("ana", "C1", 3),
      r("bo", "C1", 4, true),
      r("cy", "C2", 1),
      r("cy", "nope", 1),
    ]);
    expect(reviewProgress(queue, standing)).toEqual([
      { reviewer: "ana", done: 2 },
      { reviewer: "cy", done: 1 },
    ]);
  });
});
