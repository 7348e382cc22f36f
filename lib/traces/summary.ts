import type { TraceRead, TraceTotals } from "./types";

/**
 * What ingest keeps of a rollout's trace: its totals when it reads, why when it does not (the trace itself is
 * read again from the raw files when a page asks). Null: the rollout has no trace.
 */
export type TraceSummary = { status: "read"; format: string; totals: TraceTotals } | { status: "raw"; why: string };

export function summariseTrace(read: TraceRead): TraceSummary | null {
  if (read.kind === "trace") return { status: "read", format: read.trace.format, totals: read.trace.totals };
  if (read.kind === "raw") return { status: "raw", why: read.raw.why };
  return null;
}
