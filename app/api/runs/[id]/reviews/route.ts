import { NextResponse } from "next/server";
import { requireRead, requireReviewWrite } from "@/lib/api/auth";
import { handle } from "@/lib/api/errors";
import {
  addReview,
  readReviewInput,
  readReviewWithdrawal,
  runReviewsOrThrow,
  withdrawReview,
} from "@/lib/api/run-reviews";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** GET /api/runs/:id/reviews: every review of the run, withdrawals and changes included, oldest first. */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRead(request);
  const { id } = await params;
  return NextResponse.json({ reviews: await runReviewsOrThrow(getStore(), id) });
});

/** POST /api/runs/:id/reviews {"rollout", "check", "verdict", "reason", "reviewer"}: 201 with the review. */
export const POST = handle(async (request: Request, { params }: Params) => {
  requireReviewWrite(request);
  const { id } = await params;
  const input = await readReviewInput(request);
  return NextResponse.json({ review: await addReview(getStore(), id, input) }, { status: 201 });
});

/** DELETE /api/runs/:id/reviews {"rollout", "check", "reviewer"}: marks the reviewer's review withdrawn. */
export const DELETE = handle(async (request: Request, { params }: Params) => {
  requireReviewWrite(request);
  const { id } = await params;
  const input = await readReviewWithdrawal(request);
  return NextResponse.json({ review: await withdrawReview(getStore(), id, input) });
});
