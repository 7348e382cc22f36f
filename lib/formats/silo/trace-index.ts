import {
  MAX_INDEXED_ERRORS,
  packSteps,
  TRACE_INDEX_VERSION,
  type IndexedRefs,
  type IndexedStep,
  type PackedSteps,
  type StepDraft,
  type TraceIndexSummary,
  type TraceTotals,
} from "@/lib/traces";
import { nestedDeeperThan, MAX_JSON_DEPTH } from "../json-depth";
import { parseJsonText } from "../json";
import type { InputFile } from "../types";
import { siloEventStep } from "./trace-events";

/*
 * The index of a Silo `trace.jsonl`, built in one pass over its lines: each line is parsed alone and dropped,
 * so building costs the file's bytes plus one line, and a line over MAX_STEP_BYTES is never parsed at all.
 */

/** A step larger than this is not parsed: it is indexed as an environment step shown by its first bytes. */
export const MAX_STEP_BYTES = 8 * 1024 * 1024;
/** What an oversized step keeps: its first bytes, as text. */
export const OVERSIZED_HEAD_BYTES = 64 * 1024;
/** A stored chunk closes past this many bytes (a page of 100 steps reads one or two chunks). */
export const CHUNK_BYTES = 1024 * 1024;
const MAX_LINE_WARNINGS = 20;

export interface BuiltTraceIndex {
  summary: TraceIndexSummary;
  steps: PackedSteps;
  refs: IndexedRefs;
  /** The chunks' bytes, in order: each the raw bytes of its steps (an oversized step's chunk: its head). */
  chunks: Uint8Array[];
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function textLength(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === "string" ? value.length : JSON.stringify(value).length;
}

/** Characters of what a step shows: its text, reasoning, call arguments and results. */
export function stepContentLength(step: StepDraft): number {
  let n = textLength(step.text) + textLength(step.reasoning);
  for (const call of step.toolCalls) n += textLength(call.arguments);
  for (const result of step.results) n += textLength(result.content);
  return n;
}

/** Totals summed one step at a time (traceTotals' rules: no recorded figures in a Silo trace). */
class TotalsAccumulator {
  toolCalls = 0;
  toolErrors = 0;
  sums: Record<"inputTokens" | "outputTokens" | "cachedTokens" | "costUsd", number | null> = {
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    costUsd: null,
  };
  first = Number.POSITIVE_INFINITY;
  last = Number.NEGATIVE_INFINITY;
  timed = 0;
  steps = 0;

  add(step: StepDraft | null): void {
    this.steps++;
    if (!step) return;
    this.toolCalls += step.toolCalls.length;
    for (const r of step.results) if (r.isError) this.toolErrors++;
    for (const key of Object.keys(this.sums) as (keyof typeof this.sums)[]) {
      const v = step.metrics?.[key];
      if (typeof v === "number" && Number.isFinite(v)) this.sums[key] = (this.sums[key] ?? 0) + v;
    }
    const t = step.at === null ? Number.NaN : Date.parse(step.at);
    if (!Number.isNaN(t)) {
      this.timed++;
      this.first = Math.min(this.first, t);
      this.last = Math.max(this.last, t);
    }
  }

  totals(): TraceTotals {
    return {
      steps: this.steps,
      toolCalls: this.toolCalls,
      toolErrors: this.toolErrors,
      ...this.sums,
      wallTimeMs: this.timed >= 2 ? this.last - this.first : null,
    };
  }
}

function isBlank(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return false;
  }
  return true;
}

/** Refs in first-step-wins order, as evidenceIndex keeps them. */
export class RefCollector {
  readonly stepIds = new Map<string, number>();
  readonly outputIds = new Map<string, number>();
  readonly callIds = new Map<string, number>();

  add(step: StepDraft, index: number): void {
    const first = (map: Map<string, number>, key: string) => {
      if (!map.has(key)) map.set(key, index);
    };
    if (step.id !== null) first(this.stepIds, step.id);
    for (const call of step.toolCalls) first(this.callIds, call.id);
    for (const result of step.results) {
      if (typeof result.content === "string") continue;
      for (const part of result.content) {
        if (part.type !== "json" || typeof part.value !== "object" || part.value === null) continue;
        if (Array.isArray(part.value)) continue;
        const id = part.value.id;
        if (typeof id === "string" || typeof id === "number") first(this.outputIds, String(id));
      }
    }
  }

