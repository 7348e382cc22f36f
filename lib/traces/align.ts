import type { Trace, TraceJson } from "./types";

/** One tool call of a trace: the step holding it and its position among that step's calls. */
export interface CallAt {
  step: number;
  call: number;
  name: string;
}

/** A row of two traces side by side: the same call in both, or a call only one of them made. */
export interface AlignedRow {
  left: CallAt | null;
  right: CallAt | null;
  same: boolean;
}

export interface Alignment {
  rows: AlignedRow[];
  /** The first row where the two runs part ways; null when they made the same calls. */
  firstDivergence: number | null;
}

/** Object keys sorted, so `{a, b}` and `{b, a}` are the same arguments. */
export function canonical(value: TraceJson): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

function calls(trace: Trace): { at: CallAt; key: string }[] {
  return trace.steps.flatMap((step) =>
    step.toolCalls.map((c, call) => ({
      at: { step: step.index, call, name: c.name },
      key: `${c.name}\u0000${canonical(c.arguments)}`,
    })),
  );
}

/** Above this many cells the longest-common-subsequence table is not built; the calls pair up in order. */
export const MAX_ALIGN_CELLS = 4_000_000;

/** One row of two key sequences paired up: an index into each, or null where only the other has an item. */
export type KeyPair = [left: number | null, right: number | null];

/**
 * Two key sequences paired along a longest common subsequence: equal keys share a row, the rest stand alone on
 * their side (the left's first where both could). Longer pairs (more than MAX_ALIGN_CELLS) pair by position
 * instead, which still finds the first difference exactly.
 */
export function pairUp(a: readonly string[], b: readonly string[]): KeyPair[] {
  const rows: KeyPair[] = [];
  if (a.length * b.length > MAX_ALIGN_CELLS) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i < a.length && i < b.length && a[i] === b[i]) rows.push([i, i]);
      else {
        if (i < a.length) rows.push([i, null]);
        if (i < b.length) rows.push([null, i]);
      }
    }
    return rows;
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..], in one flat table.
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) rows.push([i++, j++]);
    else if (j >= b.length || (i < a.length && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!))
      rows.push([i++, null]);
    else rows.push([null, j++]);
  }
  return rows;
}

/** Two traces aligned by their tool-call sequences (pairUp on each call's name and arguments). */
export function alignByToolCalls(left: Trace, right: Trace): Alignment {
  const a = calls(left);
  const b = calls(right);
  const rows = pairUp(
    a.map((c) => c.key),
    b.map((c) => c.key),
  ).map(([l, r]): AlignedRow => ({
    left: l === null ? null : a[l]!.at,
    right: r === null ? null : b[r]!.at,
    same: l !== null && r !== null,
  }));
  const divergence = rows.findIndex((r) => !r.same);
  return { rows, firstDivergence: divergence === -1 ? null : divergence };
}
