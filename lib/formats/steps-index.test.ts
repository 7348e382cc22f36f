import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeInspectEval } from "@/lib/bench/inspect-eval";
import { chunksOf, evidenceIndex, stepAt, type Trace, type TraceRead } from "@/lib/traces";
import { fixtureFile } from "./__fixtures__/load-fixture";
import { readInspectTrace } from "./inspect/trace";
import { indexTraceSteps } from "./steps-index";
import { indexedByOwnFile, indexedTraceKey, indexTraceOf, readIndexedSteps, type BuiltTraceIndex } from "./trace-index";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${read.kind}`);
  return read.trace;
}

/** Steps [from, to) read back from the index's chunks, as a page read from the store does. */
function page(index: BuiltTraceIndex, from: number, to: number, chunks = index.chunks) {
  const [first, last] = chunksOf(index.summary, from, to);
  const located = chunks.slice(first, last + 1).map((bytes, n) => ({
    start: index.summary.chunkOffset[first + n]!,
    bytes,
  }));
  return readIndexedSteps(index.summary, index.steps, from, to, located);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-steps-index-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A generated Inspect log of one sample with `calls` tool calls, as a rollout's .eval file. */
function generatedSample(calls: number): Trace {
  const file = path.join(tmp, `sample-${calls}.eval`);
  writeInspectEval(file, { samples: 1, seed: 11, compression: "raw", calls });
  const bytes = new Uint8Array(fs.readFileSync(file));
  return traceOf(readInspectTrace([{ path: "logs/big.eval", bytes }], { id: "1", epoch: 1 }));
}

describe("the index of an Inspect sample (steps stored as lines)", () => {
  it("a real de-duplicated log: 12 steps, every page read back equal to the whole read, offsets end to end", () => {
    const file = fixtureFile("traces/inspect-ai/log_message_deduplication.eval", "dedup.eval");
    const trace = traceOf(readInspectTrace([file], { id: "0", epoch: 1 }));
    const index = indexTraceSteps(trace, 0)!;
    expect(index.steps.count).toBe(12);
    expect(index.summary).toMatchObject({ format: "inspect", path: "dedup.eval#0_epoch_1", encoding: "steps" });
    expect(index.summary.totals).toEqual(trace.totals);
    expect(index.chunks).toHaveLength(1);
    for (let i = 0; i + 1 < index.steps.count; i++) {
      const [a, b] = [stepAt(index.steps, i), stepAt(index.steps, i + 1)];
      expect(b.offset).toBe(a.offset + a.length + 1);
    }
    expect(stepAt(index.steps, 11).offset + stepAt(index.steps, 11).length + 1).toBe(index.summary.bytes);
    for (let from = 0; from < 12; from += 5)
      expect(page(index, from, Math.min(12, from + 5))).toEqual(trace.steps.slice(from, from + 5));
    expect(index.steps.tools).toEqual(["bash"]);
    // Evidence refs as evidenceIndex keeps them.
    const whole = evidenceIndex(trace);
    expect(new Map(index.refs.callIds)).toEqual(whole.callIds);
    expect(new Map(index.refs.stepIds)).toEqual(whole.stepIds);
  });

  it("a generated sample of 2,000 calls: 4,003 steps over several chunks, pages across chunk boundaries", () => {
    const trace = generatedSample(2000);
    // System, user, then per call the assistant's call and the tool's result, then the answer.
    expect(trace.steps).toHaveLength(4003);
    const index = indexTraceSteps(trace, 0)!;
    expect(index.steps.count).toBe(4003);
    expect(index.summary.totals).toMatchObject({ steps: 4003, toolCalls: 2000 });
    expect(index.chunks.length).toBeGreaterThan(2);
    for (const chunk of index.chunks) expect(chunk.byteLength).toBeLessThanOrEqual(1024 * 1024);
    for (const start of index.summary.chunkFirstStep.slice(1)) {
      const [from, to] = [start - 3, start + 3];
      expect(page(index, from, to)).toEqual(trace.steps.slice(from, to));
    }
    expect(page(index, 4000, 4003)).toEqual(trace.steps.slice(4000));
    expect(index.summary.errors).toEqual(
      trace.steps.filter((s) => s.results.some((r) => r.isError)).map((s) => s.index),
    );
  });

  it("is not built for a trace under the threshold, nor for a trace without a file of its own", () => {
    const trace = generatedSample(20);
    const source = `${trace.path}#1_epoch_1`;
    expect(indexTraceSteps(trace, 10 * 1024 * 1024)).toBeNull();
    expect(indexTraceOf("inspect", source, trace, [trace.path])).toBeNull();
    expect(indexTraceOf("inspect", source, trace, [trace.path], 0)?.index.steps.count).toBe(trace.steps.length);
    expect(indexTraceOf("inspect", source, trace, [trace.path], 0)?.key).toEqual({
      path: trace.path,
      part: "1_epoch_1",
    });
    // Another format's trace: by the one file it was read from, when its path is one of the rollout's files.
    const own = { ...trace, path: "trial/agent/trajectory.json" };
    const paths = ["trial/result.json", own.path];
    expect(indexTraceOf("harbor", "trial/result.json", own, paths, 0)?.key).toEqual({ path: own.path, part: "" });
    expect(indexTraceOf("harbor", "trial/result.json", own, ["trial/result.json"], 0)).toBeNull();
    const silo = { ...trace, path: "run/T/trace.jsonl" };
    expect(indexTraceOf("silo", "run/T/result.json", silo, ["run/T/result.json", silo.path], 0)).toBeNull();
    const events = { ...trace, path: "run/T.tool-events.json" };
    expect(indexTraceOf("silo", "run/T.json", events, ["run/T.json", events.path], 0)?.key.path).toBe(events.path);
    const entry = { ...trace, path: "r.json#13_trial_1" };
    expect(indexTraceOf("tau-bench", "r.json#13_trial_1", entry, ["r.json"], 0)).toBeNull();
  });

  it("hostile stored bytes: a step that no longer parses, or is no step, reads as a note, never a throw", () => {
    const trace = generatedSample(20);
    const index = indexTraceSteps(trace, 0)!;
    const spoiled = new Uint8Array(index.chunks[0]!);
    const second = stepAt(index.steps, 1);
    spoiled.fill(0x7b, second.offset, second.offset + second.length); // "{{{{…": not JSON
    const third = stepAt(index.steps, 2);
    const notAStep = new TextEncoder().encode(`{"source":1}`);
    spoiled.fill(0x20, third.offset, third.offset + third.length);
    spoiled.set(notAStep, third.offset);
    const steps = page(index, 0, 4, [spoiled]);
    expect(steps[0]).toEqual(trace.steps[0]);
    expect(steps[1]).toMatchObject({
      index: 1,
      source: "environment",
      text: "step 2 could not be read again from the stored trace",
    });
    expect(steps[2]).toMatchObject({
      index: 2,
      source: "environment",
      text: "step 3 could not be read again from the stored trace",
    });
    expect(steps[3]).toEqual(trace.steps[3]);
    // A chunk missing altogether: its steps say so too.
    expect(page(index, 0, 2, [])).toMatchObject([{ source: "environment" }, { source: "environment" }]);
  });
});

