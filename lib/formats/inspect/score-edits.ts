import { z } from "zod";
import type { Review, ReviewVerdict } from "@/lib/scoring/reviews/review-types";
import type { Json, JsonObject } from "../types";
import { valueVerdict } from "./values";

/**
 * Inspect's `Score.history`: the score's edits (ScoreEdit), each with its provenance (who, when, why) once a
 * person made it; the first entry Inspect writes is the original score, without provenance.
 */
const ZScoreHistory = z.array(
  z.looseObject({
    value: z.unknown().optional(),
    explanation: z.string().nullish(),
    provenance: z
      .looseObject({ author: z.string().min(1), reason: z.string().nullish(), timestamp: z.string().min(1) })
      .nullish(),
  }),
);

/** The part of an edit's value that a check stands for: the scorer's value, or its `/key` or `[i]` part. */
function partOf(value: unknown, check: string): Json | undefined {
  const dict = /\/([^/]+)$/.exec(check);
  const item = /\[(\d+)\]$/.exec(check);
  if (item && Array.isArray(value)) return value[Number(item[1])] as Json | undefined;
  if (dict && value !== null && typeof value === "object" && !Array.isArray(value))
    return (value as JsonObject)[dict[1]!];
  return value as Json;
}

/** An edited value as a review's verdict: a pass or a full fail; partial credit or no answer is unsure. */
function verdictOf(value: Json): ReviewVerdict {
  const v = valueVerdict(value);
  if (!v.graded) return "unsure";
  if (v.passed) return "pass";
  return v.score === 0 ? "fail" : "unsure";
}

/**
 * The score edits of an Inspect check (its stored metadata's `history`) as reviews: one per edit a person made
 * (with provenance) that changes the value, reviewer = its author, reason = its reason (else the edit's
 * explanation), time = its timestamp. A history Tally cannot read gives none.
 */
export function scoreEditReviews(check: { rollout: string; check: string; metadata: JsonObject }): Review[] {
  const history = ZScoreHistory.safeParse(check.metadata.history);
  if (!history.success) return [];
  const out: Review[] = [];
  for (const edit of history.data) {
    if (!edit.provenance || edit.value === undefined || edit.value === "UNCHANGED") continue;
    const at = new Date(edit.provenance.timestamp);
    if (Number.isNaN(at.getTime())) continue;
    const part = partOf(edit.value, check.check);
    if (part === undefined) continue;
    out.push({
      rollout: check.rollout,
      check: check.check,
      verdict: verdictOf(part),
      reason: edit.provenance.reason ?? edit.explanation ?? "",
      reviewer: edit.provenance.author,
      at: at.toISOString(),
    });
  }
  return out;
}
