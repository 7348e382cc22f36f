import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { chunkedEntries } from "@/scripts/inspect-chunked-fixture.mjs";
import { expandZip } from "@/lib/archive/unzip";
import { writeInspectEval } from "@/lib/bench/inspect-eval";
import { parseBatch } from "@/lib/ingest/parse-batch";
import type { Trace, TraceRead } from "@/lib/traces";
import { fixtureFile } from "../__fixtures__/load-fixture";
import { indexTraceSteps } from "../steps-index";
import { readRolloutTrace } from "../trace-readers";
import type { InputFile, JsonObject, NormalizedRollout, NormalizedRun } from "../types";
import { readChunkedSample, chunkedSampleEntries } from "./chunked";
import { resolveAttachments } from "./trace-messages";

// The chunked fixtures were converted from the monolith log beside them by scripts/inspect-chunked-fixture.mjs
// (chunk size 2, so several chunks of each sequence exist); mixed.eval holds the sample chunked as epoch 1 and
// a copy kept monolith as epoch 2.
const DIR = "traces/inspect-ai";
const monolith = () => fixtureFile(`${DIR}/log_message_deduplication.eval`, "dedup.eval");
const chunked = () => fixtureFile(`${DIR}/chunked/log_message_deduplication.eval`, "dedup.eval");
const mixed = () => fixtureFile(`${DIR}/chunked/mixed.eval`, "mixed.eval");

function onlyRun(files: InputFile[]): NormalizedRun {
  const batch = parseBatch(files);
  expect(batch.rejected).toEqual([]);
  expect(batch.runs).toHaveLength(1);
  return batch.runs[0]!;
}

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

/** A rollout without what names its bytes (sha256, the log's name, its epoch). */
function comparable(r: NormalizedRollout) {
  const { source, id: _, files: __, metadata, ...rest } = r;
  const { epoch: ___, uuid: ____, ...meta } = metadata;
  return { ...rest, metadata: meta, source: { format: source.format } };
}