describe("an oversized step of an Inspect sample", () => {
  it("is stored with each string cut at 64 KB and a warning: no page ever holds more", () => {
    const trace = generatedSample(20);
    const huge = "h".repeat(9 * 1024 * 1024);
    const steps = trace.steps.map((s, i) => (i === 3 ? { ...s, text: huge } : s));
    const index = indexTraceSteps({ ...trace, steps }, 0)!;
    expect(stepAt(index.steps, 3)).toMatchObject({ oversized: true, contentLength: expect.any(Number) });
    expect(stepAt(index.steps, 3).length).toBeLessThan(80 * 1024);
    expect(index.summary.warnings.at(-1)).toMatch(
      /^step 4 is 94\d{5} bytes, over the 8388608 a step may hold: stored with each text cut at 65536 characters$/,
    );
    const [read] = page(index, 3, 4);
    expect(read!.text).toHaveLength(64 * 1024);
    expect(read!.cut).toEqual({ chars: expect.any(Number) });
    expect(read!.cut!.chars).toBeGreaterThan(huge.length);
    expect(page(index, 4, 5)).toEqual(trace.steps.slice(4, 5));
  });
});

describe("which trace of a rollout is indexed", () => {
  it("an Inspect sample of a log: the log and the sample; a sample file of an expanded log: the file", () => {
    const paths = ["logs/a.eval", "logs/b/samples/2_epoch_1.json"];
    expect(indexedTraceKey("inspect", "logs/a.eval#1_epoch_3", paths)).toEqual({
      path: "logs/a.eval",
      part: "1_epoch_3",
    });
    expect(indexedTraceKey("inspect", "logs/b/samples/2_epoch_1.json", paths)).toEqual({
      path: "logs/b/samples/2_epoch_1.json",
      part: "",
    });
    expect(indexedTraceKey("inspect", "logs/other.eval#1_epoch_1", paths)).toBeNull();
    expect(indexedTraceKey("silo", "run/T/result.json", ["run/T/result.json", "run/T/trace.jsonl"])).toEqual({
      path: "run/T/trace.jsonl",
      part: "",
    });
    expect(indexedTraceKey("harbor", "trial/result.json", ["trial/result.json"])).toBeNull();
    expect([indexedByOwnFile("harbor"), indexedByOwnFile("silo"), indexedByOwnFile("inspect")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(indexedByOwnFile("tau-bench")).toBe(false);
  });
});
