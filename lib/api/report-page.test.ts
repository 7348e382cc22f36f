import { describe, expect, it } from "vitest";
import { statusOf } from "./error-shape";
import { ApiError } from "./errors";
import { checkWholeReport, WHOLE_REPORT_MAX_ROLLOUTS } from "./report-page";

describe("checkWholeReport", () => {
  it("answers a report whole up to the limit", () => {
    expect(WHOLE_REPORT_MAX_ROLLOUTS).toBe(100_000);
    expect(() => checkWholeReport("r1", 100_000)).not.toThrow();
  });

  it("refuses past it with 413, naming the run, its size and the paged queries", () => {
    let error: unknown;
    try {
      checkWholeReport("r1", 1_000_000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    const { code, message, details } = error as ApiError;
    expect(statusOf(code)).toBe(413);
    expect(message).toContain("Run r1 has 1,000,000 rollouts");
    expect(message).toContain("?rollouts=0");
    expect(message).toContain("?list=rollouts");
    expect(details).toEqual({ rollouts: 1_000_000, limit: 100_000 });
  });
});
