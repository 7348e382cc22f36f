import { byFigure, byKey } from "../core/order";
import type { Comparison, Flip, PairedMetric } from "../report/compare";
import { CORE_METRICS } from "../core/dimensions";

/**
 * Table prep for the compare page: one baseline (A) against one or more candidates, each comparison made by
 * compareRuns(A, candidate). Rows and columns only; every figure comes from the comparisons.
 */

export type TaskSort = "delta" | "key" | "abs";
export type SortDir = "asc" | "desc";

export interface TaskCell {
  b: number | null;
  delta: number | null;
  flip: Flip | null;
}

export interface TaskRow {
  key: string;
  /** A's per-task value (the same in every comparison: it is A's own task figure). */
  a: number | null;
  /** One cell per candidate; null when the task is not in that candidate. */
  cells: (TaskCell | null)[];
  /** Some candidate's value differs from A's, or the task flipped. */
  changed: boolean;
}

export interface TaskTable {
  rows: TaskRow[];
  /** Tasks of A common with at least one candidate. */
  total: number;
  changed: number;
}

const isChanged = (c: TaskCell | null) => c !== null && (c.flip !== null || (c.delta !== null && c.delta !== 0));

function maxAbs(row: TaskRow): number | null {
  const d = row.cells.flatMap((c) => (c?.delta === null || c?.delta === undefined ? [] : [Math.abs(c.delta)]));
  return d.length > 0 ? d.reduce((a, b) => Math.max(a, b)) : null;
}

/** Rows sorted by `sort` ("delta": the first candidate's delta; "abs": the largest |delta|); tasks without a figure last. */
export function taskTable(
  comparisons: readonly Comparison[],
  options: { changedOnly?: boolean; sort?: TaskSort; dir?: SortDir } = {},
): TaskTable {
  const { changedOnly = false, sort = "delta", dir = "asc" } = options;
  const rowsByKey = new Map<string, TaskRow>();
  comparisons.forEach((c, i) => {
    for (const t of c.tasks) {
      let row = rowsByKey.get(t.key);
      if (!row) {
        row = { key: t.key, a: t.a, cells: comparisons.map(() => null), changed: false };
        rowsByKey.set(t.key, row);
      }
      row.cells[i] = { b: t.b, delta: t.delta, flip: t.flip };
    }
  });
  const all = [...rowsByKey.values()];
  for (const row of all) row.changed = row.cells.some(isChanged);

  const sign = dir === "asc" ? 1 : -1;
  const figure = (row: TaskRow): number | null => (sort === "abs" ? maxAbs(row) : (row.cells[0]?.delta ?? null));
  const rows = (changedOnly ? all.filter((r) => r.changed) : all).sort((x, y) => {
    if (sort === "key") return sign * byKey(x, y);
    const fx = figure(x);
    const fy = figure(y);
    if (fx === null || fy === null) return fx === fy ? byKey(x, y) : fx === null ? 1 : -1;
    return sign * byFigure(fx, fy) || byKey(x, y);
  });
  return { rows, total: all.length, changed: all.filter((r) => r.changed).length };
}

export interface DimensionRow {
  metric: string;
  /** One paired estimate per candidate (A's value in each is over the tasks common with that candidate). */
  pairs: (PairedMetric | null)[];
}

/** Every metric of any comparison, core metrics first in their display order, then custom ones by name. */
export function dimensionRows(comparisons: readonly Pick<Comparison, "metrics">[]): DimensionRow[] {
  const names = new Set(comparisons.flatMap((c) => Object.keys(c.metrics)));
  const core = CORE_METRICS.filter((m) => names.has(m));
  const custom = [...names].filter((m) => !(CORE_METRICS as readonly string[]).includes(m)).sort();
  return [...core, ...custom].map((metric) => ({
    metric,
    pairs: comparisons.map((c) => (Object.hasOwn(c.metrics, metric) ? (c.metrics[metric] ?? null) : null)),
  }));
}
