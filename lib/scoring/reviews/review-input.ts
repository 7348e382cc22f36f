import { z } from "zod";
import { REVIEW_VERDICTS, ZReview } from "./review-types";

/** Limits on what a reviewer writes: the API, the CLI import and the queue form share them. */
export const REVIEW_LIMITS = {
  /** Characters of a reason. */
  reason: 4000,
  /** Characters of a reviewer's name. */
  reviewer: 100,
  /** Characters of a rollout id or check key. */
  id: 1000,
  /** Reviews in one import file. */
  lines: 100_000,
} as const;

const ZId = z.string().min(1).max(REVIEW_LIMITS.id);
const ZReviewer = z.string().trim().min(1, "a reviewer name is required").max(REVIEW_LIMITS.reviewer);
const ZReason = z.string().max(REVIEW_LIMITS.reason);

/** A new review as a person gives it (POST /api/runs/:id/reviews, the queue): the server stamps the time. */
export const ZReviewInput = z.strictObject({
  rollout: ZId,
  check: ZId,
  verdict: z.enum(REVIEW_VERDICTS),
  reason: ZReason.default(""),
  reviewer: ZReviewer,
});
export type TReviewInput = z.infer<typeof ZReviewInput>;

/** Withdrawing one's review of a verdict (DELETE /api/runs/:id/reviews). */
export const ZReviewWithdrawal = z.strictObject({ rollout: ZId, check: ZId, reviewer: ZReviewer });
export type TReviewWithdrawal = z.infer<typeof ZReviewWithdrawal>;

/** One line of a review file (`tally reviews export` / `import`): a whole review, its time included. */
export const ZReviewLine = ZReview.extend({
  rollout: ZId,
  check: ZId,
  reason: ZReason,
  reviewer: ZReviewer,
  at: z.iso.datetime({ offset: true }),
  /** The task key, as exported; an import finds the task from the rollout and ignores it. */
  task: z.string().optional(),
});
export type TReviewLine = z.infer<typeof ZReviewLine>;

/** A review as the API answers it (GET, POST and DELETE of /api/runs/:id/reviews). */
export const ZRunReview = z.strictObject({
  task: z.string(),
  rollout: z.string(),
  check: z.string(),
  verdict: z.enum(REVIEW_VERDICTS),
  reason: z.string(),
  reviewer: z.string(),
  at: z.string(),
  withdrawn: z.boolean().optional(),
});
export const ZReviewsResponse = z.strictObject({ reviews: z.array(ZRunReview) });
export const ZReviewResponse = z.strictObject({ review: ZRunReview });
