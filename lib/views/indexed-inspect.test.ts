import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { writeInspectEval } from "@/lib/bench/inspect-eval";
import { forEachDatabase } from "@/lib/db/test-databases";
import { sha256Hex } from "@/lib/formats/hash";
import { readRolloutTrace } from "@/lib/formats/trace-readers";
import type { InputFile } from "@/lib/formats/types";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import type { Trace, TraceRead } from "@/lib/traces";
import { readIndexedTracePage } from "./indexed-trace";
import { readStoredTrace } from "./rollout-trace";

/*
 * A big Inspect sample (4,400 tool calls: 8,803 steps, over 4 MiB of content) is indexed as its steps: at ingest,
 * or on its first read when it was stored without an index, then paged from the index.
 */

const CALLS = 4400;
const STEPS = 2 * CALLS + 3;
let dir = "";
let log: InputFile;
let whole: Trace;

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${read.kind}`);
  return read.trace;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-indexed-inspect-"));
  const file = path.join(dir, "big.eval");
  writeInspectEval(file, { samples: 1, seed: 5, compression: "raw", calls: CALLS });
  log = { path: "logs/big.eval", bytes: new Uint8Array(fs.readFileSync(file)) };
  whole = traceOf(readRolloutTrace({ path: "logs/big.eval#1_epoch_1", format: "inspect" }, [log]));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

forEachDatabase("indexed Inspect sample", (t) => {
  beforeEach(() => t.reset());

  it("is indexed at ingest: the page's first steps and any page come from the index, as the whole read has them", async () => {
    const { runs } = await ingestFiles(t.store, [log], { rootName: "logs" });
    const runId = runs[0]!.id;
    const sha256 = sha256Hex(log.bytes);
    const stored = await t.store.getTraceIndex(sha256, "1_epoch_1");
    expect(stored?.summary).toMatchObject({ format: "inspect", encoding: "steps", totals: whole.totals });
    expect(stored?.steps.count).toBe(STEPS);
    // The rollout's stored summary came from the same read.
    const scoring = (await t.store.loadScoringRun(runId))!;
    expect(scoring.rollouts[0]!.measures).toMatchObject({ steps: STEPS });

    const rollout = (await t.store.getRollout(runId, "1#1"))!;
    const read = traceOf(await readStoredTrace(t.store, rollout));
    expect(read.indexed).toMatchObject({ sha256, part: "1_epoch_1" });
    expect(read.totals).toEqual(whole.totals);
    expect(read.steps).toEqual(whole.steps.slice(0, 200));
    const far = await readIndexedTracePage(t.store, read, 7_000, 100);
    expect(far).toEqual(whole.steps.slice(7_000, 7_100));
    expect(await readIndexedTracePage(t.store, read, STEPS - 2, 100)).toEqual(whole.steps.slice(-2));

    await t.store.deleteRun(runId);
    expect(await t.store.getTraceIndex(sha256, "1_epoch_1")).toBeNull();
    expect(await t.store.getTraceChunks(sha256, 0, 1000, "1_epoch_1")).toEqual([]);
  });

  it("stored without an index, it is indexed on its first read and paged from the index after", async () => {
    const sha256 = sha256Hex(log.bytes);
    await t.store.storeRejectedFiles([{ file: log, error: "stored before indexes" }]);
    expect(await t.store.getTraceIndex(sha256, "1_epoch_1")).toBeNull();
    const source = {
      sourceFormat: "inspect",
      sourcePath: "logs/big.eval#1_epoch_1",
      files: [{ path: log.path, sha256 }],
    };
    const read = traceOf(await readStoredTrace(t.store, source));
    expect(read.indexed).toMatchObject({ sha256, part: "1_epoch_1" });
    expect(read.steps).toEqual(whole.steps.slice(0, 200));
    expect(await t.store.getTraceIndex(sha256, "1_epoch_1")).not.toBeNull();
    // Another sample of the same log is not this index.
    expect(await t.store.getTraceIndex(sha256, "2_epoch_1")).toBeNull();
    expect(await readIndexedTracePage(t.store, read, 4_321, 3)).toEqual(whole.steps.slice(4_321, 4_324));
  });
});
