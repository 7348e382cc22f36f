import { describe, expect, it } from "vitest";
import { chunksOf, evidenceIndex, stepAt, type Trace, type TraceRead } from "@/lib/traces";
import { loadFixture, textFile } from "../__fixtures__/load-fixture";
import { readSiloTrace } from "./trace";
import {
  CHUNK_BYTES,
  indexSiloTraceLines,
  MAX_STEP_BYTES,
  OVERSIZED_HEAD_BYTES,
  type BuiltTraceIndex,
} from "./trace-index";
import { readSiloIndexedSteps } from "./trace-page";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${read.kind}`);
  return read.trace;
}

function built(index: BuiltTraceIndex | null): BuiltTraceIndex {
  if (!index) throw new Error("expected an index");
  return index;
}

/** Steps [from, to) read back through the chunks, as a page read does. */
function page(index: BuiltTraceIndex, from: number, to: number) {
  const [first, last] = chunksOf(index.summary, from, to);
  const chunks = index.chunks
    .slice(first, last + 1)
    .map((bytes, n) => ({ start: index.summary.chunkOffset[first + n]!, bytes }));
  return readSiloIndexedSteps(index.steps, from, to, chunks);
}

const line = (event: object) => JSON.stringify(event);

describe("Silo trace index", () => {
  it("csv-conversion (17 events): offsets point at each event; kinds, tools, the error and totals as read whole", () => {
    const files = loadFixture("traces/silo/scoring-article/csv-conversion");
    const file = files.find((f) => f.path.endsWith("trace.jsonl"))!;
    const index = built(indexSiloTraceLines(file));
    const whole = traceOf(readSiloTrace(files));
    expect(index.summary.totals).toEqual(whole.totals);
    expect(index.summary.totals).toMatchObject({ steps: 17, toolCalls: 7, toolErrors: 1 });
    // Hand-checked: the error is seq 9 (step index 8), a convert_timezone result.
    expect(index.summary.errors).toEqual([8]);
    expect(stepAt(index.steps, 11)).toMatchObject({ source: "agent", tool: "write_file", isError: false });
    for (let i = 0; i < index.steps.count; i++) {
      const s = stepAt(index.steps, i);
      const event = JSON.parse(Buffer.from(file.bytes.subarray(s.offset, s.offset + s.length)).toString("utf8"));
      expect(String(event.seq)).toBe(whole.steps[i]!.id);
      expect(s.source).toBe(whole.steps[i]!.source);
    }
    expect(page(index, 0, 17)).toEqual(whole.steps);
    expect(page(index, 5, 9)).toEqual(whole.steps.slice(5, 9));
    const evidence = evidenceIndex(whole);
    expect(new Map(index.refs.stepIds)).toEqual(evidence.stepIds);
    expect(new Map(index.refs.callIds)).toEqual(evidence.callIds);
    expect(new Map(index.refs.outputIds)).toEqual(evidence.outputIds);
  });

  it("checkout: the evidence refs stored with the index resolve as the whole trace's (e3 is step 7)", () => {
    const files = loadFixture("traces/silo/scoring-article/checkout");
    const index = built(indexSiloTraceLines(files.find((f) => f.path.endsWith("trace.jsonl"))!));
    expect(index.refs.outputIds).toContainEqual(["e3", 6]);
    expect(new Map(index.refs.outputIds)).toEqual(evidenceIndex(traceOf(readSiloTrace(files))).outputIds);
  });

  it("splits a long trace into chunks of about 1 MB; a page across two chunks reads the same steps", () => {
    const events = Array.from({ length: 4000 }, (_, i) =>
      line(
        i % 2 === 0
          ? { seq: i + 1, type: "tool_call", callId: i, tool: `t${i % 3}`, input: { q: "x".repeat(500) } }
          : { seq: i + 1, type: "tool_result", callId: i - 1, output: { id: `e${i}`, text: "y".repeat(500) } },
      ),
    );
    const file = textFile("run/trace.jsonl", events.join("\n") + "\n");
    const index = built(indexSiloTraceLines(file));
    const whole = traceOf(readSiloTrace([file]));
    expect(index.chunks.length).toBeGreaterThan(1);
    for (const chunk of index.chunks) expect(chunk.byteLength).toBeLessThanOrEqual(CHUNK_BYTES);
    const boundary = index.summary.chunkFirstStep[1]!;
    expect(page(index, boundary - 50, boundary + 50)).toEqual(whole.steps.slice(boundary - 50, boundary + 50));
    expect(page(index, 3900, 4000)).toEqual(whole.steps.slice(3900, 4000));
    expect(chunksOf(index.summary, 0, 4000)).toEqual([0, index.chunks.length - 1]);
  });

  it("a cut last line and a line nested 10,000 deep are skipped, each warned about by line", () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const text = [
      line({ seq: 1, type: "tool_call", callId: 1, tool: "ls", input: {} }),
      deep,
      line({ seq: 3, type: "tool_result", callId: 1, isError: true, output: "boom" }),
      '{"seq": 4, "type": "tool_ca',
    ].join("\n");
    const index = built(indexSiloTraceLines(textFile("t/trace.jsonl", text)));
    expect(index.summary.totals).toMatchObject({ steps: 2, toolCalls: 1, toolErrors: 1 });
    expect(index.summary.errors).toEqual([1]);
    expect(index.summary.warnings).toEqual([
      "t/trace.jsonl line 2 skipped: JSON nested deeper than 512 levels",
      expect.stringMatching(/^t\/trace\.jsonl line 4 skipped: invalid JSON/),
    ]);
  });

  it("a step of 200 MB is never parsed: shown by its first 64 KB, at bounded memory", () => {
    const head = Buffer.from(line({ seq: 1, type: "tool_call", callId: 1, tool: "ls", input: {} }) + "\n");
    const size = 200 * 1024 * 1024;
    const bytes = new Uint8Array(head.length + size + 1);
    bytes.set(head, 0);
    bytes.set(Buffer.from('{"seq":2,"type":"tool_result","output":"'), head.length);
    bytes.fill(0x61, head.length + 40, head.length + size - 2);
    bytes.set(Buffer.from('"}\n'), head.length + size - 2);
    const before = process.memoryUsage().heapUsed;
    const index = built(indexSiloTraceLines({ path: "big/trace.jsonl", bytes }));
    const grew = process.memoryUsage().heapUsed - before;
    expect(grew).toBeLessThan(32 * 1024 * 1024);
    expect(index.summary.totals.steps).toBe(2);
    expect(stepAt(index.steps, 1)).toMatchObject({ oversized: true, source: "environment", length: size });
    expect(index.summary.warnings[0]).toBe(
      `big/trace.jsonl line 2 is ${size} bytes, over the ${MAX_STEP_BYTES} a step may hold: shown by its first ${OVERSIZED_HEAD_BYTES} bytes, not read`,
    );
    const [step] = page(index, 1, 2);
    expect(step!.text!.length).toBe(OVERSIZED_HEAD_BYTES);
    expect(step!.extra).toEqual({ oversized: true, bytes: size, shownBytes: OVERSIZED_HEAD_BYTES });
  });

  it("a file with no line that parses has no index (the whole-file reader says why)", () => {
    expect(indexSiloTraceLines(textFile("t/trace.jsonl", "not json\n{also not\n"))).toBeNull();
  });
});
