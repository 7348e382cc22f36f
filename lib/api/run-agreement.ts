import { graderKindOfFormat } from "@/lib/scoring/reviews/grader-kind";
import { reviewedVerdicts } from "@/lib/scoring/reviews/reviewed-verdicts";
import { reviewsReport, type ReviewsReport } from "@/lib/scoring/reviews/reviews-report";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { Store } from "@/lib/store/store";

/** How far the run's graders agree with its reviewers (reviews-report.ts); null when the run has no reviews. */
export async function runAgreement(
  store: Pick<Store, "listReviews">,
  runId: string,
  run: ScoringRun,
): Promise<ReviewsReport | null> {
  const reviews = await store.listReviews(runId);
  if (reviews === null || reviews.length === 0) return null;
  const grader = graderKindOfFormat(run.format);
  return reviewsReport(reviewedVerdicts(run, reviews, () => grader));
}
