import { defaultRequired, DEFAULT_DIMENSION, unknownFields } from "../silo/checks";
import type { JsonObject, NormalizedCheck } from "../types";
import { VERDICT_FIELDS, type TVerdict } from "./schema";

/** Full credit, with room for a judge's floating-point sums. */
const FULL_CREDIT = 1 - 1e-9;

/**
 * passed of a verdict: its explicit `passed`, else full credit (score 1). A partial score is not a pass: the
 * score carries the partial credit into correctness and reward, but a required item at 0.6 fails completion.
 */
export function verdictPassed(v: Pick<TVerdict, "passed" | "score">): boolean | null {
  if (typeof v.passed === "boolean") return v.passed;
  if (typeof v.score === "number") return v.score >= FULL_CREDIT;
  return null;
}

/** One verdict record as a check: key = rubric_id; reason, failure tag and evidence kept beside the verdict. */
export function verdictCheck(
  v: TVerdict,
  raw: JsonObject,
  order: number,
): { check: NormalizedCheck; warning: string | null } {
  const key = String(v.rubric_id);
  const dimension = v.dimension ?? DEFAULT_DIMENSION;
  const notGraded = v.status === "not_assigned" || v.status === "error" ? v.status : null;
  const passed = verdictPassed(v);
  const graded = notGraded === null && passed !== null;
  const hasVerdict = (v.score !== undefined && v.score !== null) || (v.passed !== undefined && v.passed !== null);
  const warning =
    notGraded !== null && hasVerdict
      ? `rubric ${key} has status ${notGraded} but a score or verdict: stored as not graded`
      : null;
  return {
    check: {
      order,
      key,
      label: v.label ?? key,
      passed: graded ? passed : null,
      score: graded ? (v.score ?? (passed ? 1 : 0)) : null,
      required: v.required ?? defaultRequired(dimension),
      dimension,
      status: graded ? "graded" : (notGraded ?? "not_assigned"),
      weight: null,
      failureTag: v.failure_tag ?? null,
      detail: v.detail ?? null,
      reason: v.reason ?? null,
      evidenceRefs: (v.evidence_refs ?? []).map(String),
      metadata: unknownFields(raw, VERDICT_FIELDS),
    },
    warning,
  };
}
