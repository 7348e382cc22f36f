import { graderKindOf } from "@/lib/scoring/reviews/grader-kind";
import { judgeErrorBand, type JudgeErrorBand } from "@/lib/scoring/reviews/judge-error-band";
import { reviewedVerdicts } from "@/lib/scoring/reviews/reviewed-verdicts";
import { reviewsReport, type ReviewsReport } from "@/lib/scoring/reviews/reviews-report";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { readRunReviews, type ReviewSource } from "./run-reviews";

/** The run's reviews as the report JSON carries them: agreement, and the judge-error band of the headline. */
export type RunReviewsReport = ReviewsReport & { band: JudgeErrorBand | null };

/**
 * How far the run's graders agree with its reviewers (reviews-report.ts) and the headline's judge-error band
 * (judge-error-band.ts, as recorded otherwise); null when the run has no reviews. `runOf` gives the run as
 * objects, made only when there are reviews.
 */
export async function runAgreement(
  store: ReviewSource,
  runId: string,
  runOf: () => ScoringRun,
): Promise<RunReviewsReport | null> {
  const reviews = await readRunReviews(store, runId);
  if (reviews === null || reviews.length === 0) return null;
  const run = runOf();
  const grader = (_task: string, check: string) => graderKindOf(run.format, check);
  return { ...reviewsReport(reviewedVerdicts(run, reviews, grader)), band: judgeErrorBand(run, reviews) };
}
