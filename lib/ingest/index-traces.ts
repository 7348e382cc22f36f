import { readRolloutTrace } from "@/lib/formats/trace-readers";
import type { InputFile, NormalizedRollout } from "@/lib/formats/types";
import type { Store, StoreOutcome } from "@/lib/store/store";
import { searchEntryOf } from "@/lib/traces/search-text";
import { filesOf } from "./to-scoring-run";

/**
 * Fills the trace search index for the rollouts of a batch just stored, from their files still in memory, one
 * trace at a time (docs/traces.md#search). A trace that does not parse is stored as skipped and counted; it
 * never fails the ingest. Returns how many were skipped.
 */
export async function indexStoredTraces(
  store: Store,
  runId: string,
  batch: readonly { rollout: NormalizedRollout }[],
  outcomes: readonly StoreOutcome[],
  files: ReadonlyMap<string, InputFile>,
): Promise<number> {
  let skipped = 0;
  for (const [n, { rollout }] of batch.entries()) {
    if (outcomes[n] !== "stored") continue;
    const entry = searchEntryOf(readRolloutTrace(rollout.source, filesOf(rollout, files)));
    if (entry.status === "skipped") skipped++;
    await store.writeTraceSteps(runId, rollout.id, entry);
  }
  return skipped;
}
