import { describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../types";
import { scoreEditReviews } from "./score-edits";

const provenance = (author: string, at: string, reason: string | null = "grader misread the answer") => ({
  author,
  timestamp: at,
  reason,
});

describe("scoreEditReviews", () => {
  it("turns each edit a person made into a review: author, reason, time, verdict of the new value", () => {
    const metadata: JsonObject = {
      value: "C",
      history: [
        { value: "I", answer: "No", explanation: null, provenance: null },
        { value: "C", explanation: "it is yes", provenance: provenance("ana", "2026-03-01T10:00:00+00:00") },
        { value: "UNCHANGED", explanation: "typo", provenance: provenance("bo", "2026-03-01T11:00:00Z") },
        { value: 0.5, provenance: provenance("cy", "2026-03-01T12:00:00Z", null), explanation: "half right" },
        { value: "I", provenance: provenance("dee", "not a time") },
      ],
    };
    expect(scoreEditReviews({ rollout: "1#1", check: "match", metadata })).toEqual([
      {
        rollout: "1#1",
        check: "match",
        verdict: "pass",
        reason: "grader misread the answer",
        reviewer: "ana",
        at: "2026-03-01T10:00:00.000Z",
      },
      {
        rollout: "1#1",
        check: "match",
        verdict: "unsure",
        reason: "half right",
        reviewer: "cy",
        at: "2026-03-01T12:00:00.000Z",
      },
    ]);
  });

  it("reads the part of a dict or list value its check stands for, and nothing from a history it cannot read", () => {
    const history: Json = [{ value: { accuracy: 0, style: 1 }, provenance: provenance("ana", "2026-03-01T10:00:00Z") }];
    expect(scoreEditReviews({ rollout: "1#1", check: "judge/accuracy", metadata: { history } })[0]!.verdict).toBe(
      "fail",
    );
    expect(scoreEditReviews({ rollout: "1#1", check: "judge/style", metadata: { history } })[0]!.verdict).toBe("pass");
    const list: Json = [{ value: [1, 0], provenance: provenance("ana", "2026-03-01T10:00:00Z") }];
    expect(scoreEditReviews({ rollout: "1#1", check: "s[1]", metadata: { history: list } })[0]!.verdict).toBe("fail");
    expect(scoreEditReviews({ rollout: "1#1", check: "match", metadata: { history: "nonsense" } })).toEqual([]);
    expect(scoreEditReviews({ rollout: "1#1", check: "match", metadata: {} })).toEqual([]);
  });
});
