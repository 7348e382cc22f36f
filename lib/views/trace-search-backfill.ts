import type { Store } from "@/lib/store/store";
import { searchEntryOf } from "@/lib/traces/search-text";
import { readStoredTrace } from "./rollout-trace";
import { fillIndexedTraceSearch } from "./trace-search-fill";

/** Rollouts read per round of a backfill: what one round holds in memory is their ids, one trace at a time. */
const ROUND = 50;
/** Traces whose steps one transaction writes. */
const WRITE = 10;

/**
 * Fills the search index for the rollouts of a run stored before it existed (or whose ingest stopped before
 * indexing them): each trace is read from its stored files, one at a time, and its steps stored once (a big
 * trace's every step, a page at a time, by its index: trace-search-fill.ts). A trace
 * that does not parse is stored as skipped (counted, never searched). Safe to run twice at once: a rollout
 * already indexed is left as it is. Returns how many rollouts this call indexed.
 */
export async function backfillTraceSearch(store: Store, runId: string): Promise<number> {
  let written = 0;
  const tried = new Set<string>();
  for (;;) {
    const round = (await store.unindexedTraces(runId, ROUND)).filter((r) => !tried.has(r.rolloutId));
    if (round.length === 0) return written;
    // Written a few at a time: one transaction each, holding a handful of traces' steps in memory.
    for (let at = 0; at < round.length; at += WRITE) {
      const entries = [];
      for (const rollout of round.slice(at, at + WRITE)) {
        tried.add(rollout.rolloutId);
        // A trace read by its index comes without steps, and its steps are stored a page at a time.
        const read = await readStoredTrace(store, rollout, { cache: true, indexedSteps: 0 });
        if (read.kind === "trace" && read.trace.indexed) {
          if (await fillIndexedTraceSearch(store, runId, rollout.rolloutId, read.trace)) written++;
        } else entries.push({ rolloutId: rollout.rolloutId, entry: searchEntryOf(read) });
      }
      written += (await store.writeTraceSteps(runId, entries)).filter(Boolean).length;
    }
  }
}
