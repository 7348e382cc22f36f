import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError } from "./errors";
import { hasReadAccess } from "./read-gate";

function bearer(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? request.headers.get("x-tally-token");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Writes need TALLY_INGEST_TOKEN when it is set. The token itself is never logged or echoed. */
export function requireWrite(request: Request): void {
  const token = env().TALLY_INGEST_TOKEN;
  if (!token) return;
  const given = bearer(request);
  if (!given || !same(given, token))
    throw new ApiError(
      "unauthorized",
      "This server requires an ingest token: send Authorization: Bearer <TALLY_INGEST_TOKEN>.",
    );
}

/**
 * Writing a review needs TALLY_INGEST_TOKEN or TALLY_REVIEW_TOKEN when either is set: reviewers can be given a
 * token that cannot ingest or delete.
 */
export function requireReviewWrite(request: Request): void {
  const { TALLY_INGEST_TOKEN: ingest, TALLY_REVIEW_TOKEN: review } = env();
  const tokens = [ingest, review].filter((t): t is string => t !== undefined);
  if (tokens.length === 0) return;
  const given = bearer(request);
  if (given !== null && tokens.some((t) => same(given, t))) return;
  throw new ApiError(
    "unauthorized",
    "This server requires a token to review: send Authorization: Bearer <TALLY_REVIEW_TOKEN or TALLY_INGEST_TOKEN>.",
  );
}

/**
 * Reads are open unless TALLY_READ_TOKEN is set; then a Bearer read or ingest token, or the session cookie a
 * browser gets at /sign-in (lib/api/read-gate.ts, so the pages' links to the API work), is needed.
 */
export async function requireRead(request: Request): Promise<void> {
  if (await hasReadAccess(request)) return;
  throw new ApiError(
    "unauthorized",
    "This server requires a read token: send Authorization: Bearer <TALLY_READ_TOKEN>, or sign in at /sign-in.",
  );
}