  refs(): IndexedRefs {
    return { stepIds: [...this.stepIds], outputIds: [...this.outputIds], callIds: [...this.callIds] };
  }
}

/**
 * The index of a Silo JSON-lines trace: one step per line that parses (as readSiloTrace reads them), lines that
 * do not parse skipped with a warning naming the line. Null when no line parses (the whole-file reader then
 * shows the file as raw text, with why).
 */
export function indexSiloTraceLines(file: InputFile): BuiltTraceIndex | null {
  const bytes = file.bytes;
  const steps: IndexedStep[] = [];
  const totals = new TotalsAccumulator();
  const refs = new RefCollector();
  const warnings: string[] = [];
  const errors: number[] = [];
  let errorsCut = false;
  let skipped = 0;
  const skip = (line: number, why: string) => {
    skipped++;
    if (skipped <= MAX_LINE_WARNINGS) warnings.push(`${file.path} line ${line} skipped: ${why}`);
  };
  const chunks: Uint8Array[] = [];
  const chunkFirstStep: number[] = [];
  const chunkOffset: number[] = [];
  let chunkStart = -1;
  let chunkEnd = -1;
  const closeChunk = () => {
    if (chunkStart < 0) return;
    chunks.push(bytes.subarray(chunkStart, chunkEnd));
    chunkStart = -1;
  };
  const addStep = (step: IndexedStep, draft: StepDraft | null) => {
    const index = steps.length;
    if (step.oversized) {
      closeChunk();
      chunkFirstStep.push(index);
      chunkOffset.push(step.offset);
      chunks.push(bytes.subarray(step.offset, step.offset + Math.min(step.length, OVERSIZED_HEAD_BYTES)));
    } else {
      if (chunkStart >= 0 && step.offset + step.length - chunkStart > CHUNK_BYTES) closeChunk();
      if (chunkStart < 0) {
        chunkStart = step.offset;
        chunkFirstStep.push(index);
        chunkOffset.push(step.offset);
      }
      chunkEnd = step.offset + step.length;
    }
    steps.push(step);
    totals.add(draft);
    if (draft) refs.add(draft, index);
    if (step.isError) {
      if (errors.length < MAX_INDEXED_ERRORS) errors.push(index);
      else errorsCut = true;
    }
  };
  let line = 0;
  for (let from = 0; from < bytes.length;) {
    line++;
    const newline = bytes.indexOf(0x0a, from);
    const to = newline === -1 ? bytes.length : newline;
    const next = to + 1;
    if (isBlank(bytes, from, to)) {
      from = next;
      continue;
    }
    const length = to - from;
    if (length > MAX_STEP_BYTES) {
      warnings.push(
        `${file.path} line ${line} is ${length} bytes, over the ${MAX_STEP_BYTES} a step may hold: shown by its first ${OVERSIZED_HEAD_BYTES} bytes, not read`,
      );
      const step: IndexedStep = {
        offset: from,
        length,
        source: "environment",
        isError: false,
        oversized: true,
        tool: null,
        contentLength: length,
      };
      addStep(step, null);
      from = next;
      continue;
    }
    let text: string;
    try {
      text = utf8.decode(bytes.subarray(from, to));
    } catch {
      skip(line, "not UTF-8 text");
      from = next;
      continue;
    }
    const parsed = parseJsonText(text);
    if (!parsed.ok) {
      skip(line, parsed.error);
      from = next;
      continue;
    }
    if (nestedDeeperThan(parsed.value)) {
      skip(line, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
      from = next;
      continue;
    }
    const draft = siloEventStep(parsed.value, `events[${steps.length}]`, warnings);
    addStep(
      {
        offset: from,
        length,
        source: draft.source,
        isError: draft.results.some((r) => r.isError),
        oversized: false,
        tool: draft.toolCalls[0]?.name ?? null,
        contentLength: stepContentLength(draft),
      },
      draft,
    );
    from = next;
  }
  closeChunk();
  if (skipped > MAX_LINE_WARNINGS) warnings.push(`and ${skipped - MAX_LINE_WARNINGS} more lines skipped`);
  if (steps.length === 0) return null;
  return {
    summary: {
      version: TRACE_INDEX_VERSION,
      format: "silo",
      path: file.path,
      bytes: bytes.byteLength,
      totals: totals.totals(),
      errors,
      errorsCut,
      warnings: warnings.slice(0, 50),
      chunkFirstStep,
      chunkOffset,
    },
    steps: packSteps(steps),
    refs: refs.refs(),
    chunks,
  };
}
