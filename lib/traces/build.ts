import { totalsDisagreement, traceTotals } from "./totals";
import type { StepMetrics, StepSource, Trace, TraceJsonObject, TraceStep } from "./types";

/** A step before it has its place in the trace. */
export type StepDraft = Omit<TraceStep, "index">;

/** A step with nothing but a source; readers fill in what their format has. */
export function draftStep(source: StepSource, fields: Partial<StepDraft> = {}): StepDraft {
  return {
    id: null,
    source,
    at: null,
    text: null,
    reasoning: null,
    toolCalls: [],
    results: [],
    images: [],
    metrics: null,
    subagent: null,
    extra: {},
    ...fields,
  };
}

export interface TraceParts {
  format: string;
  path: string;
  steps: readonly StepDraft[];
  /** Usage the source recorded for the whole trace (see traceTotals). */
  recorded?: Partial<StepMetrics>;
  metadata?: TraceJsonObject;
  warnings?: string[];
}

/** Warnings kept per trace: a file with thousands of odd steps says so without thousands of lines. */
export const MAX_WARNINGS = 50;

function capWarnings(warnings: string[]): string[] {
  if (warnings.length <= MAX_WARNINGS) return warnings;
  return [...warnings.slice(0, MAX_WARNINGS), `and ${warnings.length - MAX_WARNINGS} more warnings`];
}

/** Numbers the steps, computes the totals and notes where recorded totals disagree with the steps. */
export function buildTrace(parts: TraceParts): Trace {
  const steps: TraceStep[] = parts.steps.map((step, index) => ({ index, ...step }));
  const recorded = parts.recorded ?? {};
  const warnings = [...(parts.warnings ?? [])];
  for (const key of ["inputTokens", "outputTokens", "costUsd"] as const) {
    const disagreement = totalsDisagreement(steps, key, recorded[key] ?? null);
    if (disagreement) warnings.push(disagreement);
  }
  return {
    format: parts.format,
    path: parts.path,
    steps,
    totals: traceTotals(steps, recorded),
    metadata: parts.metadata ?? {},
    warnings: capWarnings(warnings),
  };
}

/** Metrics, or null when the step recorded none of them. */
export function stepMetrics(metrics: StepMetrics): StepMetrics | null {
  return Object.values(metrics).some((v) => v !== null) ? metrics : null;
}
