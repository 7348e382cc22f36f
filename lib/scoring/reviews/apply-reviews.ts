import type { Scenario, ScenarioFlip } from "../scenario/scenario";
import { consensus, standingReviews } from "./consensus";
import type { Review } from "./review-types";

/** A review with the key of the task its rollout belongs to (as the store lists them). */
export type TaskReview = Review & { task: string };

/** The run's reviews as the what-if reads them: one flip per verdict the reviewers decided. */
export interface ReviewFlips {
  /** The reviewers' verdict of each decided verdict, as a flip of that rollout's check. */
  flips: ScenarioFlip[];
  /** Verdicts with a standing review. */
  reviewed: number;
  /** Of them, those that stay as recorded: a tie, or "unsure" the most given. */
  undecided: number;
}

/** Reviews by the verdict they judge (a rollout's check, keyed as JSON), verdicts in order of first review. */
export function reviewsByVerdict(reviews: readonly TaskReview[]): Map<string, TaskReview[]> {
  const byVerdict = new Map<string, TaskReview[]>();
  for (const r of reviews) {
    const key = JSON.stringify([r.rollout, r.check]);
    const list = byVerdict.get(key);
    if (list) list.push(r);
    else byVerdict.set(key, [r]);
  }
  return byVerdict;
}

/**
 * Each reviewed verdict (a rollout's check) decided by its reviewers' standing reviews (consensus.ts): a
 * flip to their verdict, or counted undecided. Flips in the order the verdicts were first reviewed.
 */
export function reviewFlips(reviews: readonly TaskReview[]): ReviewFlips {
  const byVerdict = reviewsByVerdict(reviews);
  const out: ReviewFlips = { flips: [], reviewed: 0, undecided: 0 };
  for (const list of byVerdict.values()) {
    const standing = standingReviews(list);
    if (standing.length === 0) continue;
    out.reviewed += 1;
    const { verdict } = consensus(standing);
    if (verdict === null) {
      out.undecided += 1;
      continue;
    }
    const { task, rollout, check } = list[0]!;
    out.flips.push({ task, rollout, check, passed: verdict === "pass" });
  }
  return out;
}

/**
 * The scenario the scoring reads: with `reviews: "apply"`, the reviewed verdicts as flips ahead of the
 * scenario's own (a later flip wins, so a what-if flip of a reviewed check still applies). The field stays, so
 * the report says the reviews were applied; scoring reads only the flips. Any other scenario as it is.
 */
export function withReviews(scenario: Scenario, reviewed: ReviewFlips): Scenario {
  if (scenario.reviews !== "apply" || reviewed.flips.length === 0) return scenario;
  return { ...scenario, flips: [...reviewed.flips, ...(scenario.flips ?? [])] };
}
