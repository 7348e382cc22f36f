import { canonical, pairUp } from "./align";
import type { Trace } from "./types";

/**
 * What the side by side aligns of a trace: each tool call (matched by name and arguments) and each message
 * step (a step with text and no call or result, matched to another message by position between the calls).
 */
export interface Unit {
  step: number;
  /** Position among the step's calls; null for a message. */
  call: number | null;
  key: string;
}

const MESSAGE_KEY = "\u0000message";

export function unitsOf(trace: Trace): Unit[] {
  const out: Unit[] = [];
  for (const step of trace.steps) {
    if (step.toolCalls.length > 0)
      step.toolCalls.forEach((c, call) =>
        out.push({ step: step.index, call, key: `${c.name}\u0000${canonical(c.arguments)}` }),
      );
    else if (step.source !== "tool" && step.results.length === 0 && (step.text ?? "").trim() !== "")
      out.push({ step: step.index, call: null, key: MESSAGE_KEY });
  }
  return out;
}

/** One aligned row: each rollout's unit in it (by column), or null where that rollout has none here. */
export interface ManyRow {
  units: (number | null)[];
}

/**
 * Where a rollout first parts ways with the first: the row, and its own step there (its next unit's step when
 * the row holds none of it); step null when it has nothing left, i.e. it stops where the first goes on.
 */
export interface Divergence {
  row: number;
  step: number | null;
}

export interface ManyAlignment {
  units: Unit[][];
  rows: ManyRow[];
  /** By column; the first column's is always null, as is a rollout's that matches the first throughout. */
  divergences: (Divergence | null)[];
}

/**
 * Two to four traces aligned to the first: each other trace is paired with the first (pairUp), and the pairings
 * merge on the first trace's units. A row holds the first trace's unit and each other trace's unit paired with
 * it, or, between two of the first trace's units, the units the others have there and the first lacks (the
 * n-th extra unit of each other trace in that gap shares the n-th such row).
 */
export function alignToFirst(traces: readonly Trace[]): ManyAlignment {
  const units = traces.map(unitsOf);
  const base = units[0] ?? [];
  const keys = units.map((u) => u.map((unit) => unit.key));
  // For each other column: its unit paired with each base unit, and its extras in each gap before base unit g.
  const matched: (number | null)[][] = [];
  const gaps: number[][][] = [];
  for (let col = 1; col < units.length; col++) {
    const match: (number | null)[] = base.map(() => null);
    const gap: number[][] = Array.from({ length: base.length + 1 }, () => []);
    let next = 0;
    for (const [b, o] of pairUp(keys[0]!, keys[col]!)) {
      if (b !== null) {
        match[b] = o;
        next = b + 1;
      } else gap[next]!.push(o!);
    }
    matched.push(match);
    gaps.push(gap);
  }
  const rows: ManyRow[] = [];
  for (let g = 0; g <= base.length; g++) {
    const height = gaps.reduce((top, gap) => Math.max(top, gap[g]!.length), 0);
    for (let r = 0; r < height; r++) rows.push({ units: [null, ...gaps.map((gap) => gap[g]![r] ?? null)] });
    if (g < base.length) rows.push({ units: [g, ...matched.map((match) => match[g]!)] });
  }
  const divergences = units.map((own, col): Divergence | null => {
    if (col === 0) return null;
    const row = rows.findIndex((r) => (r.units[0] === null) !== (r.units[col] === null));
    if (row === -1) return null;
    const next = rows.slice(row).find((r) => r.units[col] !== null)?.units[col];
    return { row, step: next === undefined || next === null ? null : own[next]!.step };
  });
  return { units, rows, divergences };
}

/** A row's units all present and all paired with the first's. */
export const isSameRow = (row: ManyRow) => row.units.every((u) => u !== null);
