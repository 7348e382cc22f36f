import { reviewFlips, withReviews, type ReviewFlips } from "@/lib/scoring/reviews/apply-reviews";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { readRunReviews, type ReviewSource } from "@/lib/views/run-reviews";

/** The run's reviews as flips; null when the run has none (or is unknown). Read on every call: never cached. */
export async function runReviewFlips(store: ReviewSource, runId: string): Promise<ReviewFlips | null> {
  const reviews = await readRunReviews(store, runId);
  return reviews === null || reviews.length === 0 ? null : reviewFlips(reviews);
}

const NONE: ReviewFlips = { flips: [], reviewed: 0, undecided: 0 };

/** The scenario scoring reads for a stored run: `reviews: "apply"` turned into the run's reviewed flips. */
export async function scenarioWithReviews(store: ReviewSource, runId: string, scenario: Scenario): Promise<Scenario> {
  if (scenario.reviews !== "apply") return scenario;
  return withReviews(scenario, (await runReviewFlips(store, runId)) ?? NONE);
}
