import {
  cutLongTexts,
  MAX_INDEXED_ERRORS,
  packSteps,
  TRACE_INDEX_VERSION,
  type IndexedStep,
  type PackedSteps,
  type Trace,
  type TraceStep,
} from "@/lib/traces";
import { parseJsonText } from "./json";
import {
  CHUNK_BYTES,
  MAX_STEP_BYTES,
  OVERSIZED_HEAD_BYTES,
  RefCollector,
  stepContentLength,
  type BuiltTraceIndex,
} from "./silo/trace-index";
import { indexedStepBytes, unreadableStep, type TraceChunkBytes } from "./silo/trace-page";

/*
 * The index of a trace that is read whole (an Inspect sample is one JSON value inside a log, with its steps
 * joined from messages and events): read once, at ingest or on first read, then stored as its steps, one JSON
 * line a step, cut into chunks at step boundaries. A page of steps parses only its own lines back, so a sample
 * of 100,000 events is never parsed again.
 */

const encoder = new TextEncoder();
const utf8 = new TextDecoder("utf-8", { fatal: false });

/** The steps of a trace as stored lines: a step without its index (its place says it). */
function stepLine(step: TraceStep): Uint8Array {
  const { index: _, ...rest } = step;
  return encoder.encode(`${JSON.stringify(rest)}\n`);
}

/**
 * The index of a trace read whole: null when its steps hold fewer than `minChars` characters of content (text,
 * reasoning, arguments, results: a trace that small is read whole as before; asking costs no serialising). The
 * summary keeps the trace's own totals (recorded ones included) and warnings.
 */
export function indexTraceSteps(trace: Trace, minChars: number): BuiltTraceIndex | null {
  const content = trace.steps.map(stepContentLength);
  if (trace.steps.length === 0 || content.reduce((n, c) => n + c, 0) < minChars) return null;
  const steps: IndexedStep[] = [];
  const refs = new RefCollector();
  const errors: number[] = [];
  let errorsCut = false;
  const chunks: Uint8Array[] = [];
  const chunkFirstStep: number[] = [];
  const chunkOffset: number[] = [];
  let open: Uint8Array[] = [];
  let openBytes = 0;
  const close = () => {
    if (open.length === 0) return;
    const chunk = new Uint8Array(openBytes);
    let at = 0;
    for (const line of open) {
      chunk.set(line, at);
      at += line.byteLength;
    }
    chunks.push(chunk);
    open = [];
    openBytes = 0;
  };
  let offset = 0;
  const warnings = [...trace.warnings];
  trace.steps.forEach((step, i) => {
    let line = stepLine(step);
    const oversized = line.byteLength > MAX_STEP_BYTES;
    if (oversized) {
      // A step this big is stored with its strings cut: no page, nor `whole=1`, ever holds more than that.
      warnings.push(
        `step ${i + 1} is ${line.byteLength} bytes, over the ${MAX_STEP_BYTES} a step may hold: stored with each text cut at ${OVERSIZED_HEAD_BYTES} characters`,
      );
      line = stepLine(cutLongTexts(step, OVERSIZED_HEAD_BYTES));
    }
    if (open.length > 0 && openBytes + line.byteLength > CHUNK_BYTES) close();
    if (open.length === 0) {
      chunkFirstStep.push(i);
      chunkOffset.push(offset);
    }
    open.push(line);
    openBytes += line.byteLength;
    const isError = step.results.some((r) => r.isError);
    steps.push({
      offset,
      length: line.byteLength - 1,
      source: step.source,
      isError,
      oversized,
      tool: step.toolCalls[0]?.name ?? null,
      contentLength: content[i]!,
    });
    offset += line.byteLength;
    refs.add(step, i);
    if (isError) {
      if (errors.length < MAX_INDEXED_ERRORS) errors.push(i);
      else errorsCut = true;
    }
  });
  close();
  return {
    summary: {
      version: TRACE_INDEX_VERSION,
      format: trace.format,
      path: trace.path,
      bytes: offset,
      totals: trace.totals,
      errors,
      errorsCut,
      warnings: warnings.slice(0, 50),
      encoding: "steps",
      chunkFirstStep,
      chunkOffset,
    },
    steps: packSteps(steps),
    refs: refs.refs(),
    chunks,
  };
}

function isStepShape(value: unknown): value is Omit<TraceStep, "index"> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.source === "string" && Array.isArray(v.toolCalls) && Array.isArray(v.results);
}

/** Steps [from, to) of a trace indexed as its steps, parsed back from the chunks holding them, in order. */
export function readIndexedStepLines(
  packed: PackedSteps,
  from: number,
  to: number,
  chunks: readonly TraceChunkBytes[],
): TraceStep[] {
  const out: TraceStep[] = [];
  for (const { i, bytes } of indexedStepBytes(packed, from, to, chunks)) {
    const parsed = bytes.length > 0 ? parseJsonText(utf8.decode(bytes)) : null;
    const value: unknown = parsed?.ok ? parsed.value : null;
    // Written by indexTraceSteps from these steps: one that no longer parses means the stored bytes changed.
    out.push(isStepShape(value) ? { ...value, index: i } : { ...unreadableStep(i), index: i });
  }
  return out;
}
