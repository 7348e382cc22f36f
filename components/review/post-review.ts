import { api } from "@/lib/api/client-routes";
import type { Review, ReviewVerdict } from "@/lib/scoring/reviews/review-types";

/** The review as stored, or why not, with the HTTP status (401: a token is needed). */
export type PostAnswer = { review: Review } | { status: number; message: string };

/** POST /api/runs/:id/reviews through the API client; the token, when given, as a Bearer header. */
export async function postReview(
  runId: string,
  body: { rollout: string; check: string; verdict: ReviewVerdict; reason: string; reviewer: string },
  token: string,
): Promise<PostAnswer> {
  const answer = await api.postReview(runId, body, token.trim() === "" ? undefined : token);
  if (answer.ok) return { review: answer.data.review };
  return {
    status: answer.status,
    message:
      answer.status === 0
        ? "The server did not answer; the review was not sent. Press Enter to send it again."
        : answer.kind === "unauthorized"
          ? "This server needs a token to review: enter it below and send again."
          : answer.message,
  };
}
