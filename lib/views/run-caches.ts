import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { RunVersion, SharedRollouts } from "@/lib/store/records";
import type { CurrentEncoding } from "@/lib/store/run-encoding";
import type { Store } from "@/lib/store/store";
import { OverlapCache } from "./overlap-cache";
import { RunCache } from "./run-cache";

/*
 * The server's caches of what is read and derived from stored runs, one set per store (lib/store is persistence
 * only; docs/architecture.md#caches): run snapshots (run-cache.ts) and the runs sharing a run's rollouts
 * (overlap-cache.ts). Every caller reaches them through these functions.
 */

interface Caches {
  runs: RunCache;
  shared: OverlapCache;
}

/**
 * On globalThis, as the store is (lib/store/open-store.ts): Next.js loads server code into several module
 * graphs, and pages and route handlers must share one set of caches per store, not hold a run each.
 */
const KEY = Symbol.for("tally.run-caches");
const holder = globalThis as { [KEY]?: WeakMap<Store, Caches> };
const caches = (holder[KEY] ??= new WeakMap<Store, Caches>());

function cachesOf(store: Store): Caches {
  let held = caches.get(store);
  if (!held) {
    held = {
      runs: new RunCache(store),
      shared: new OverlapCache({
        marker: () => store.storeMarker(),
        overlap: (runId) => store.sharedRollouts(runId),
        names: (runIds) => store.runNames(runIds),
      }),
    };
    caches.set(store, held);
  }
  return held;
}

/**
 * The run's snapshot from the run cache: built once per version of the run (its rollout count) and shared by
 * every caller, who must not mutate it. Null when there is no such run; with `cachedOnly`, null as well when the
 * cache does not hold its current version (the run is then not read: a page decides to stream).
 */
export function runSnapshot(
  store: Store,
  runId: string,
  options?: { cachedOnly?: boolean },
): Promise<RunSnapshot | null> {
  return cachesOf(store).runs.get(runId, options);
}

/**
 * The run's stored encoding when it is current for the run's version, with that version: what a page or run.bin
 * shows without reading a rollout. Null when there is no such run or no current encoding (runSnapshot then reads
 * the rows and writes it). `bytes: false` leaves the bytes empty.
 */
export function runEncoding(
  store: Store,
  runId: string,
  options: { bytes: boolean },
): Promise<(CurrentEncoding & { version: RunVersion }) | null> {
  return cachesOf(store).runs.encoding(runId, options);
}

/** Reads runs into the cache after the current request has answered (a run just uploaded is opened next). */
export function warmRuns(store: Store, runIds: readonly string[]): void {
  cachesOf(store).runs.warm(runIds);
}

/**
 * The other runs holding rollouts of this run, most shared first (Store.sharedRollouts), kept until the store's
 * marker changes; names read fresh.
 */
export function sharedRolloutsOf(store: Store, runId: string): Promise<SharedRollouts[]> {
  return cachesOf(store).shared.get(runId);
}
