import fs from "node:fs";
import path from "node:path";
import type { Store } from "@/lib/store/store";
import { ingestSeries, type SeriesShape } from "./generated-series";
import { ingestFiles } from "./ingest-files";
import { readPaths } from "./read-paths";

/** Example result folders shipped with Tally (prisma/demo/<run>/), ingested into an empty database. */
export const DEMO_DIR = path.join(process.cwd(), "prisma", "demo");

/**
 * A short nightly series over the demo's tasks, so a fresh start shows a series page and a leaderboard: one
 * task stops passing from run 4, one is fixed from run 3, one never passes, one is flaky, the rest hold.
 */
export const DEMO_SERIES: SeriesShape = {
  name: "nightly",
  runs: 6,
  trials: 4,
  seed: 28,
  tasks: [
    { id: "checkout", passRate: () => 0.75 },
    { id: "csv-conversion", passRate: (run) => (run < 3 ? 1 : 0) },
    { id: "owner-lookup", passRate: (run) => (run < 2 ? 0 : 1) },
    { id: "half-life", passRate: () => 0 },
    { id: "interleaved-vigenere", passRate: () => 0.5 },
    { id: "audit", passRate: () => 1 },
    { id: "exploit-miss", passRate: () => 0.85 },
    { id: "patch-with-penalty", passRate: () => 0.6 },
  ],
};

/** Loads the demo runs and the demo series when the database holds no run; returns how many runs it stored. */
export async function seedDemoIfEmpty(store: Store, dir = DEMO_DIR): Promise<number> {
  if ((await store.countRuns()) > 0 || !fs.existsSync(dir)) return 0;
  let stored = 0;
  for (const name of fs.readdirSync(dir).sort()) {
    const folder = path.join(dir, name);
    if (!fs.statSync(folder).isDirectory()) continue;
    const { files, rootName } = await readPaths([folder]);
    const result = await ingestFiles(store, files, { rootName });
    stored += result.runs.length;
  }
  stored += (await ingestSeries(store, DEMO_SERIES, (run) => `nightly #${run + 1}`)).length;
  return stored;
}
