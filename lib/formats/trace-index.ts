import type { PackedSteps, Trace, TraceIndexSummary, TraceStep, TraceSummary } from "@/lib/traces";
import { stepAt } from "@/lib/traces";
import { findSidecar } from "./silo/sidecars";
import { indexTraceSteps, readIndexedStepLines } from "./steps-index";
import { indexSiloTraceLines, type BuiltTraceIndex } from "./silo/trace-index";
import { readSiloIndexedSteps, type TraceChunkBytes } from "./silo/trace-page";
import type { FormatId, InputFile } from "./types";

/*
 * Which traces are read by an index (docs/traces.md, "Big traces"), and by which key:
 * - a Silo `trace.jsonl` of INDEXED_TRACE_BYTES or more is indexed from its lines (its file, part "");
 * - an Inspect sample holding INDEXED_TRACE_CHARS characters of content or more is indexed as its steps once
 *   read whole (its log and the sample as part; a sample file of an expanded log, part "");
 * - any other trace holding that much content is indexed as its steps once read whole, when it was read from one
 *   stored file of its rollout (the trace's path is the path of exactly one of them): that file, part "". A
 *   trace joined from several files, or an entry of a shared file (a tau-bench entry: `results.json#13_trial_1`),
 *   and a Silo trace.jsonl (its lines are its index) are read whole at every size.
 * A smaller trace is read whole.
 */

/** From this size on, a Silo trace.jsonl is indexed and read a page at a time. */
export const INDEXED_TRACE_BYTES = 8 * 1024 * 1024;
/** From this much content on (text, reasoning, arguments, results), a trace read whole is indexed as its steps. */
export const INDEXED_TRACE_CHARS = 4 * 1024 * 1024;

/** Formats whose traces' index keys come from the source path alone (an Inspect sample is a part of its log). */
const KEYED_BY_SOURCE = new Set(["inspect"]);
/** Formats whose trace is an entry of a file shared by many rollouts: never a file of its own. */
const SHARED_FILE = new Set(["tau-bench"]);

/** Where a rollout's indexed trace is: the file and, for a file holding many traces, which one (`part`). */
export interface IndexedTraceKey {
  path: string;
  part: string;
}

/**
 * The file and part a rollout's trace index would be of, among its files' paths, when paths alone say it (a Silo
 * trace.jsonl, an Inspect sample); null otherwise (another format's trace is found by its own file once read:
 * stepsIndexKey). Looks at paths only: the bytes need not be fetched to ask. An Inspect rollout's source is
 * `<log>.eval#<id>_epoch_<n>` (the part), or a sample file of an expanded log (part "").
 */
export function indexedTraceKey(format: string, sourcePath: string, paths: readonly string[]): IndexedTraceKey | null {
  if (KEYED_BY_SOURCE.has(format)) {
    const hash = sourcePath.lastIndexOf("#");
    const path = hash === -1 ? sourcePath : sourcePath.slice(0, hash);
    return paths.includes(path) ? { path, part: hash === -1 ? "" : sourcePath.slice(hash + 1) } : null;
  }
  const path = indexedTracePath(format, sourcePath, paths);
  return path === null ? null : { path, part: "" };
}

/**
 * Whether a trace of this format is indexed as its steps by a key its source path gives (an Inspect sample), so a
 * read knows the key before it reads the trace.
 */
export function keyedBySource(format: string): boolean {
  return KEYED_BY_SOURCE.has(format);
}

/**
 * Whether a big trace of this format, read whole, is indexed by the one file it was read from (known only after
 * a read): a read looks for that index among the rollout's files (readStoredTrace).
 */
export function indexedByOwnFile(format: string): boolean {
  return !KEYED_BY_SOURCE.has(format) && !SHARED_FILE.has(format);
}

/**
 * The key a trace read whole is indexed by as its steps (the rules above), among its rollout's files' paths; null
 * when it is read whole at every size.
 */
export function stepsIndexKey(
  format: string,
  sourcePath: string,
  tracePath: string,
  paths: readonly string[],
): IndexedTraceKey | null {
  if (KEYED_BY_SOURCE.has(format)) return indexedTraceKey(format, sourcePath, paths);
  if (!indexedByOwnFile(format) || paths.filter((p) => p === tracePath).length !== 1) return null;
  if (format === "silo" && tracePath === indexedTracePath(format, sourcePath, paths)) return null;
  return { path: tracePath, part: "" };
}

/**
 * The index of a trace read whole and its key, when the rules above index it as its steps and it holds
 * `minChars` of content or more; else null.
 */
export function indexTraceOf(
  format: string,
  sourcePath: string,
  trace: Trace,
  paths: readonly string[],
  minChars: number = INDEXED_TRACE_CHARS,
): { key: IndexedTraceKey; index: BuiltTraceIndex } | null {
  const key = stepsIndexKey(format, sourcePath, trace.path, paths);
  const index = key ? indexTraceSteps(trace, minChars) : null;
  return key && index ? { key, index } : null;
}

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
  summary: Pick<TraceIndexSummary, "format" | "encoding">,
  packed: PackedSteps,
  from: number,
  to: number,
  chunks: readonly TraceChunkBytes[],
): TraceStep[] {
  if (summary.encoding === "steps") return readIndexedStepLines(packed, from, to, chunks);
  if (summary.format !== "silo") throw new Error(`no indexed reader for the trace format "${summary.format}"`);
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