describe("Inspect chunked samples: the same rollouts as the monolith log they were converted from (golden)", () => {
  it("log_message_deduplication: one rollout, checks, measures and metadata as the monolith's", () => {
    const mono = onlyRun([monolith()]);
    const run = onlyRun([chunked()]);
    expect(run.format).toBe("inspect");
    expect(run.rollouts.map((r) => [r.id, r.source.path, r.files])).toEqual([
      ["0#1", "dedup.eval#0_epoch_1", ["dedup.eval"]],
    ]);
    const [a, b] = [mono.rollouts[0]!, run.rollouts[0]!];
    expect(comparable(b)).toEqual(comparable(a));
    expect(b.metadata).toEqual(a.metadata);
    // Hand-read from the sample: closeness_log 0 (graded, failed), 5 bash calls, 0.457 s total, 0.449 s working.
    expect(b.checks.map((c) => [c.key, c.status, c.score, c.passed])).toEqual([["closeness_log", "graded", 0, false]]);
    expect([b.status, b.toolCalls, b.toolErrors, b.durationMs, b.agentMs, b.agentOutput]).toEqual([
      "scored",
      5,
      0,
      457,
      449,
      "done",
    ]);
  });

  it("the trace: 12 steps, 5 tool calls, steps and their index equal to the monolith's", () => {
    const ref = { path: "dedup.eval#0_epoch_1", format: "inspect" as const };
    const mono = traceOf(readRolloutTrace(ref, [monolith()]));
    const trace = traceOf(readRolloutTrace(ref, [chunked()]));
    expect(trace.totals).toMatchObject({ steps: 12, toolCalls: 5, toolErrors: 0 });
    expect(trace.totals).toEqual(mono.totals);
    expect(trace.steps).toEqual(mono.steps);
    expect(trace.steps[2]!.at).toBe("2025-10-06T10:15:45.377442+00:00");
    const [ia, ib] = [indexTraceSteps(mono, 1), indexTraceSteps(trace, 1)];
    expect(ib).not.toBeNull();
    expect(ib!.summary.totals).toEqual(ia!.summary.totals);
    expect(ib!.steps).toEqual(ia!.steps);
    expect(ib!.chunks).toEqual(ia!.chunks);
  });

  it("reassembles every sequence in order, the one attachment put back where the monolith referenced it", () => {
    const expanded = expandZip(chunked());
    if ("error" in expanded) throw new Error(expanded.error);
    const entries = chunkedSampleEntries(expanded.files.map((f) => [f.path.replace(/^dedup\.eval\//, ""), f]));
    expect([...entries.keys()]).toEqual(["0_epoch_1"]);
    expect([...entries.get("0_epoch_1")!.keys()].filter((n) => n.startsWith("events/")).length).toBe(21 + 2);
    const read = readChunkedSample("0_epoch_1", entries.get("0_epoch_1")!);
    if (!read.ok) throw new Error(read.error);
    const mono = expandZip(monolith());
    if ("error" in mono) throw new Error(mono.error);
    const sample = JSON.parse(
      new TextDecoder().decode(mono.files.find((f) => f.path.endsWith("0_epoch_1.json"))!.bytes),
    ) as JsonObject;
    const attachments = sample.attachments as JsonObject;
    expect(read.value.events).toEqual(resolveAttachments(sample.events!, attachments));
    expect(read.value.messages).toEqual(sample.messages);
    expect((read.value.events_data as JsonObject).messages).toHaveLength(12);
    expect(JSON.stringify(read.value)).not.toContain("attachment://");
    expect(JSON.stringify(read.value)).toContain(JSON.stringify(Object.values(attachments)[0]).slice(1, -1));
  });

  it("a log mixing a chunked sample (epoch 1) and a monolith one (epoch 2): two rollouts alike but for the epoch", () => {
    const run = onlyRun([mixed()]);
    expect(run.rollouts.map((r) => [r.id, r.source.path])).toEqual([
      ["0#1", "mixed.eval#0_epoch_1"],
      ["0#2", "mixed.eval#0_epoch_2"],
    ]);
    const [a, b] = run.rollouts;
    expect(comparable(a!)).toEqual(comparable(b!));
    const t1 = traceOf(readRolloutTrace({ path: "mixed.eval#0_epoch_1", format: "inspect" }, [mixed()]));
    const t2 = traceOf(readRolloutTrace({ path: "mixed.eval#0_epoch_2", format: "inspect" }, [mixed()]));
    expect([t1.totals.steps, t1.totals.toolCalls]).toEqual([12, 5]);
    expect(t1.steps).toEqual(t2.steps);
  });

  it("an expanded chunked log: the rollout points at the sample's shell, its trace read from there", () => {
    const expanded = expandZip(chunked());
    if ("error" in expanded) throw new Error(expanded.error);
    const run = onlyRun(expanded.files);
    const rollout = run.rollouts[0]!;
    expect(rollout.source.path).toBe("dedup.eval/samples/0_epoch_1/sample.json");
    expect(rollout.files[0]).toBe("dedup.eval/samples/0_epoch_1/sample.json");
    expect(rollout.files).toContain("dedup.eval/samples/0_epoch_1/events/40.json");
    expect(rollout.toolCalls).toBe(5);
    const trace = traceOf(readRolloutTrace({ path: rollout.source.path, format: "inspect" }, expanded.files));
    expect([trace.totals.steps, trace.totals.toolCalls]).toEqual([12, 5]);
  });
});

describe("a generated sample of 600 tool calls, chunked by 300", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-chunked-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("reads the trace and its steps index as the monolith's: 1,203 steps, 600 tool calls", () => {
    const file = path.join(tmp, "big.eval");
    writeInspectEval(file, { samples: 1, seed: 11, compression: "raw", calls: 600 });
    const mono: InputFile = { path: "big.eval", bytes: new Uint8Array(fs.readFileSync(file)) };
    const expanded = expandZip(mono);
    if ("error" in expanded) throw new Error(expanded.error);
    const entries: Record<string, Uint8Array> = {};
    for (const f of expanded.files) {
      const name = f.path.slice("big.eval/".length);
      if (!/^samples\/[^/]+\.json$/.test(name)) entries[name] = f.bytes;
      else {
        const sample = JSON.parse(new TextDecoder().decode(f.bytes)) as Record<string, unknown>;
        for (const [n, t] of Object.entries(chunkedEntries(sample, 300, 10 * 1024 * 1024))) entries[n] = strToU8(t);
      }
    }
    expect(Object.keys(entries).filter((n) => /^samples\/1_epoch_1\/events\/\d+\.json$/.test(n))).toHaveLength(5);
    const chunkedLog: InputFile = { path: "big.eval", bytes: zipSync(entries) };
    const ref = { path: "big.eval#1_epoch_1", format: "inspect" as const };
    const [a, b] = [traceOf(readRolloutTrace(ref, [mono])), traceOf(readRolloutTrace(ref, [chunkedLog]))];
    expect(b.totals).toMatchObject({ steps: 1203, toolCalls: 600 });
    expect(b.totals).toEqual(a.totals);
    expect(b.steps).toEqual(a.steps);
    const [ia, ib] = [indexTraceSteps(a, 0)!, indexTraceSteps(b, 0)!];
    expect(ib.steps.count).toBe(1203);
    expect(ib.chunks).toEqual(ia.chunks);
    expect(ib.steps).toEqual(ia.steps);
    const run = onlyRun([chunkedLog]);
    expect(comparable(run.rollouts[0]!)).toEqual(comparable(onlyRun([mono]).rollouts[0]!));
  });
});
