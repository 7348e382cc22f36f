import { describe, expect, it } from "vitest";
import { failedRequiredFirst, type CheckSideText } from "./side-by-side";

const check = (key: string, verdict: CheckSideText["verdict"], required: boolean): CheckSideText => ({
  key,
  label: key,
  required,
  verdict,
  score: verdict === "pass" ? 1 : 0,
  order: 0,
  detail: null,
  reason: null,
  failureTag: null,
});

describe("failedRequiredFirst", () => {
  it("failed required, then other failures, then the rest, each group in stored order", () => {
    const checks = [
      check("ok", "pass", true),
      check("soft", "fail", false),
      check("hard-1", "fail", true),
      check("ungraded", "not-graded", true),
      check("hard-2", "fail", true),
    ];
    expect(failedRequiredFirst(checks).map((c) => c.key)).toEqual(["hard-1", "hard-2", "soft", "ok", "ungraded"]);
  });
});
