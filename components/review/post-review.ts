import { ZReviewResponse } from "@/lib/scoring/reviews/review-input";
import type { Review, ReviewVerdict } from "@/lib/scoring/reviews/review-types";

/** The review as stored, or why not, with the HTTP status (401: a token is needed). */
export type PostAnswer = { review: Review } | { status: number; message: string };

/** POST /api/runs/:id/reviews from the browser; the token, when given, as a Bearer header. */
export async function postReview(
  runId: string,
  body: { rollout: string; check: string; verdict: ReviewVerdict; reason: string; reviewer: string },
  token: string,
): Promise<PostAnswer> {
  let res: Response;
  try {
    res = await fetch(`/api/runs/${encodeURIComponent(runId)}/reviews`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, message: "The server did not answer; the review was not sent. Press Enter to send it again." };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = ZReviewResponse.safeParse(json);
    if (parsed.success) return { review: parsed.data.review };
    return { status: res.status, message: "The server answered in a shape this page does not read; reload the page." };
  }
  const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
  return {
    status: res.status,
    message:
      res.status === 401
        ? "This server needs a token to review: enter it below and send again."
        : typeof message === "string"
          ? message
          : `The review was not stored (HTTP ${res.status}).`,
  };
}
