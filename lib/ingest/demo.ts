import fs from "node:fs";
import path from "node:path";
import type { Store } from "@/lib/store/store";
import { ingestFiles } from "./ingest-files";
import { readPaths } from "./read-paths";

/** Example result folders shipped with Tally (prisma/demo/<run>/), ingested into an empty database. */
export const DEMO_DIR = path.join(process.cwd(), "prisma", "demo");

/** Loads the demo runs when the database holds no run; returns how many runs it stored. */
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
  return stored;
}
