import { byFigure, byKey } from "../core/order";
import type { Comparison } from "../report/compare";

/** Chart prep for the per-task difference chart of a comparison: one bar per changed task, sorted by delta. */

export interface DeltaBar {
  key: string;
  /** b − a of the comparison's per-task metric. */
  delta: number;
  a: number | null;
  b: number | null;
  direction: "up" | "down";
}

export interface DeltaChartData {
  /** Changed tasks, largest gain first, largest loss last. */
  bars: DeltaBar[];
  /** Common tasks with a delta of exactly 0 (not drawn). */
  unchanged: number;
  /** Common tasks without a value in one of the runs (not drawn). */
  missing: number;
  /** Changed tasks left out to keep the chart readable (the smallest changes). */
  omitted: number;
  /** Symmetric value domain [−m, m] with room for labels (m = deltaAxisMax of the bars). */
  domain: [number, number];
  /** Axis ticks: −m, −m/2, 0, m/2, m. */
  ticks: number[];
}

export const DELTA_CHART_LIMIT = 120;

export function prepareDeltaChart(tasks: Comparison["tasks"], limit = DELTA_CHART_LIMIT): DeltaChartData {
  let unchanged = 0;
  let missing = 0;
  const changed: DeltaBar[] = [];
  for (const t of tasks) {
    if (t.delta === null) missing += 1;
    else if (t.delta === 0) unchanged += 1;
    else changed.push({ key: t.key, delta: t.delta, a: t.a, b: t.b, direction: t.delta > 0 ? "up" : "down" });
  }
  // Keep the largest changes when there are too many to draw; ties broken by key so the output is stable.
  const kept =
    changed.length > limit
      ? [...changed].sort((x, y) => byFigure(Math.abs(y.delta), Math.abs(x.delta)) || byKey(x, y)).slice(0, limit)
      : changed;
  const bars = [...kept].sort((x, y) => byFigure(y.delta, x.delta) || byKey(x, y));
  const m = deltaAxisMax(...bars.map((b) => b.delta));
  return {
    bars,
    unchanged,
    missing,
    omitted: changed.length - kept.length,
    domain: [-m, m],
    ticks: [-m, -m / 2, 0, m / 2, m],
  };
}

const NICE_AXIS = [0.05, 0.1, 0.2, 0.25, 0.5, 1];

/**
 * Half-width of a symmetric axis around 0 that holds every figure with some room: the first of 5, 10, 20, 25,
 * 50 or 100 points at least 10% above the largest |x|. A difference of fractions never exceeds 100 points, so
 * the room stops there (no ±200 pp axis for a task that went from 0 to 1); rewards above 1 get the next whole number.
 */
export function deltaAxisMax(...xs: readonly (number | null | undefined)[]): number {
  const largest = xs.reduce<number>(
    (top, x) => Math.max(top, x === null || x === undefined || Number.isNaN(x) ? 0 : Math.abs(x)),
    0,
  );
  const m = largest <= 1 ? Math.min(1, largest * 1.1) : largest * 1.1;
  return NICE_AXIS.find((n) => n >= m) ?? Math.ceil(m);
}
