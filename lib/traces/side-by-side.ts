import { alignToFirst, isSameRow, type Divergence, type Unit } from "./align-many";
import { contentText } from "./content";
import { traceTotals } from "./totals";
import type { StepSource, ToolResult, Trace, TraceJson } from "./types";

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

/** A message step (text, no call) as a side-by-side cell. */
export interface MessageCell {
  step: number;
  source: StepSource;
  /** The step's text, cut at CALL_TEXT_LIMIT characters. */
  text: string;
}

export type StepCell = ({ kind: "call" } & CallCell) | ({ kind: "message" } & MessageCell);

/** One rollout's unit in a row, with what cites the steps it stands for (`C`: whatever the caller attached). */
export interface ColumnCell<C> {
  cell: StepCell;
  cited: C[];
}

export interface ColumnsRow<C> {
  /** Position among all aligned rows (0-based): the anchor "jump to divergence" targets. */
  index: number;
  /** By column: that rollout's unit in this row, or null. */
  cells: (ColumnCell<C> | null)[];
  /** Every rollout has a unit here, paired with the first's. */
  same: boolean;
  /** The columns whose first divergence from the first rollout is this row. */
  diverging: number[];
}

export interface ColumnsWindow<C> {
  /** Rows from..from+limit of the alignment. */
  rows: ColumnsRow<C>[];
  /** First row shown, clamped to the alignment (a `from` past the end shows the last window). */
  from: number;
  total: number;
  /** By column (the first's always null): where each rollout first parts ways with the first. */
  divergences: (Divergence | null)[];
  /** By column: the tool calls and messages aligned. */
  counts: { calls: number; messages: number }[];
  /** By column: the rollout has no trace to align (its cells are empty; it parts ways with no one). */
  withoutTrace: boolean[];
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

function messageCell(trace: Trace, step: number): MessageCell | null {
  const at = trace.steps[step];
  return at ? { step, source: at.source, text: cut(at.text ?? "") } : null;
}

/**
 * The unit each step is shown under, by step index (-1 when the trace has no unit): a call's or message's own
 * step (its first call), a tool result's step under the call it answers, any other step under the unit before
 * it (the first unit for steps before any).
 */
function coverOf(trace: Trace, units: readonly Unit[]): Int32Array {
  const cover = new Int32Array(trace.steps.length).fill(-1);
  if (units.length === 0) return cover;
  const byCallId = new Map<string, number>();
  units.forEach((unit, i) => {
    if (cover[unit.step] === -1) cover[unit.step] = i;
    const call = unit.call === null ? undefined : trace.steps[unit.step]?.toolCalls[unit.call];
    if (call && !byCallId.has(call.id)) byCallId.set(call.id, i);
  });
  let last = 0;
  for (const step of trace.steps) {
    if (cover[step.index] !== -1) {
      last = cover[step.index]!;
      continue;
    }
    const answered = step.results.map((r) => (r.callId === null ? undefined : byCallId.get(r.callId)));
    cover[step.index] = answered.find((u) => u !== undefined) ?? last;
  }
  return cover;
}

/** By unit: what cites the steps shown under it, each once, in step order. */
function citedByUnit<C>(cover: Int32Array, cited: ReadonlyMap<number, readonly C[]> | undefined): Map<number, C[]> {
  const out = new Map<number, C[]>();
  if (!cited) return out;
  for (const step of [...cited.keys()].sort((x, y) => x - y)) {
    const unit = cover[step];
    if (unit === undefined || unit === -1) continue;
    const list = out.get(unit) ?? [];
    for (const c of cited.get(step)!) if (!list.includes(c)) list.push(c);
    out.set(unit, list);
  }
  return out;
}

/**
 * Two to four traces aligned to the first (alignToFirst), as the rows of one window: a page renders at most
 * `limit` rows however long the traces are, each cell cut to CALL_TEXT_LIMIT characters. `cited` gives, by
 * column, what cites each step (a check's detail): it lands on the cell the step is shown under.
 */
export function alignedColumns<C>(
  traces: readonly Trace[],
  window: { from: number; limit?: number } = { from: 0 },
  cited: readonly (ReadonlyMap<number, readonly C[]> | undefined)[] = [],
): ColumnsWindow<C> {
  const limit = Math.max(1, window.limit ?? ALIGNED_ROWS_PER_PAGE);
  const { units, rows, divergences } = alignToFirst(traces);
  const lastStart = rows.length === 0 ? 0 : Math.floor((rows.length - 1) / limit) * limit;
  const from = Math.min(Math.max(0, Math.floor(window.from)), lastStart);
  const results = traces.map(resultsByCall);
  const citations = traces.map((trace, col) => citedByUnit(coverOf(trace, units[col]!), cited[col]));
  const divergingAt = new Map<number, number[]>();
  divergences.forEach((d, col) => {
    if (d) divergingAt.set(d.row, [...(divergingAt.get(d.row) ?? []), col]);
  });
  return {
    rows: rows.slice(from, from + limit).map((row, i) => ({
      index: from + i,
      cells: row.units.map((u, col): ColumnCell<C> | null => {
        if (u === null) return null;
        const unit = units[col]![u]!;
        const trace = traces[col]!;
        const call = unit.call === null ? null : cell(trace, results[col]!, { step: unit.step, call: unit.call });
        const message = unit.call === null ? messageCell(trace, unit.step) : null;
        const shown: StepCell | null = call
          ? { kind: "call", ...call }
          : message
            ? { kind: "message", ...message }
            : null;
        return shown ? { cell: shown, cited: citations[col]!.get(u) ?? [] } : null;
      }),
      same: isSameRow(row),
      diverging: divergingAt.get(from + i) ?? [],
    })),
    from,
    total: rows.length,
    divergences,
    counts: units.map((own) => {
      const calls = own.filter((u) => u.call !== null).length;
      return { calls, messages: own.length - calls };
    }),
    withoutTrace: traces.map(() => false),
  };
}

/**
 * alignedColumns where some rollouts have no trace to read (null): the others' steps are shown, aligned to the
 * first's, with the traceless columns empty. A traceless rollout parts ways with no one, and when the first has
 * no trace there is nothing to part from, so no divergence is marked. Null when no rollout has a trace.
 */
export function alignedColumnsOf<C>(
  traces: readonly (Trace | null)[],
  window: { from: number; limit?: number } = { from: 0 },
  cited: readonly (ReadonlyMap<number, readonly C[]> | undefined)[] = [],
): ColumnsWindow<C> | null {
  if (traces.every((t) => t === null)) return null;
  const none = (t: Trace | null, i: number): Trace =>
    t ?? { format: "none", path: `column ${i}`, steps: [], totals: traceTotals([]), metadata: {}, warnings: [] };
  const aligned = alignedColumns(traces.map(none), window, cited);
  if (traces.every((t) => t !== null)) return aligned;
  const marks = (col: number) => traces[0] !== null && traces[col] !== null;
  return {
    ...aligned,
    rows: aligned.rows.map((row) => ({ ...row, diverging: row.diverging.filter(marks) })),
    divergences: aligned.divergences.map((d, col) => (marks(col) ? d : null)),
    withoutTrace: traces.map((t) => t === null),
  };
}

/** The first row of the window holding row `index`, for a link to it. */
export function windowStart(index: number, limit = ALIGNED_ROWS_PER_PAGE): number {
  return Math.floor(Math.max(0, index) / limit) * limit;
}
