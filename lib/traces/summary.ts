import type { Trace, TraceRead, TraceTotals } from "./types";

/**
 * What ingest keeps of a rollout's trace: its totals when it reads, why when it does not (the trace itself is
 * read again from the raw files when a page asks). Null: the rollout has no trace.
 */
export type TraceSummary =
  | {
      status: "read";
      format: string;
      totals: TraceTotals;
      /** The name of the trace's last tool call, what a failure is grouped by; absent in summaries stored before it. */
      lastTool?: string | null;
    }
  | { status: "raw"; why: string };

/** The name of a trace's last tool call; null when it made none. */
export function lastToolOf(trace: Trace): string | null {
  for (let i = trace.steps.length - 1; i >= 0; i--) {
    const calls = trace.steps[i]!.toolCalls;
    if (calls.length > 0) return calls[calls.length - 1]!.name;
  }
  return null;
}

export function summariseTrace(read: TraceRead): TraceSummary | null {
  if (read.kind === "trace")
    return { status: "read", format: read.trace.format, totals: read.trace.totals, lastTool: lastToolOf(read.trace) };
  if (read.kind === "raw") return { status: "raw", why: read.raw.why };
  return null;
}
