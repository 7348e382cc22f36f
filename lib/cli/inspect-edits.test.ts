import { describe, expect, it } from "vitest";
import type { RunReview } from "@/lib/store/records";
import { inspectEdits } from "./inspect-edits";

const r = (over: Partial<RunReview>): RunReview => ({
  task: "7",
  rollout: "7#1",
  check: "model_graded_qa",
  verdict: "fail",
  reason: "the answer names the wrong year",
  reviewer: "ana",
  at: "2026-03-01T10:00:00.000Z",
  ...over,
});

describe("inspectEdits", () => {
  it("writes one edit per decided verdict, the reviewers who decided it as author", () => {
    const out = inspectEdits([
      r({}),
      r({ reviewer: "bo", reason: "", at: "2026-03-01T11:00:00.000Z" }),
      r({ reviewer: "cy", verdict: "pass", reason: "fine" }),
      r({ rollout: "q-12#2", check: "match", verdict: "pass", reason: "format only" }),
      r({ rollout: "q-12#2", check: "scorer/key" }),
      r({ rollout: "q-13#1", verdict: "unsure" }),
      r({ rollout: "checkout/result", check: "C3" }),
    ]);
    expect(out.edits).toEqual([
      {
        sample_id: 7,
        epoch: 1,
        score_name: "model_graded_qa",
        edit: {
          value: "I",
          explanation: "the answer names the wrong year",
          provenance: {
            author: "ana, bo",
            reason: "reviewed in Tally: 2 of 3 reviewers said fail",
            timestamp: "2026-03-01T11:00:00.000Z",
          },
        },
      },
      {
        sample_id: "q-12",
        epoch: 2,
        score_name: "match",
        edit: {
          value: "C",
          explanation: "format only",
          provenance: {
            author: "ana",
            reason: "reviewed in Tally: 1 of 1 reviewers said pass",
            timestamp: "2026-03-01T10:00:00.000Z",
          },
        },
      },
    ]);
    expect(out.skipped.map((s) => s.why)).toEqual([
      "a part of a scorer's value: Inspect edits a whole score",
      "undecided: a tie or unsure",
      "not an Inspect sample id (<sample id>#<epoch>)",
    ]);
  });
});
