import { describe, expect, it } from "vitest";
import { countUnscoredReasons, unscoredReasonOf } from "./unscored-reason";

const facts = { status: "unscored" as const, errorCategory: null, error: null, warnings: [], anyGraded: false };

describe("unscoredReasonOf", () => {
  it("prefers the harness's error type, then a recorded error, then the ingest warning", () => {
    expect(unscoredReasonOf({ ...facts, errorCategory: "RewardFileNotFoundError", error: "x" })).toBe(
      "RewardFileNotFoundError",
    );
    expect(unscoredReasonOf({ ...facts, error: "boom" })).toBe("an error was recorded");
    expect(unscoredReasonOf({ ...facts, warnings: ["No required checks: every check is optional"] })).toBe(
      "No required checks",
    );
    expect(unscoredReasonOf(facts)).toBe("no reward and no graded check");
    expect(unscoredReasonOf({ ...facts, status: "scored", errorCategory: "X" })).toBeNull();
  });

  it("counts reasons, most first", () => {
    const u = (unscoredReason?: string) => ({
      status: "unscored" as const,
      ...(unscoredReason ? { unscoredReason } : {}),
    });
    expect(
      countUnscoredReasons([
        u("RuntimeError"),
        u("RewardFileNotFoundError"),
        u("RewardFileNotFoundError"),
        { status: "scored" },
        u(),
      ]),
    ).toEqual([
      { reason: "RewardFileNotFoundError", count: 2 },
      { reason: "RuntimeError", count: 1 },
      { reason: "no reason recorded", count: 1 },
    ]);
  });
});
