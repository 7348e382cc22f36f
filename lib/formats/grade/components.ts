import { isJsonObject } from "../json";
import type { Json, JsonObject, NormalizedCheck } from "../types";

/** Weights must sum to 1 within this tolerance, else a warning (docs/scoring.md#grades). */
const WEIGHT_TOLERANCE = 1e-6;
const DETAIL_LIMIT = 300;

/** A number as a reader wants it: 0.9, not 0.8999999999999999. */
export function shortNumber(x: number): string {
  return String(Number(x.toFixed(6)));
}

/** "weights sum to 0.9, not 1.0", or null when they sum to 1. */
export function weightSumWarning(weights: Readonly<Record<string, number>>): string | null {
  const sum = Object.values(weights).reduce((s, w) => s + w, 0);
  return Math.abs(sum - 1) <= WEIGHT_TOLERANCE ? null : `weights sum to ${shortNumber(sum)}, not 1.0`;
}

/** The reason a component was not graded when the grade's metadata says it was skipped, e.g. "skipped: gated on defect_matching". */
export function skippedReason(meta: Json | undefined): string | null {
  if (typeof meta === "string") return /^skipped\b/i.test(meta) ? meta : null;
  if (!isJsonObject(meta) || !("skipped" in meta)) return null;
  const skipped = meta.skipped;
  if (typeof skipped === "string" && skipped.trim() !== "") return `skipped: ${skipped}`;
  return skipped === true ? "skipped" : null;
}

/** A component's metadata as one line ("matched: heap-buffer-overflow; sanitizer: ASan"), for the check's detail. */
export function summarise(meta: Json | undefined): string | null {
  if (meta === undefined || meta === null) return null;
  if (!isJsonObject(meta)) return typeof meta === "string" ? meta : JSON.stringify(meta);
  const parts = Object.entries(meta).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
  if (parts.length === 0) return null;
  const text = parts.join("; ");
  return text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT - 1)}…` : text;
}

function listText(v: Json | undefined): string | null {
  if (!Array.isArray(v)) return typeof v === "number" ? String(v) : null;
  const shown = v
    .slice(0, 10)
    .map((x) => (typeof x === "string" ? x : JSON.stringify(x)))
    .join(", ");
  return `${v.length}${v.length > 0 ? `: ${shown}${v.length > 10 ? ", …" : ""}` : ""}`;
}

/** An audit grade's figures in one line ("recall 0.75 · precision 0.8 · found 3: D1, D2, D3 · missed 1: D4"), or null. */
export function auditSummary(metadata: Json | undefined): string | null {
  if (!isJsonObject(metadata)) return null;
  const parts: string[] = [];
  for (const k of ["recall", "precision"] as const) {
    const v = metadata[k];
    if (typeof v === "number") parts.push(`${k} ${shortNumber(v)}`);
  }
  for (const k of ["found", "missed"] as const) {
    const text = listText(metadata[k]);
    if (text !== null) parts.push(`${k} ${text}`);
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/**
 * passed for a subscore: true at full credit, false at 0, and for partial credit true when above 0 (the score
 * carries how much). Only the gate's verdict decides the rollout; the others are shown.
 */
export function subscorePassed(score: number): boolean {
  return score > 0;
}

export interface ComponentInput {
  subscores: Readonly<Record<string, number | null>>;
  weights: Readonly<Record<string, number>>;
  metadata: Json | undefined;
  gate: string | null;
}

/** One check per subscore, in the file's order; warnings for missing weights, stray weights and clipped scores. */
export function componentChecks(input: ComponentInput): { checks: NormalizedCheck[]; warnings: string[] } {
  const warnings: string[] = [];
  const meta = isJsonObject(input.metadata) ? input.metadata : {};
  const checks = Object.entries(input.subscores).map(([component, raw], order): NormalizedCheck => {
    const own = Object.hasOwn(meta, component) ? meta[component] : undefined;
    const checkMeta: JsonObject = isJsonObject(own) ? { ...own } : own === undefined ? {} : { value: own };
    let weight = Object.hasOwn(input.weights, component) ? input.weights[component] : undefined;
    if (weight === undefined) {
      warnings.push(`subscore ${component} has no weight: it counts 0 in the score`);
      weight = 0;
    }
    const score = raw === null ? null : Math.min(1, Math.max(0, raw));
    if (raw !== null && raw !== score) {
      warnings.push(`subscore ${component} = ${raw} is outside [0, 1]: clipped to ${score}`);
      checkMeta.rawSubscore = raw;
    }
    const skipped = skippedReason(own);
    if (skipped !== null && score !== null && score > 0) {
      warnings.push(`metadata says ${component} was ${skipped}, but its subscore is ${score}: kept as graded`);
    }
    const graded = score !== null && (skipped === null || score > 0);
    return {
      order,
      key: component,
      label: component,
      passed: graded ? subscorePassed(score) : null,
      score: graded ? score : null,
      required: component === input.gate,
      dimension: "correctness",
      status: graded ? "graded" : "not_assigned",
      weight,
      failureTag: null,
      detail: graded ? summarise(own) : (skipped ?? "no subscore"),
      reason: graded ? null : (skipped ?? "the grade gives this component no subscore"),
      evidenceRefs: [],
      metadata: checkMeta,
    };
  });
  const stray = Object.keys(input.weights).filter((k) => !Object.hasOwn(input.subscores, k));
  if (stray.length > 0) warnings.push(`weight given for ${stray.join(", ")} without a subscore: not counted`);
  return { checks, warnings };
}
