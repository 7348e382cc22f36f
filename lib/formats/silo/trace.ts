import { buildTrace, linkByAdjacency, noTrace, rawTrace, type StepDraft, type TraceRead } from "@/lib/traces";
import { parseTraceJson, parseTraceJsonLines } from "../trace-input";
import type { InputFile, Json } from "../types";
import { findSidecar } from "./sidecars";
import { siloEventStep } from "./trace-events";

function fromEvents(path: string, events: readonly Json[], warnings: string[]): TraceRead {
  const steps: StepDraft[] = events.map((event, i) => siloEventStep(event, `events[${i}]`, warnings));
  // Calls and results share callId; an older trace without ids pairs them in order.
  linkByAdjacency(steps);
  return { kind: "trace", trace: buildTrace({ format: "silo", path, steps, warnings }) };
}

/**
 * The trace of one Silo rollout: `trace.jsonl` (a run folder, or beside a result.json), else the baselines
 * layout's `<task>.tool-events.json` sidecar (a JSON array of the same events). With the result's path, only
 * the sidecars of that result count.
 */
export function readSiloTrace(files: readonly InputFile[], resultPath: string | null = null): TraceRead {
  const lines = findSidecar(files, resultPath, "trace.jsonl", "trace.jsonl");
  if (lines) {
    const parsed = parseTraceJsonLines(lines);
    if (!parsed.ok) return parsed.read;
    return fromEvents(lines.path, parsed.value.values, [...parsed.value.warnings]);
  }
  const array = findSidecar(files, resultPath, "tool-events.json", "tool-events.json");
  if (array) {
    const parsed = parseTraceJson(array);
    if (!parsed.ok) return parsed.read;
    if (!Array.isArray(parsed.value)) return rawTrace(array.path, array.bytes, "expected a JSON array of tool events");
    return fromEvents(array.path, parsed.value, []);
  }
  return noTrace("no trace.jsonl or <task>.tool-events.json among the rollout's files");
}
