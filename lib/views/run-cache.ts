import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { RunVersion } from "@/lib/store/records";
import { currentEncoding, encodingOf, recordedFirstScreen, type CurrentEncoding } from "@/lib/store/run-encoding";
import type { Store } from "@/lib/store/store";

/*
 * The server's cache of run snapshots (the run, task, rollout and compare pages and the report API each need
 * the whole run; a run of 10,000 rollouts takes most of a second to read, and its as-recorded report and
 * browser encoding are computed once per snapshot). Stored rollouts are never changed, only added or deleted
 * with their whole run, and of a run's scoring fields only the name changes after it is created, so a run's
 * version (records.ts RunVersion: ingest time, name, number of rollouts) identifies its content: one indexed
 * query per request revalidates the entry, on every app instance alike, and a run deleted anywhere is seen
 * gone by the next request here. Callers share the snapshot and must not mutate what it holds (scoring
 * functions never do). A run is read from its stored encoding (run-encoding.ts) when that is current, else from
 * its rows, after which the encoding is written again for the next instance or process. One per store
 * (run-caches.ts).
 */

/**
 * At most this many checks are kept across cached runs: two runs of 100,000 rollouts × 12 checks (~20 of
 * 10,000), so the comparison of two such runs is served from the cache on its next view instead of reading one
 * of them again each time (which also gives every view new columns, and the views' caches nothing to reuse).
 */
const CHECK_BUDGET = 2_400_000;

interface Entry {
  version: RunVersion;
  checks: number;
  snapshot: RunSnapshot;
}

const sameVersion = (a: RunVersion, b: RunVersion) =>
  a.rollouts === b.rollouts && a.name === b.name && a.ingestedAt === b.ingestedAt;

type Source = Pick<Store, "runVersion" | "loadScoringRun" | "readRunEncoding" | "writeRunEncoding">;

/** One store's cache of runs, most recently used last. */
export class RunCache {
  readonly #entries = new Map<string, Entry>();
  constructor(private readonly source: Source) {}

  /**
   * The stored run's snapshot, or null when there is no such run. `cachedOnly`: null as well when the cache
   * does not hold the run's current version, which then is not read (one indexed query, never the run).
   */
  async get(runId: string, { cachedOnly = false }: { cachedOnly?: boolean } = {}): Promise<RunSnapshot | null> {
    const cache = this.#entries;
    const version = await this.source.runVersion(runId);
    const hit = cache.get(runId);
    cache.delete(runId);
    if (!version) return null;
    if (hit && sameVersion(hit.version, version)) {
      cache.set(runId, hit);
      return hit.snapshot;
    }
    if (cachedOnly) return null;
    const stored = currentEncoding(await this.source.readRunEncoding(runId, { bytes: true }), version);
    // Stored bytes are read as columns (views, no objects); a run read from its rows comes as objects.
    const run = stored ? null : await this.source.loadScoringRun(runId);
    const snapshot = stored ? RunSnapshot.fromBytes(stored.bytes) : run ? new RunSnapshot(run) : null;
    // No current encoding, or one whose first screen another version of the code wrote: write it again.
    if (snapshot && (!stored || stored.firstScreen === null)) this.#storeEncoding(runId, snapshot, version.ingestedAt);
    if (snapshot) {
      // Rollouts added or a rename between the version and the read: keep the entry keyed to what was read.
      const { columns } = snapshot;
      const read = { ingestedAt: version.ingestedAt, name: columns.name, rollouts: columns.rolloutTask.length };
      cache.set(runId, { version: read, checks: columns.checkCode.length, snapshot });
    }
    let total = 0;
    for (const e of cache.values()) total += e.checks;
    for (const [id, e] of cache) {
      if (total <= CHECK_BUDGET || id === runId) break;
      cache.delete(id);
      total -= e.checks;
    }
    return snapshot;
  }

  /**
   * The run's stored encoding when it is current for the run's version (never a read of the rows), with the
   * version; null when there is no such run or no current encoding. `bytes: false` leaves the bytes empty.
   */
  async encoding(
    runId: string,
    { bytes }: { bytes: boolean },
  ): Promise<(CurrentEncoding & { version: RunVersion }) | null> {
    const [version, stored] = await Promise.all([
      this.source.runVersion(runId),
      this.source.readRunEncoding(runId, { bytes }),
    ]);
    const current = version && currentEncoding(stored, version);
    return current ? { ...current, version } : null;
  }

  /** Writes a snapshot read from the rows as the run's encoding, after the current request has answered. */
  #storeEncoding(runId: string, snapshot: RunSnapshot, ingestedAt: string): void {
    setImmediate(() => {
      const { columns, recorded } = snapshot;
      const encoding = encodingOf(columns, recordedFirstScreen(columns, recorded), ingestedAt, snapshot.binary);
      // A failure (the run deleted meanwhile) leaves nothing to keep: the next read of the rows writes it.
      this.source.writeRunEncoding(runId, encoding).catch(() => undefined);
    });
  }

  /** Reads runs into the cache after the current request has answered; a failure only means a later read. */
  warm(runIds: readonly string[]): void {
    setImmediate(() => {
      for (const id of runIds) this.get(id).catch(() => undefined);
    });
  }
}
