import fs from "node:fs";
import { parseDatabaseUrl } from "@/lib/db/url";
import { createStore } from "@/lib/store/open-store";

/** The name the bench gives the run it ingests (and measures the server and the export on). */
export const BENCH_RUN = "bench A";

/**
 * The id of the bench's run in a SQLite file kept from an earlier bench (`--db`), when it holds that run with
 * `rollouts` rollouts; null when the file is missing or holds no such run (the bench then ingests into it).
 */
export async function keptBenchRun(dbFile: string, rollouts: number): Promise<string | null> {
  if (!fs.existsSync(dbFile)) return null;
  const store = createStore(parseDatabaseUrl(`file:${dbFile}`));
  try {
    for (const run of await store.listRuns())
      if (run.name === BENCH_RUN && (await store.rolloutCount(run.id)) === rollouts) return run.id;
    return null;
  } finally {
    await store.close();
  }
}
