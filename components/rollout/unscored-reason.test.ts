import { describe, expect, it } from "vitest";
import { unscoredReason } from "./unscored-reason";

interface Case {
  status?: "scored" | "unscored";
  error?: string | null;
  warnings?: string[];
  checks?: { status: "graded" | "not_assigned" | "error" }[];
}
const reason = (c: Case) =>
  unscoredReason({
    status: c.status ?? "unscored",
    error: c.error ?? null,
    warnings: c.warnings ?? [],
    checks: c.checks ?? [],
  });

describe("unscoredReason", () => {
  it("is null for a scored rollout", () => {
    expect(reason({ status: "scored" })).toBeNull();
  });
  it("names a recorded error first, then what the checks lacked", () => {
    expect(reason({ error: "Verifier crashed: KeyError", checks: [{ status: "error" }] })).toBe(
      "an error was recorded; no check was graded",
    );
    expect(reason({ error: "boom", warnings: ["no required check was graded: without a verdict …"] })).toBe(
      "an error was recorded; no required check was graded",
    );
  });
  it("uses the ingest warning that explains it", () => {
    expect(
      reason({
        warnings: [
          "no required checks: a verifier with no required check cannot grade, so this rollout is stored unscored",
        ],
      }),
    ).toBe("no required checks");
  });
  it("falls back to the checks", () => {
    expect(reason({ checks: [{ status: "error" }] })).toBe("no check was graded");
  });
});
