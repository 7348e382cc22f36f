import type { Db } from "../client";
import { processWideWeakMap } from "../process-wide";
import { prepared, sqliteConnection } from "../sqlite-direct";
import { loadScoringRun } from "./load-scoring-run";
import type { ScoringRun } from "@/lib/scoring/core/types";

/*
 * The server's cache of whole runs (the run, task, rollout and compare pages and the report API each need
 * one; a run of 10,000 rollouts takes most of a second to read). Stored rollouts are never changed or
 * deleted, only added (ingest is append-only, and a run's own fields are written once when it is created),
 * so a run's number of rollouts identifies its content: one indexed COUNT per request revalidates the
 * entry, on every app instance alike. Callers share the cached object and must not mutate it (scoring
 * functions never do).
 */

/** At most this many checks are kept across cached runs (~10 runs of 10,000 rollouts × 12 checks). */
const CHECK_BUDGET = 1_200_000;

interface Entry {
  rollouts: number;
  checks: number;
  run: ScoringRun;
}

const caches = processWideWeakMap<Db, Map<string, Entry>>("run-cache");

async function rolloutCount(db: Db, runId: string): Promise<number> {
  const connection = await sqliteConnection(db);
  if (connection)
    return (prepared(connection, `SELECT count(*) AS "n" FROM "Rollout" WHERE "runId" = ?`).get(runId) as { n: number })
      .n;
  return db.rollout.count({ where: { runId } });
}

function checksOf(run: ScoringRun): number {
  let n = 0;
  for (const r of run.rollouts) n += r.checks.length;
  return n;
}

/** loadScoringRun through the cache: the stored run, or null when there is no such run. */
export async function loadScoringRunCached(db: Db, runId: string): Promise<ScoringRun | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Entry>()));
  const count = await rolloutCount(db, runId);
  const hit = cache.get(runId);
  if (hit && hit.rollouts === count) {
    cache.delete(runId); // most recently used last
    cache.set(runId, hit);
    return hit.run;
  }
  const run = await loadScoringRun(db, runId);
  cache.delete(runId);
  // Rollouts added between the count and the read: keep the entry keyed to what was read.
  if (run) cache.set(runId, { rollouts: run.rollouts.length, checks: checksOf(run), run });
  let total = 0;
  for (const e of cache.values()) total += e.checks;
  for (const [id, e] of cache) {
    if (total <= CHECK_BUDGET || id === runId) break;
    cache.delete(id);
    total -= e.checks;
  }
  return run;
}

/**
 * Reads runs into the cache after the current request has answered (a run just uploaded is opened next).
 * A failure only means the page reads the run itself.
 */
export function warmRunCache(db: Db, runIds: readonly string[]): void {
  setImmediate(() => {
    for (const id of runIds) loadScoringRunCached(db, id).catch(() => undefined);
  });
}
