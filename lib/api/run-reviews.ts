import type { z } from "zod";
import { standingReviews } from "@/lib/scoring/reviews/consensus";
import {
  ZReviewInput,
  ZReviewWithdrawal,
  type TReviewInput,
  type TReviewWithdrawal,
} from "@/lib/scoring/reviews/review-input";
import type { ReviewWrite, RunReview } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { ApiError, zodDetails } from "./errors";
import { readJsonBody } from "./json-body";
import { readRunReviews } from "@/lib/views/run-reviews";

/** One review with a reason at its limit, with room to spare. */
const MAX_REVIEW_BYTES = 32 * 1024;

async function readBody<T>(request: Request, schema: z.ZodType<T>, hint: string): Promise<T> {
  const json = await readJsonBody(request, MAX_REVIEW_BYTES, hint);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError("invalid", "Invalid review.", zodDetails(parsed.error));
  return parsed.data;
}

export const readReviewInput = (request: Request): Promise<TReviewInput> =>
  readBody(
    request,
    ZReviewInput,
    'The body must be JSON: {"rollout", "check", "verdict": "pass"|"fail"|"unsure", "reason", "reviewer"}.',
  );

export const readReviewWithdrawal = (request: Request): Promise<TReviewWithdrawal> =>
  readBody(request, ZReviewWithdrawal, 'The body must be JSON: {"rollout", "check", "reviewer"}.');

const noRun = (id: string) => new ApiError("not_found", `No run with id "${id}".`);

/** A store's answer to a write, or the 404 naming the run, rollout or check it lacks. */
export function writtenOrThrow(runId: string, write: ReviewWrite): { added: number; present: number } {
  if (!("error" in write)) return write;
  if (write.error === "run") throw noRun(runId);
  if (write.error === "rollout")
    throw new ApiError("not_found", `Run "${runId}" has no rollout "${write.rollout}".`, { rollout: write.rollout });
  throw new ApiError("not_found", `Rollout "${write.rollout}" has no check "${write.check}".`, {
    rollout: write.rollout,
    check: write.check,
  });
}

export async function runReviewsOrThrow(store: Store, runId: string): Promise<RunReview[]> {
  const reviews = await readRunReviews(store, runId);
  if (reviews === null) throw noRun(runId);
  return reviews;
}

/** The review just written, as listed (with its task). */
async function written(
  store: Store,
  runId: string,
  at: string,
  pick: { rollout: string; check: string; reviewer: string },
) {
  const reviews = await runReviewsOrThrow(store, runId);
  const found = reviews.findLast(
    (r) => r.at === at && r.rollout === pick.rollout && r.check === pick.check && r.reviewer === pick.reviewer,
  );
  if (!found) throw new ApiError("conflict", "The review was not stored; send it again.");
  return found;
}

/** Stores a reviewer's review, stamped now; answers it. */
export async function addReview(store: Store, runId: string, input: TReviewInput): Promise<RunReview> {
  const at = new Date().toISOString();
  writtenOrThrow(runId, await store.addReviews(runId, [{ ...input, at }]));
  return written(store, runId, at, input);
}

/**
 * Withdraws a reviewer's standing review of one verdict: a review marked withdrawn is added (nothing is
 * erased). 404 when the reviewer has no standing review of it.
 */
export async function withdrawReview(store: Store, runId: string, input: TReviewWithdrawal): Promise<RunReview> {
  const reviews = await runReviewsOrThrow(store, runId);
  const standing = standingReviews(reviews.filter((r) => r.rollout === input.rollout && r.check === input.check));
  const own = standing.find((r) => r.reviewer === input.reviewer);
  if (!own)
    throw new ApiError(
      "not_found",
      `"${input.reviewer}" has no standing review of check "${input.check}" of rollout "${input.rollout}".`,
    );
  const at = new Date().toISOString();
  const withdrawal = { ...input, verdict: own.verdict, reason: "", at, withdrawn: true };
  writtenOrThrow(runId, await store.addReviews(runId, [withdrawal]));
  return written(store, runId, at, input);
}
