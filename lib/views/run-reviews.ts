import { scoreEditReviews } from "@/lib/formats/inspect/score-edits";
import type { RunReview } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";

export type ReviewSource = Pick<Store, "listReviews" | "getRun" | "checksWithMetadataKey">;

/**
 * Every review of a run, oldest first: those stored (the API, the queue, imports) and, for an Inspect run, the
 * score edits its log carries (`Score.history`, read from the stored checks on every call). An edit already
 * stored (the same rollout, check, reviewer and time, as an export and import leaves it) is listed once.
 * Null when there is no such run.
 */
export async function readRunReviews(store: ReviewSource, runId: string): Promise<RunReview[] | null> {
  const stored = await store.listReviews(runId);
  if (stored === null) return null;
  const run = await store.getRun(runId);
  if (run?.format !== "inspect") return stored;
  const held = new Set(stored.map((r) => JSON.stringify([r.rollout, r.check, r.reviewer, r.at])));
  const edits = ((await store.checksWithMetadataKey(runId, "history")) ?? [])
    .flatMap((c) => scoreEditReviews(c).map((r) => ({ ...r, task: c.task })))
    .filter((r) => !held.has(JSON.stringify([r.rollout, r.check, r.reviewer, r.at])));
  if (edits.length === 0) return stored;
  return [...edits, ...stored].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
