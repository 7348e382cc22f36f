import { isJsonObject } from "../json";
import type { Json, JsonObject, NormalizedCheck } from "../types";
import { SCORE_FIELDS, type TScore } from "./schema";

/** What one score value says: a verdict with its credit, or why it is not graded. */
type Verdict =
  { graded: true; passed: boolean; score: number } | { graded: false; reason: string; unrecognised: boolean };

const WORDS: Readonly<Record<string, Verdict>> = {
  C: { graded: true, passed: true, score: 1 },
  CORRECT: { graded: true, passed: true, score: 1 },
  YES: { graded: true, passed: true, score: 1 },
  TRUE: { graded: true, passed: true, score: 1 },
  I: { graded: true, passed: false, score: 0 },
  INCORRECT: { graded: true, passed: false, score: 0 },
  NO: { graded: true, passed: false, score: 0 },
  FALSE: { graded: true, passed: false, score: 0 },
  // Partially correct: half credit, and not a pass (only a correct answer completes the sample).
  P: { graded: true, passed: false, score: 0.5 },
  PARTIAL: { graded: true, passed: false, score: 0.5 },
  N: { graded: false, reason: "no answer (N)", unrecognised: false },
  NOANSWER: { graded: false, reason: "no answer (N)", unrecognised: false },
};

/** A number's verdict: credit clipped to [0, 1]; passed only at full credit. */
function numberVerdict(x: number): Verdict {
  const score = Math.min(1, Math.max(0, x));
  return { graded: true, passed: score >= 1, score };
}

/**
 * Inspect's score values as verdicts (as its value_to_float reads them): C / I / P / N -> 1 / 0 / 0.5 / not
 * graded; yes/no and true/false; numbers and numeric strings; booleans. Anything else is not graded.
 */
export function valueVerdict(value: Json): Verdict {
  if (typeof value === "boolean") return { graded: true, passed: value, score: value ? 1 : 0 };
  if (typeof value === "number") return numberVerdict(value);
  if (value === null) return { graded: false, reason: "no value", unrecognised: false };
  if (typeof value === "string") {
    const word = value.trim().toUpperCase();
    if (Object.hasOwn(WORDS, word)) return WORDS[word]!;
    const n = Number(value);
    if (value.trim() !== "" && Number.isFinite(n)) return numberVerdict(n);
  }
  const shown = JSON.stringify(value);
  return {
    graded: false,
    reason: `value ${shown.length > 60 ? `${shown.slice(0, 59)}…` : shown} is not C/I/P/N, a number or a boolean`,
    unrecognised: true,
  };
}

/** The score's fields other than the mapped ones (answer, metadata, history…), with this check's raw value. */
function scoreMetadata(raw: JsonObject, value: Json): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(raw)) if (!SCORE_FIELDS.has(k)) out[k] = v;
  out.value = value;
  return out;
}

export interface ScorerChecks {
  checks: NormalizedCheck[];
  warnings: string[];
}

/**
 * One check per scorer (key = scorer name), or per key of a dict value (`scorer/key`) and per item of a list
 * value (`scorer[i]`). Every scorer is required; the explanation is the detail, the answer and raw value metadata.
 */
export function scorerChecks(scores: ReadonlyArray<[string, TScore, JsonObject]>): ScorerChecks {
  const checks: NormalizedCheck[] = [];
  const warnings: string[] = [];
  const add = (key: string, value: Json, score: TScore, raw: JsonObject) => {
    const verdict = valueVerdict(value);
    if (!verdict.graded && verdict.unrecognised) warnings.push(`scorer ${key}: ${verdict.reason}: not graded`);
    const metadata = scoreMetadata(raw, value);
    checks.push({
      order: checks.length,
      key,
      label: key,
      passed: verdict.graded ? verdict.passed : null,
      score: verdict.graded ? verdict.score : null,
      required: true,
      dimension: "correctness",
      status: verdict.graded ? "graded" : "not_assigned",
      weight: null,
      failureTag: null,
      detail: score.explanation ?? null,
      reason: verdict.graded ? null : verdict.reason,
      evidenceRefs: [],
      metadata,
    });
  };
  for (const [name, score, raw] of scores) {
    const value = (score.value ?? null) as Json;
    if (isJsonObject(value)) for (const [k, v] of Object.entries(value)) add(`${name}/${k}`, v, score, raw);
    else if (Array.isArray(value)) value.forEach((v, i) => add(`${name}[${i}]`, v, score, raw));
    else add(name, value, score, raw);
  }
  return { checks, warnings };
}
