import type { Review, ReviewVerdict } from "./review-types";

/**
 * Each reviewer's standing review of one verdict: their newest (by `at`, then by order given), none when that
 * newest one is a withdrawal.
 */
export function standingReviews(reviews: readonly Review[]): Review[] {
  const newest = new Map<string, Review>();
  for (const r of reviews) {
    const held = newest.get(r.reviewer);
    if (held === undefined || r.at >= held.at) newest.set(r.reviewer, r);
  }
  return [...newest.values()].filter((r) => r.withdrawn !== true);
}

export interface Consensus {
  /** The reviewers' verdict, or null when it stays as recorded: no review, a tie, or "unsure" the most said. */
  verdict: "pass" | "fail" | null;
  counts: Record<ReviewVerdict, number>;
}

/**
 * The reviewers' verdict on one recorded verdict, from their standing reviews: the verdict most of them gave,
 * when it is pass or fail and no other verdict was given as often. A tie, or "unsure" as the most given, keeps
 * the recorded verdict (and is counted, so the page can say how many stayed undecided).
 */
export function consensus(standing: readonly Review[]): Consensus {
  const counts: Record<ReviewVerdict, number> = { pass: 0, fail: 0, unsure: 0 };
  for (const r of standing) counts[r.verdict] += 1;
  const top = Math.max(counts.pass, counts.fail, counts.unsure);
  const atTop = (["pass", "fail", "unsure"] as const).filter((v) => counts[v] === top);
  const [only] = atTop;
  const verdict = top > 0 && atTop.length === 1 && only !== undefined && only !== "unsure" ? only : null;
  return { verdict, counts };
}
