import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "@/lib/db/url";
import { migrate } from "@/lib/db/migrate";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { createStore } from "@/lib/store/open-store";
import { BENCH_RUN, keptBenchRun } from "./kept-run";
import { BENCH_SHAPE, syntheticSiloFiles } from "./synthetic";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-kept-run-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("keptBenchRun", () => {
  it("finds the bench's run of the asked size in a kept SQLite file, and nothing else", async () => {
    const file = path.join(dir, "bench.db");
    expect(await keptBenchRun(file, 10)).toBeNull();
    const target = parseDatabaseUrl(`file:${file}`);
    await migrate(target);
    const store = createStore(target);
    const files = [...syntheticSiloFiles({ ...BENCH_SHAPE, tasks: 2 })].map((f) => ({
      path: f.path,
      bytes: Buffer.from(f.text),
    }));
    const other = await ingestFiles(store, files, { rootName: "x", runName: "another run" });
    expect(await keptBenchRun(file, 10)).toBeNull();
    const bench = await ingestFiles(store, files, { rootName: "x", runName: BENCH_RUN });
    await store.close();
    expect(other.runs[0]!.id).not.toBe(bench.runs[0]!.id);
    expect(await keptBenchRun(file, 10)).toBe(bench.runs[0]!.id);
    // A kept run of another size is not the one asked for.
    expect(await keptBenchRun(file, 20)).toBeNull();
  });
});
