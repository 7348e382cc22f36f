import type { PackedSteps, TraceStep, TraceSummary } from "@/lib/traces";
import { stepAt } from "@/lib/traces";
import { findSidecar } from "./silo/sidecars";
import { indexSiloTraceLines, type BuiltTraceIndex } from "./silo/trace-index";
import { readSiloIndexedSteps, type TraceChunkBytes } from "./silo/trace-page";
import type { FormatId, InputFile } from "./types";

/*
 * Which traces are read by an index (docs/traces.md, "Big traces"): a Silo `trace.jsonl` of
 * INDEXED_TRACE_BYTES or more. Every other trace, and a smaller one, is read whole as before.
 */

/** From this size on, a Silo trace.jsonl is indexed and read a page at a time. */
export const INDEXED_TRACE_BYTES = 8 * 1024 * 1024;

export type { BuiltTraceIndex };

/**
 * The path of the file a rollout's trace index would be of, among its files' paths; null when its format's
 * traces are not indexed. Looks at paths only: the bytes need not be fetched to ask.
 */
export function indexedTracePath(format: string, sourcePath: string, paths: readonly string[]): string | null {
  if (format !== "silo") return null;
  const files = paths.map((path) => ({ path, bytes: new Uint8Array(0) }));
  return findSidecar(files, sourcePath, "trace.jsonl", "trace.jsonl")?.path ?? null;
}

/**
 * The index of a rollout's trace file (`file`, the one indexedTracePath names), or null when it is smaller than
 * `minBytes` or no line of it parses (the whole-file reader then says why).
 */
export function buildTraceIndex(
  format: string,
  file: InputFile,
  minBytes: number = INDEXED_TRACE_BYTES,
): BuiltTraceIndex | null {
  if (format !== "silo" || file.bytes.byteLength < minBytes) return null;
  return indexSiloTraceLines(file);
}

/** Steps [from, to) of an indexed trace, from the chunks that hold them, in order. */
export function readIndexedSteps(
  format: string,
  packed: PackedSteps,
  from: number,
  to: number,
  chunks: readonly TraceChunkBytes[],
): TraceStep[] {
  if (format !== "silo") throw new Error(`no indexed reader for the trace format "${format}"`);
  return readSiloIndexedSteps(packed, from, to, chunks);
}

/** What ingest stores of a trace it indexed (as summariseTrace gives for a trace read whole). */
export function indexSummary(index: BuiltTraceIndex): TraceSummary {
  let lastTool: string | null = null;
  for (let i = index.steps.count - 1; i >= 0 && lastTool === null; i--) lastTool = stepAt(index.steps, i).tool;
  return { status: "read", format: index.summary.format, totals: index.summary.totals, lastTool };
}

/** The index of a rollout's trace among its files, when it has one that is indexed (ingest's question). */
export function rolloutTraceIndex(
  format: FormatId,
  sourcePath: string,
  files: readonly InputFile[],
  minBytes: number = INDEXED_TRACE_BYTES,
): { file: InputFile; index: BuiltTraceIndex } | null {
  const path = indexedTracePath(
    format,
    sourcePath,
    files.map((f) => f.path),
  );
  const file = path === null ? undefined : files.find((f) => f.path === path);
  if (!file) return null;
  const index = buildTraceIndex(format, file, minBytes);
  return index ? { file, index } : null;
}
