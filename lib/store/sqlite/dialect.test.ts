import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { createStore } from "../open-store";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-wal-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The size of the WAL a batch leaves behind, read before the store closes (closing deletes it): SQLite writes
 * the file from its start again after a checkpoint and never shrinks it, so its size is the largest it was.
 */
async function walAfterIngest(name: string, bulkWalBytes: number): Promise<number> {
  const file = path.join(dir, `${name}.db`);
  const target = parseDatabaseUrl(`file:${file}`);
  await migrate(target);
  const store = createStore(target, { bulkWalBytes });
  try {
    const shape = { tasks: 300, rollouts: 3, checks: 6, groups: 4, seed: 3 };
    const files = [...syntheticSiloFiles(shape)].map((f) => textFile(f.path, f.text));
    const { runs } = await ingestFiles(store, files, { runName: name, batchSize: 50 });
    expect(runs[0]!.rollouts).toBe(900);
    return fs.statSync(`${file}-wal`).size;
  } finally {
    await store.close();
  }
}

describe("SQLite bulk writes", () => {
  it("checkpoint the WAL once it passes the bound, so an ingest's WAL does not grow with the ingest", async () => {
    const bound = 256 * 1024;
    const unbounded = await walAfterIngest("unbounded", 2 ** 40);
    const bounded = await walAfterIngest("bounded", bound);
    // Past the bound by at most the transaction that crossed it (50 rollouts).
    expect(bounded).toBeLessThan(4 * bound);
    expect(unbounded).toBeGreaterThan(8 * bound);
  });
});
