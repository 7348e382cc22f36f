import { isJsonObject } from "../json";
import type { Json, JsonObject, NormalizedCheck } from "../types";
import { findManifestCheck } from "./manifest";
import { CHECK_FIELDS, type TManifestTask, type TSiloCheck } from "./schema";

export const DEFAULT_DIMENSION = "correctness";

/**
 * Authority checks are gates (required), grounding checks are optional, any other is required
 * (docs/scoring.md#dimensions).
 */
export function defaultRequired(dimension: string): boolean {
  return dimension !== "grounding";
}

/** The fields of a raw object that Tally does not map, verbatim. */
export function unknownFields(raw: Json | undefined, known: ReadonlySet<string>): JsonObject {
  const out: JsonObject = {};
  if (!isJsonObject(raw)) return out;
  for (const [key, value] of Object.entries(raw)) if (!known.has(key)) out[key] = value;
  return out;
}

/**
 * One Silo check as Tally stores it. A check is graded only when it carries a verdict and its status does not
 * say otherwise; a check that is not graded has passed and score null and never counts as failed.
 */
export function normaliseCheck(
  check: TSiloCheck,
  raw: Json | undefined,
  order: number,
  declared: TManifestTask | undefined,
  intern: (s: string) => string = (s) => s,
): { check: NormalizedCheck; warning: string | null } {
  const id = check.id === undefined ? null : String(check.id);
  const fromManifest = findManifestCheck(declared, { id, label: check.label });
  const dimension = check.dimension ?? fromManifest?.dimension ?? DEFAULT_DIMENSION;
  const required = check.required ?? fromManifest?.required ?? defaultRequired(dimension);
  const verdict = check.passed ?? null;
  const notGradedStatus = check.status === "not_assigned" || check.status === "error" ? check.status : null;
  const graded = notGradedStatus === null && verdict !== null;

  let warning: string | null = null;
  if (notGradedStatus !== null && verdict !== null) {
    warning = `check "${check.label}" has status ${notGradedStatus} but passed ${verdict}: stored as not graded`;
  }
  return {
    check: {
      order,
      key: intern(id ?? check.label),
      label: intern(check.label),
      passed: graded ? verdict : null,
      score: graded ? (check.score ?? (verdict ? 1 : 0)) : null,
      required,
      dimension: intern(dimension),
      status: graded ? "graded" : (notGradedStatus ?? "not_assigned"),
      weight: check.weight ?? null,
      failureTag: check.failureTag ?? null,
      detail: check.detail ?? null,
      reason: check.reason ?? null,
      evidenceRefs: check.evidenceRefs ?? [],
      metadata: unknownFields(raw, CHECK_FIELDS),
    },
    warning,
  };
}
