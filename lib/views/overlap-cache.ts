import type { SharedRollouts } from "@/lib/store/records";

/*
 * Which other runs hold a run's rollouts (Store.sharedRollouts, run-caches.ts) is asked on every view of the run page and the
 * compare page, and the query matches every rollout of the run: most of a second at 100,000 rollouts that
 * another run shares. Its answer changes only when rollouts are added or deleted anywhere in the store, so it is
 * kept per run beside the store's marker (Store.storeMarker), which one cheap query reads per request, on every
 * instance alike: rollouts are only added, or deleted with their whole run; deleting a run lowers the count of
 * runs, and one created in its place is the newest (a new latest ingest time). Names are read fresh (a rename
 * changes no marker).
 */

/** Runs whose answer is kept, most recently asked last. */
const KEPT = 200;

interface Source {
  /** The store's marker, as text. */
  marker(): Promise<string>;
  /** The overlap query itself (lib/store/rollout-overlap-sql.ts). */
  overlap(runId: string): Promise<SharedRollouts[]>;
  /** The current names of runs by id (a run gone is left out). */
  names(runIds: readonly string[]): Promise<Map<string, string>>;
}

export class OverlapCache {
  readonly #entries = new Map<string, { marker: string; shared: SharedRollouts[] }>();
  constructor(private readonly source: Source) {}

  async get(runId: string): Promise<SharedRollouts[]> {
    const marker = await this.source.marker();
    let entry = this.#entries.get(runId);
    this.#entries.delete(runId);
    // A change landing after the marker was read makes the next request's marker differ: it is read again.
    if (!entry || entry.marker !== marker) entry = { marker, shared: await this.source.overlap(runId) };
    this.#entries.set(runId, entry);
    for (const id of this.#entries.keys()) {
      if (this.#entries.size <= KEPT) break;
      this.#entries.delete(id);
    }
    if (entry.shared.length === 0) return [];
    const names = await this.source.names(entry.shared.map((s) => s.runId));
    return entry.shared.map((s) => ({ ...s, name: names.get(s.runId) ?? s.name }));
  }
}
