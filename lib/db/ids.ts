import { createHash } from "node:crypto";

/**
 * Stable row ids derived from natural keys: ingesting the same data twice lands on the same rows, and a
 * resumed ingest adds to the run it interrupted. 16 base-32 characters (80 bits). Pages address tasks and
 * rollouts by their keys; a URL holding a row id instead is redirected to the key's (get-rollouts.ts).
 */
function shortHash(...parts: string[]): string {
  const digest = createHash("sha256").update(parts.join("\u0000")).digest();
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let out = "";
  for (let i = 0; i < 10; i++) {
    const byte = digest[i] ?? 0;
    out += alphabet[byte & 31];
    if (out.length < 16) out += alphabet[(byte >> 3) & 31];
  }
  return out.slice(0, 16);
}

export const runRowId = (runKey: string) => shortHash("run", runKey).slice(0, 12);
export const taskRowId = (runId: string, taskKey: string) => shortHash("task", runId, taskKey);
export const rolloutRowId = (runId: string, rolloutId: string) => shortHash("rollout", runId, rolloutId);
