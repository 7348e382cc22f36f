import { beforeEach, describe, expect, it } from "vitest";
import { rolloutRowId } from "@/lib/db/ids";
import { forEachDatabase } from "@/lib/db/test-databases";
import {
  harborAtifFiles,
  harborClaudeCodeFiles,
  siloToolEventsFiles,
  type BigTraceShape,
} from "@/lib/formats/__fixtures__/big-agent-traces";
import { sha256Hex } from "@/lib/formats/hash";
import { INDEXED_TRACE_CHARS } from "@/lib/formats/trace-index";
import { readRolloutTrace } from "@/lib/formats/trace-readers";
import type { InputFile } from "@/lib/formats/types";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { stepContentLength } from "@/lib/formats/silo/trace-index";
import type { Trace, TraceRead } from "@/lib/traces";
import { readIndexedTracePage } from "./indexed-trace";
import { readStoredTrace } from "./rollout-trace";
import { stepsHolding } from "./trace-search-fixture";

/*
 * A big trace read whole from one file of its rollout (an ATIF trajectory, a Silo tool-events.json, Claude Code
 * stream-json) is indexed as its steps by that file: at ingest, or on its first read when it was stored without
 * an index; a small one is read whole as before.
 */

interface Case {
  name: string;
  make: (shape: BigTraceShape) => { files: InputFile[]; trace: InputFile };
  format: string;
  sourcePath: string;
  /** Steps of a trace of `calls` calls. */
  steps: (calls: number) => number;
}

const CASES: Case[] = [
  {
    name: "an ATIF trajectory",
    make: harborAtifFiles,
    format: "harbor",
    sourcePath: "job/fix-dates__Abc2345/result.json",
    steps: (calls) => calls + 1,
  },
  {
    name: "a Silo tool-events.json",
    make: siloToolEventsFiles,
    format: "silo",
    sourcePath: "crm/TASK-002.result.json",
    steps: (calls) => 2 * calls,
  },
  {
    name: "Claude Code stream-json",
    make: harborClaudeCodeFiles,
    format: "harbor",
    sourcePath: "job/fix-dates__Abc2345/result.json",
    steps: (calls) => 2 * calls + 2,
  },
];

const BIG: BigTraceShape = { calls: 3000, resultChars: 1500 };
const SMALL: BigTraceShape = { calls: 5, resultChars: 100 };

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${read.kind}: ${JSON.stringify(read)}`);
  return read.trace;
}

function wholeOf(c: Case, files: readonly InputFile[]): Trace {
  return traceOf(readRolloutTrace({ path: c.sourcePath, format: c.format as "harbor" | "silo" }, files));
}

forEachDatabase("a big trace indexed by its own file", (t) => {
  beforeEach(() => t.reset());

  describe.each(CASES)("$name", (c) => {
    it("is indexed at ingest; its first steps, a page near the end and search come from the index", async () => {
      const { files, trace } = c.make(BIG);
      const whole = wholeOf(c, files);
      const steps = c.steps(BIG.calls);
      expect(whole.steps).toHaveLength(steps);
      expect(whole.steps.reduce((n, s) => n + stepContentLength(s), 0)).toBeGreaterThan(INDEXED_TRACE_CHARS);

      const { runs } = await ingestFiles(t.store, files, { rootName: "big" });
      const runId = runs[0]!.id;
      const sha256 = sha256Hex(trace.bytes);
      const stored = await t.store.getTraceIndex(sha256);
      expect(stored?.summary).toMatchObject({ encoding: "steps", path: trace.path, totals: whole.totals });
      expect(stored?.steps.count).toBe(steps);
      const scoring = (await t.store.loadScoringRun(runId))!;
      expect(scoring.rollouts).toHaveLength(1);
      const rolloutId = scoring.rollouts[0]!.id;
      const rollout = (await t.store.getRollout(runId, rolloutId))!;
      expect(rollout).toMatchObject({ sourceFormat: c.format, sourcePath: c.sourcePath });

      const read = traceOf(await readStoredTrace(t.store, rollout));
      expect(read.indexed).toMatchObject({ sha256, part: "" });
      expect(read.totals).toEqual(whole.totals);
      expect(read.steps).toEqual(whole.steps.slice(0, 200));
      const far = await readIndexedTracePage(t.store, read, steps - 150, 100);
      expect(far).toEqual(whole.steps.slice(steps - 150, steps - 50));
      expect(await readIndexedTracePage(t.store, read, steps - 2, 100)).toEqual(whole.steps.slice(-2));

      // Search holds every step, read a page at a time from the index.
      const ref = rolloutRowId(runId, rolloutId);
      expect(await t.db.traceStep.count({ where: { rolloutRef: ref } })).toBe(steps);
      const last = whole.steps.findIndex((s) =>
        s.results.some((r) => r.content === "omega" || JSON.stringify(r.content).includes("omega")),
      );
      expect(await stepsHolding(t.store, runId, "omega")).toEqual([[rolloutId, [last]]]);
    });

    it("a small one is not indexed and is read whole", async () => {
      const { files, trace } = c.make(SMALL);
      const whole = wholeOf(c, files);
      const { runs } = await ingestFiles(t.store, files, { rootName: "small" });
      const runId = runs[0]!.id;
      expect(await t.store.getTraceIndex(sha256Hex(trace.bytes))).toBeNull();
      const scoring = (await t.store.loadScoringRun(runId))!;
      const rollout = (await t.store.getRollout(runId, scoring.rollouts[0]!.id))!;
      const read = traceOf(await readStoredTrace(t.store, rollout));
      expect(read.indexed).toBeUndefined();
      expect(read.steps).toEqual(whole.steps);
      expect(await t.store.getTraceIndex(sha256Hex(trace.bytes))).toBeNull();
    });

    it("stored without an index, it is indexed on its first read and paged from the index after", async () => {
      const { files, trace } = c.make(BIG);
      const whole = wholeOf(c, files);
      const steps = c.steps(BIG.calls);
      const sha256 = sha256Hex(trace.bytes);
      await t.store.storeRejectedFiles(files.map((file) => ({ file, error: "stored before indexes" })));
      expect(await t.store.getTraceIndex(sha256)).toBeNull();
      const source = {
        sourceFormat: c.format,
        sourcePath: c.sourcePath,
        files: files.map((f) => ({ path: f.path, sha256: sha256Hex(f.bytes) })),
      };
      const read = traceOf(await readStoredTrace(t.store, source));
      expect(read.indexed).toMatchObject({ sha256, part: "" });
      expect(read.steps).toEqual(whole.steps.slice(0, 200));
      expect(read.totals).toEqual(whole.totals);
      expect((await t.store.getTraceIndex(sha256))?.summary.encoding).toBe("steps");
      expect(await readIndexedTracePage(t.store, read, steps - 3, 3)).toEqual(whole.steps.slice(-3));
      const again = traceOf(await readStoredTrace(t.store, source));
      expect(again.indexed).toMatchObject({ sha256, part: "" });
      expect(again.steps).toEqual(read.steps);
    });
  });
});
