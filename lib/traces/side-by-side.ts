import { alignByToolCalls } from "./align";
import { contentText } from "./content";
import type { ToolResult, Trace, TraceJson } from "./types";

/** Characters of a call's arguments or result kept per cell: the full text is on each rollout's page. */
export const CALL_TEXT_LIMIT = 400;

/** Aligned rows rendered per page of the side by side; the rest are reached by `from` (the next window). */
export const ALIGNED_ROWS_PER_PAGE = 300;

/** One tool call as a side-by-side cell: where it is in its trace, what it was called with and what came back. */
export interface CallCell {
  /** Index of the step holding the call (0-based, as evidence and the rollout page count). */
  step: number;
  name: string;
  /** The arguments as compact JSON, cut at CALL_TEXT_LIMIT characters. */
  args: string;
  /** The text of the result answering the call, cut at CALL_TEXT_LIMIT; null when the trace has none. */
  result: string | null;
  isError: boolean;
}

export interface PairRow {
  /** Position among all aligned rows (0-based): the anchor "jump to first divergence" targets. */
  index: number;
  left: CallCell | null;
  right: CallCell | null;
  same: boolean;
  /** This is the first row where the two traces part ways. */
  firstDivergence: boolean;
}

export interface PairWindow {
  /** Rows from..from+limit of the alignment. */
  rows: PairRow[];
  /** First row shown, clamped to the alignment (a `from` past the end shows the last window). */
  from: number;
  total: number;
  firstDivergence: number | null;
  calls: { left: number; right: number };
}

const cut = (text: string) =>
  text.length <= CALL_TEXT_LIMIT ? text : `${text.slice(0, CALL_TEXT_LIMIT)}… (${text.length - CALL_TEXT_LIMIT} more)`;

function argsText(value: TraceJson): string {
  return value === null || (typeof value === "object" && Object.keys(value).length === 0) ? "" : JSON.stringify(value);
}

/** Each call's result by call id: the first result naming it. */
function resultsByCall(trace: Trace): Map<string, ToolResult> {
  const out = new Map<string, ToolResult>();
  for (const step of trace.steps)
    for (const result of step.results)
      if (result.callId !== null && !out.has(result.callId)) out.set(result.callId, result);
  return out;
}

function cell(
  trace: Trace,
  results: Map<string, ToolResult>,
  at: { step: number; call: number } | null,
): CallCell | null {
  if (!at) return null;
  const call = trace.steps[at.step]?.toolCalls[at.call];
  if (!call) return null;
  const result = results.get(call.id) ?? null;
  return {
    step: at.step,
    name: call.name,
    args: cut(argsText(call.arguments)),
    result: result ? cut(contentText(result.content)) : null,
    isError: result?.isError ?? false,
  };
}

/**
 * Two traces aligned by tool-call sequence (alignByToolCalls), as the rows of one window: a page renders at
 * most `limit` rows however long the traces are, each cell cut to CALL_TEXT_LIMIT characters.
 */
export function alignedWindow(
  left: Trace,
  right: Trace,
  window: { from: number; limit?: number } = { from: 0 },
): PairWindow {
  const limit = Math.max(1, window.limit ?? ALIGNED_ROWS_PER_PAGE);
  const { rows, firstDivergence } = alignByToolCalls(left, right);
  const lastStart = rows.length === 0 ? 0 : Math.floor((rows.length - 1) / limit) * limit;
  const from = Math.min(Math.max(0, Math.floor(window.from)), lastStart);
  const leftResults = resultsByCall(left);
  const rightResults = resultsByCall(right);
  return {
    rows: rows.slice(from, from + limit).map((row, i) => ({
      index: from + i,
      left: cell(left, leftResults, row.left),
      right: cell(right, rightResults, row.right),
      same: row.same,
      firstDivergence: from + i === firstDivergence,
    })),
    from,
    total: rows.length,
    firstDivergence,
    calls: { left: rows.filter((r) => r.left).length, right: rows.filter((r) => r.right).length },
  };
}

/** The first row of the window holding row `index`, for a link to it. */
export function windowStart(index: number, limit = ALIGNED_ROWS_PER_PAGE): number {
  return Math.floor(Math.max(0, index) / limit) * limit;
}
