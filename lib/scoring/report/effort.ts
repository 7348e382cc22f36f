import { MEASURE_KEYS, type MeasureKey, type Measures } from "../core/measures";

/**
 * One measure over a set of rollouts, scored or not (a crashed attempt's spend is spend). Every figure is over
 * the rollouts that record the measure, and says what it rests on: `recorded` of `rollouts`, `passes` among the
 * recorded. Figures are null when no rollout records the measure.
 */
export interface MeasureEffort {
  /** Rollouts that record the measure: the denominator of `perRollout`. */
  recorded: number;
  /** Rollouts summarised, recording it or not: coverage is `recorded` of `rollouts`. */
  rollouts: number;
  /** Rollouts that passed among those that record it: the denominator of `perPass`. */
  passes: number;
  /** Sum over the rollouts that record it. */
  total: number | null;
  /** Per rollout, over the rollouts that record it (linear interpolation between ranks). */
  median: number | null;
  p90: number | null;
  /**
   * What one success costs: `total` ÷ `passes`, so the spend of the failed and unscored attempts that record it
   * is carried by their passes. null when none of them passed.
   */
  perPass: number | null;
  /** `total` ÷ `recorded`: the mean per rollout that records it. */
  perRollout: number | null;
}

/** The measures an outlier is looked for in: effort a task's other attempts did without. */
export const OUTLIER_MEASURES = ["toolCalls", "tokens", "durationMs"] as const satisfies readonly MeasureKey[];
export type OutlierMeasure = (typeof OUTLIER_MEASURES)[number];

/**
 * A rollout, scored or not, whose measure exceeds `OUTLIER_RATIO` × its task's median of that measure (the
 * median over the task's rollouts that record it, unscored ones included).
 */
export interface EffortOutlier {
  rollout: string;
  task: string;
  measure: OutlierMeasure;
  value: number;
  taskMedian: number;
  /** value ÷ taskMedian. */
  ratio: number;
}

export const OUTLIER_RATIO = 3;

export interface Effort {
  /** Rollouts summarised (the denominator of coverage). */
  rollouts: number;
  /** Rollouts that passed, recording any measure or not (each measure's `perPass` divides by its own `passes`). */
  passes: number;
  /** Every measure key; a measure no rollout records has `recorded: 0` and null figures. */
  measures: Record<MeasureKey, MeasureEffort>;
  /** Largest ratio first; ties by rollout id. */
  outliers: EffortOutlier[];
}

/** What `effort` reads of a rollout. */
export interface EffortRollout {
  id: string;
  task: string;
  passed: boolean;
  measures?: Measures;
}

/** The q-quantile (0..1) of ascending values, interpolated linearly between ranks; null when empty. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function measureEffort(values: number[], passes: number, rollouts: number): MeasureEffort {
  if (values.length === 0)
    return { recorded: 0, rollouts, passes: 0, total: null, median: null, p90: null, perPass: null, perRollout: null };
  values.sort((a, b) => a - b);
  let total = 0;
  for (const v of values) total += v;
  return {
    recorded: values.length,
    rollouts,
    passes,
    total,
    median: quantile(values, 0.5),
    p90: quantile(values, 0.9),
    perPass: passes > 0 ? total / passes : null,
    perRollout: total / values.length,
  };
}

function outliersOf(rollouts: readonly EffortRollout[]): EffortOutlier[] {
  const byTask = new Map<string, EffortRollout[]>();
  for (const r of rollouts) {
    const list = byTask.get(r.task);
    if (list) list.push(r);
    else byTask.set(r.task, [r]);
  }
  const out: EffortOutlier[] = [];
  for (const [task, list] of byTask) {
    if (list.length < 2) continue;
    for (const measure of OUTLIER_MEASURES) {
      const values = list.flatMap((r) => (r.measures?.[measure] !== undefined ? [r.measures[measure]] : []));
      const taskMedian = quantile(
        values.sort((a, b) => a - b),
        0.5,
      );
      if (taskMedian === null || taskMedian <= 0) continue;
      for (const r of list) {
        const value = r.measures?.[measure];
        if (value !== undefined && value > OUTLIER_RATIO * taskMedian)
          out.push({ rollout: r.id, task, measure, value, taskMedian, ratio: value / taskMedian });
      }
    }
  }
  return out.sort((a, b) => b.ratio - a.ratio || (a.rollout < b.rollout ? -1 : a.rollout > b.rollout ? 1 : 0));
}

/**
 * Cost and effort of a set of rollouts, beside success: per measure its coverage, total, median, p90, cost per
 * pass and per rollout, and the rollouts that spent far more than their task's other attempts. Every rollout
 * counts, scored or not. Reads measures and verdicts only; it never changes a score.
 */
export function effort(rollouts: readonly EffortRollout[]): Effort {
  const values = {} as Record<MeasureKey, number[]>;
  const passesOf = {} as Record<MeasureKey, number>;
  for (const key of MEASURE_KEYS) {
    values[key] = [];
    passesOf[key] = 0;
  }
  let passes = 0;
  for (const r of rollouts) {
    if (r.passed) passes += 1;
    const m = r.measures;
    if (!m) continue;
    for (const key of MEASURE_KEYS) {
      const v = m[key];
      if (v === undefined) continue;
      values[key].push(v);
      if (r.passed) passesOf[key] += 1;
    }
  }
  const measures = {} as Record<MeasureKey, MeasureEffort>;
  for (const key of MEASURE_KEYS) measures[key] = measureEffort(values[key], passesOf[key], rollouts.length);
  return { rollouts: rollouts.length, passes, measures, outliers: outliersOf(rollouts) };
}

/** A rollout's measures with every key present (null: not recorded), as the report JSON carries them. */
export function measureRow(measures: Measures | undefined): Record<MeasureKey, number | null> {
  const row = {} as Record<MeasureKey, number | null>;
  for (const key of MEASURE_KEYS) row[key] = measures?.[key] ?? null;
  return row;
}

/** True when at least one rollout records at least one measure. */
export function recordsAnyMeasure(e: Effort): boolean {
  return MEASURE_KEYS.some((key) => e.measures[key].recorded > 0);
}
