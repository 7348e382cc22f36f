import { unknownFields } from "../silo/checks";
import type { JsonObject, NormalizedCheck } from "../types";
import { MAPPED_TEST_FIELDS, type TCtrf } from "./schema";

/** CTRF statuses that are not verdicts: skipped and pending tests were not run, "other" is the report's unknown. */
const NOT_GRADED: Record<string, "not_assigned" | "error"> = {
  skipped: "not_assigned",
  pending: "not_assigned",
  other: "error",
};

/**
 * What a test says about itself: its message and, for a failed test, its trace (pytest puts the assertion that
 * failed there), as the multi-line text they are; null when it says nothing.
 */
function testDetail(message: string | null | undefined, trace: string | null | undefined): string | null {
  const parts = [message, trace].filter((p): p is string => typeof p === "string" && p.trim() !== "");
  if (parts.length === 2 && parts[1]!.includes(parts[0]!)) parts.shift();
  return parts.length > 0 ? parts.join("\n\n") : null;
}

/**
 * One required check per CTRF test, keyed by the test's name: passed -> true, failed -> false; skipped and
 * pending are not graded (not_assigned), any other status is not graded (error). Duration, trace and the rest
 * of the test are kept in the check's metadata.
 */
export function checksFromCtrf(ctrf: TCtrf, raw: JsonObject): { checks: NormalizedCheck[]; warnings: string[] } {
  const rawResults = raw.results as JsonObject | undefined;
  const rawTests = Array.isArray(rawResults?.tests) ? rawResults.tests : [];
  const checks = ctrf.results.tests.map((test, order): NormalizedCheck => {
    const status = test.status.toLowerCase();
    const verdict = status === "passed" ? true : status === "failed" ? false : null;
    return {
      order,
      key: test.name,
      label: test.name,
      passed: verdict,
      score: verdict === null ? null : verdict ? 1 : 0,
      required: true,
      dimension: "correctness",
      status: verdict === null ? (NOT_GRADED[status] ?? "error") : "graded",
      weight: null,
      failureTag: null,
      detail:
        testDetail(test.message, verdict === false ? test.trace : null) ?? (verdict === null ? `test ${status}` : null),
      reason: null,
      evidenceRefs: [],
      metadata: {
        ...unknownFields(rawTests[order], MAPPED_TEST_FIELDS),
        ...(verdict === null ? { ctrfStatus: test.status } : {}),
      },
    };
  });
  const warnings: string[] = [];
  const summary = ctrf.results.summary;
  if (summary) {
    const diffs: string[] = [];
    const counted = (field: "tests" | "passed" | "failed", actual: number) => {
      const stored = summary[field];
      if (typeof stored === "number" && stored !== actual) diffs.push(`${field} ${stored} vs ${actual}`);
    };
    counted("tests", checks.length);
    counted("passed", checks.filter((c) => c.passed === true).length);
    counted("failed", checks.filter((c) => c.passed === false).length);
    if (diffs.length > 0) warnings.push(`verifier/ctrf.json summary disagrees with its tests: ${diffs.join("; ")}`);
  }
  return { checks, warnings };
}
