import type { IndexedTraceRef, StepSource, TraceTotals } from "./types";

/*
 * A trace index: what a big trace's steps are, without their contents, so a page of steps is read from a few
 * stored chunks of the trace's bytes instead of parsing the whole file. Built once per raw file (by sha256),
 * stored beside it. Steps are packed as columns: 300,000 steps take 7.5 MB.
 */

/** Bumped when what an index holds changes: an index of another version is built again. */
export const TRACE_INDEX_VERSION = 1;

/** One step of the index. */
export interface IndexedStep {
  /** Where the step's bytes start in the raw file, and how many there are. */
  offset: number;
  length: number;
  source: StepSource;
  /** The step has a tool result marked as an error. */
  isError: boolean;
  /** The step was larger than a step may be (MAX_STEP_BYTES): never parsed, shown by its start. */
  oversized: boolean;
  /** The first tool call's name, or null. */
  tool: string | null;
  /** Characters of text, reasoning, arguments and results the step holds. */
  contentLength: number;
}

/** What the index says of the whole trace. */
export interface TraceIndexSummary {
  version: number;
  format: string;
  /** The file indexed, among the rollout's files. */
  path: string;
  bytes: number;
  totals: TraceTotals;
  /** Step indexes with a tool error, at most MAX_INDEXED_ERRORS (then `errorsCut`). */
  errors: number[];
  errorsCut: boolean;
  warnings: string[];
  /**
   * What the chunks hold: "lines", the raw file's own bytes (a Silo trace.jsonl; offsets are into the file), or
   * "steps", each step as the reader made it, one JSON line a step (a trace indexed after it was read whole, such
   * as an Inspect sample; offsets are into those lines). Absent: "lines".
   */
  encoding?: "lines" | "steps";
  /** The first step of each stored chunk, in order (chunk 0 starts at step 0). */
  chunkFirstStep: number[];
  /** Where each chunk's bytes start in the raw file. */
  chunkOffset: number[];
}

/** Evidence refs by kind, as evidenceIndex gives them: [ref, step index] pairs, first step of each ref. */
export type IndexedRefs = NonNullable<IndexedTraceRef["refs"]>;

export const MAX_INDEXED_ERRORS = 10_000;

const SOURCES: readonly StepSource[] = ["system", "user", "agent", "tool", "environment"];
const ERROR = 1;
const OVERSIZED = 2;
/** Bytes per step: offset f64, length u32, content length u32, tool i32, source u8, flags u8, 2 spare. */
const STEP_BYTES = 24;

/** The steps as columns, and the tool names they point into. */
export interface PackedSteps {
  count: number;
  bytes: Uint8Array;
  tools: string[];
}

export function packSteps(steps: readonly IndexedStep[]): PackedSteps {
  const bytes = new Uint8Array(steps.length * STEP_BYTES);
  const view = new DataView(bytes.buffer);
  const tools: string[] = [];
  const toolIds = new Map<string, number>();
  steps.forEach((s, i) => {
    const at = i * STEP_BYTES;
    let tool = -1;
    if (s.tool !== null) {
      tool = toolIds.get(s.tool) ?? -1;
      if (tool === -1) {
        tool = tools.length;
        tools.push(s.tool);
        toolIds.set(s.tool, tool);
      }
    }
    view.setFloat64(at, s.offset, true);
    view.setUint32(at + 8, s.length, true);
    view.setUint32(at + 12, Math.min(s.contentLength, 0xffffffff), true);
    view.setInt32(at + 16, tool, true);
    view.setUint8(at + 20, SOURCES.indexOf(s.source));
    view.setUint8(at + 21, (s.isError ? ERROR : 0) | (s.oversized ? OVERSIZED : 0));
  });
  return { count: steps.length, bytes, tools };
}

/** Step `i` of packed steps. */
export function stepAt(packed: PackedSteps, i: number): IndexedStep {
  const view = new DataView(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
  const at = i * STEP_BYTES;
  const tool = view.getInt32(at + 16, true);
  const flags = view.getUint8(at + 21);
  return {
    offset: view.getFloat64(at, true),
    length: view.getUint32(at + 8, true),
    contentLength: view.getUint32(at + 12, true),
    tool: tool < 0 ? null : (packed.tools[tool] ?? null),
    source: SOURCES[view.getUint8(at + 20)] ?? "environment",
    isError: (flags & ERROR) !== 0,
    oversized: (flags & OVERSIZED) !== 0,
  };
}

/** Whether `bytes` hold `count` packed steps. */
export function packedLengthFits(bytes: Uint8Array, count: number): boolean {
  return bytes.byteLength === count * STEP_BYTES;
}

/** The chunks holding steps [from, to): first and last chunk numbers (to > from). */
export function chunksOf(
  summary: Pick<TraceIndexSummary, "chunkFirstStep">,
  from: number,
  to: number,
): [number, number] {
  const find = (step: number) => {
    const starts = summary.chunkFirstStep;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= step) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return [find(from), find(to - 1)];
}
