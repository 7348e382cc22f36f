import { REVIEW_LIMITS, ZReviewLine } from "@/lib/scoring/reviews/review-input";
import type { Review } from "@/lib/scoring/reviews/review-types";
import type { RunReview } from "@/lib/store/records";

/** Bytes of a review file `tally reviews import` reads: its line limit at a long reason each. */
export const MAX_REVIEW_FILE_BYTES = 64 * 1024 * 1024;

/** Reviews as JSON lines, one per review, oldest first: what `tally reviews export` writes and import reads. */
export function reviewLines(reviews: readonly RunReview[]): string {
  return reviews.map((r) => `${JSON.stringify(r)}\n`).join("");
}

export interface ParsedLines {
  reviews: Review[];
  /** The line (1-based) each review came from. */
  lines: number[];
}

/**
 * The reviews of a JSON-lines file; blank lines are skipped. A bad line throws an error naming the file, the
 * line and the field, and nothing is kept.
 */
export function parseReviewLines(text: string, file: string): ParsedLines {
  const out: ParsedLines = { reviews: [], lines: [] };
  const rows = text.split(/\r?\n/);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.trim() === "") continue;
    const at = `${file}:${i + 1}`;
    if (out.reviews.length >= REVIEW_LIMITS.lines)
      throw new Error(`${at}: more than ${REVIEW_LIMITS.lines} reviews in one file; split it`);
    let json: unknown;
    try {
      json = JSON.parse(row);
    } catch {
      throw new Error(`${at}: not valid JSON`);
    }
    const parsed = ZReviewLine.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.map(String).join(".") || "(line)";
      throw new Error(`${at}: ${field}: ${issue.message}`);
    }
    const { task: _task, ...review } = parsed.data;
    out.reviews.push({ ...review, at: new Date(review.at).toISOString() });
    out.lines.push(i + 1);
  }
  return out;
}
