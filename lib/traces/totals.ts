import type { StepMetrics, TraceStep, TraceTotals } from "./types";

type MetricKey = keyof StepMetrics;

/** Sum of one metric over the steps that recorded it; null when none did. */
function sumMetric(steps: readonly TraceStep[], key: MetricKey): number | null {
  let total: number | null = null;
  for (const step of steps) {
    const value = step.metrics?.[key];
    if (typeof value === "number" && Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}

function wallTime(steps: readonly TraceStep[]): number | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let timed = 0;
  for (const step of steps) {
    const t = step.at === null ? Number.NaN : Date.parse(step.at);
    if (Number.isNaN(t)) continue;
    timed++;
    first = Math.min(first, t);
    last = Math.max(last, t);
  }
  return timed >= 2 ? last - first : null;
}

/**
 * Totals of a trace. Token and cost figures the source recorded for the whole trace (`recorded`, e.g. ATIF's
 * final_metrics) win over the sum of the steps: a harness may count usage the steps do not show (subagents,
 * retries); a figure it did not record falls back to the sum.
 */
export function traceTotals(steps: readonly TraceStep[], recorded: Partial<StepMetrics> = {}): TraceTotals {
  let toolCalls = 0;
  let toolErrors = 0;
  for (const step of steps) {
    toolCalls += step.toolCalls.length;
    for (const result of step.results) if (result.isError) toolErrors++;
  }
  const pick = (key: MetricKey) => recorded[key] ?? sumMetric(steps, key);
  return {
    steps: steps.length,
    toolCalls,
    toolErrors,
    inputTokens: pick("inputTokens"),
    outputTokens: pick("outputTokens"),
    cachedTokens: pick("cachedTokens"),
    costUsd: pick("costUsd"),
    wallTimeMs: wallTime(steps),
  };
}

/** The summed step figure when it disagrees with the recorded one, as a warning; null when they agree. */
export function totalsDisagreement(
  steps: readonly TraceStep[],
  key: MetricKey,
  recorded: number | null,
): string | null {
  const summed = sumMetric(steps, key);
  if (recorded === null || summed === null) return null;
  const tolerance = Math.max(1e-9, Math.abs(recorded) * 1e-6);
  if (Math.abs(summed - recorded) <= tolerance) return null;
  return `the trace records ${key} ${round(recorded)} for the whole run, but its steps add up to ${round(summed)}`;
}

const round = (n: number) => String(Math.round(n * 1e6) / 1e6);
