import { readRolloutTrace } from "@/lib/formats/trace-readers";
import type { InputFile, NormalizedRollout } from "@/lib/formats/types";
import type { Store, StoreOutcome } from "@/lib/store/store";
import { searchEntryOf, type SearchEntry } from "@/lib/traces/search-text";
import type { TraceIndexRef } from "@/lib/views/indexed-trace";
import { fillSearchFromIndex } from "@/lib/views/trace-search-fill";
import { filesOf } from "./to-scoring-run";

/** Traces whose steps one transaction writes. */
const WRITE = 10;
/**
 * Entries one transaction writes when few have steps: a rollout without a trace (or with one that did not parse)
 * is one small row, and a transaction per ten of them was most of a large ingest's search-index time (100,000
 * Silo files: 10,000 transactions, 4.3 s).
 */
const WRITE_ROWS = 1000;

/**
 * Fills the trace search index for the rollouts of a batch just stored, from their files still in memory, one
 * trace at a time (docs/traces.md#search); a trace whose index was just stored (`indexed`), every step a page at a
 * time from its index, never parsed whole. A trace that does not parse is stored as skipped and counted; it
 * never fails the ingest. Returns how many were skipped.
 */
export async function indexStoredTraces(
  store: Store,
  runId: string,
  batch: readonly { rollout: NormalizedRollout }[],
  outcomes: readonly StoreOutcome[],
  files: ReadonlyMap<string, InputFile>,
  indexed: ReadonlyMap<NormalizedRollout, TraceIndexRef>,
): Promise<number> {
  let skipped = 0;
  // A few traces a transaction: their steps are all that is held at once.
  let entries: { rolloutId: string; entry: SearchEntry }[] = [];
  let traces = 0;
  for (const [n, { rollout }] of batch.entries()) {
    if (outcomes[n] !== "stored") continue;
    const ref = indexed.get(rollout);
    if (ref && (await fillSearchFromIndex(store, runId, rollout.id, ref, rollout.source.format)) !== null) continue;
    const entry = searchEntryOf(readRolloutTrace(rollout.source, filesOf(rollout, files)));
    if (entry.status === "skipped") skipped++;
    entries.push({ rolloutId: rollout.id, entry });
    if (entry.status === "indexed") traces++;
    if (traces === WRITE || entries.length === WRITE_ROWS) {
      await store.writeTraceSteps(runId, entries);
      entries = [];
      traces = 0;
    }
  }
  if (entries.length > 0) await store.writeTraceSteps(runId, entries);
  return skipped;
}
