import type { Store } from "@/lib/store/store";
import type { Trace } from "@/lib/traces";
import { searchStepsOfPage, type SearchStep } from "@/lib/traces/search-text";
import { indexedTraceRead, loadTraceIndex, readIndexedTracePage, type TraceIndexRef } from "./indexed-trace";

/*
 * Search of a trace read by its index (docs/traces.md#search): every step is stored, a page at a time, each
 * page in its own transaction, so neither the ingest nor a backfill holds more than one page of a trace of any
 * length.
 */

/** Steps read, turned into search steps and stored per transaction. */
export const SEARCH_PAGE_STEPS = 1000;

/**
 * Stores the search steps of one rollout whose trace is read by its index (`trace.indexed`): true when this
 * call indexed it, false when the rollout is gone or another fill indexed it first. A page that cannot be read
 * (the file went meanwhile) ends the fill with the trace marked skipped, saying why.
 */
export async function fillIndexedTraceSearch(
  store: Store,
  runId: string,
  rolloutId: string,
  trace: Trace,
): Promise<boolean> {
  const callNames = new Map<string, string>();
  let written = 0;
  for (;;) {
    let steps: SearchStep[];
    try {
      steps = searchStepsOfPage(await readIndexedTracePage(store, trace, written, SEARCH_PAGE_STEPS), callNames);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return (await store.writeTraceSteps(runId, [{ rolloutId, entry: { status: "skipped", why }, written }]))[0]!;
    }
    if (steps.length < SEARCH_PAGE_STEPS || written + steps.length >= trace.totals.steps)
      return (await store.writeTraceSteps(runId, [{ rolloutId, entry: { status: "indexed", steps }, written }]))[0]!;
    if (!(await store.appendTraceSteps(runId, rolloutId, steps))) return false;
    written += steps.length;
  }
}

/**
 * Fills the search of a rollout just ingested whose trace's index is stored (`ref`); null when no index of it is
 * stored, for the caller to read the trace whole.
 */
export async function fillSearchFromIndex(
  store: Store,
  runId: string,
  rolloutId: string,
  ref: TraceIndexRef,
  format: string,
): Promise<boolean | null> {
  const index = await loadTraceIndex(store, ref, format);
  if (!index) return null;
  const read = await indexedTraceRead(store, index, 0);
  return read.kind === "trace" ? fillIndexedTraceSearch(store, runId, rolloutId, read.trace) : null;
}
