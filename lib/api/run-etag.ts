import { createHash } from "node:crypto";
import type { RunVersion } from "@/lib/store/records";
import { BINARY_RUN_LAYOUT } from "@/lib/scoring/wire/binary-run";

/*
 * Validators for a run's browser encoding. A run's version (lib/store/records.ts RunVersion) changes whenever
 * its scoring content does, so it names the bytes: a browser revalidates with If-None-Match and gets 304
 * after one indexed query, without the run being read. The layout version is part of it, so a deploy that
 * changes the layout never answers 304 to bytes of the old one.
 */

export function runEtag(runId: string, version: RunVersion): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([BINARY_RUN_LAYOUT, runId, version.ingestedAt, version.name, version.rollouts]))
    .digest("base64url")
    .slice(0, 27);
  return `"${hash}"`;
}

/** Whether If-None-Match names `etag` (weak or strong, in a list, or `*`). */
export function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (header === null) return false;
  return header.split(",").some((part) => {
    const tag = part.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/** Cached by the browser, used only after it revalidates (a 304 costs one small query). */
export const REVALIDATE = "private, no-cache";
