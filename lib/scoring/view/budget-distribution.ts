import { BUDGET_KEYS, type Budget, type BudgetKey } from "../scenario/budget";
import type { ScoringRollout } from "../core/types";
import { MEASURE_KEYS, type MeasureKey } from "../core/measures";
import { UNSCORED, type RunColumns } from "../columns/run-columns";

/** Chart prep for the what-if Budget tab: per measure, the scored rollouts' values in bins, split at the limit. */

export interface BudgetBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge, except the last bin, which includes the largest value. */
  to: number;
  /** Rollouts in the bin within the limit (all of them when no limit is set), and over it. */
  within: number;
  over: number;
}

export interface BudgetMeasure {
  key: BudgetKey;
  /** Scored rollouts, and those of them that record this measure. */
  scored: number;
  recorded: number;
  min: number;
  max: number;
  /** A slider step for [0, max]: about a hundredth of it, a power of ten (at least 1 for counts). */
  step: number;
  limit: number | null;
  /** Recorded values above the limit (0 without one). */
  over: number;
  /** Scored rollouts that do not record this measure: a limit on it cannot judge them. */
  unknown: number;
  bins: BudgetBin[];
}

/** Measures recorded in whole units: their slider moves by whole steps. */
const COUNTED: ReadonlySet<BudgetKey> = new Set(["durationMs", "tokens", "toolCalls"]);

function stepFor(key: BudgetKey, max: number): number {
  const step = max > 0 ? 10 ** Math.floor(Math.log10(max / 100)) : 1;
  return COUNTED.has(key) ? Math.max(1, step) : step;
}

/**
 * For each budget measure some scored rollout records (BUDGET_KEYS order), its distribution over scored
 * rollouts in `bins` equal bins over [0, max] and, under the budget's limit, how many rollouts are over it
 * and how many it cannot judge. Unscored rollouts are left out: a budget never judges them.
 */
export function budgetDistribution(
  rollouts: readonly Pick<ScoringRollout, "status" | "measures">[],
  budget: Budget | undefined,
  bins = 24,
): BudgetMeasure[] {
  const scored = rollouts.filter((r) => r.status === "scored");
  const valuesOf = (key: BudgetKey) => {
    const values: number[] = [];
    for (const r of scored) {
      const v = r.measures?.[key];
      if (v !== undefined) values.push(v);
    }
    return values;
  };
  return distributionOf(scored.length, valuesOf, budget, bins);
}

/**
 * budgetDistribution of the rollouts of runs given as columns, one run after the other: read from the measure
 * columns, without an object per rollout.
 */
export function budgetDistributionOfColumns(
  runs: readonly RunColumns[],
  budget: Budget | undefined,
  bins = 24,
): BudgetMeasure[] {
  let scored = 0;
  const values = new Map<MeasureKey, number[]>(BUDGET_KEYS.map((key) => [key, []]));
  const lists = MEASURE_KEYS.map((key) => values.get(key));
  for (const c of runs) {
    for (let r = 0; r < c.rolloutTask.length; r++) if (c.rolloutStatus[r] !== UNSCORED) scored += 1;
    const cursors = new Int32Array(MEASURE_KEYS.length);
    for (let k = 0; k < c.measured.at.length; k++) {
      const isScored = c.rolloutStatus[c.measured.at[k]!] !== UNSCORED;
      const mask = c.measured.values[k]!;
      for (let m = 0; m < MEASURE_KEYS.length; m++) {
        if ((mask & (1 << m)) === 0) continue;
        const v = c.measureValues[m]![cursors[m]!++]!;
        if (isScored) lists[m]?.push(v);
      }
    }
  }
  return distributionOf(scored, (key) => values.get(key)!, budget, bins);
}

function distributionOf(
  scoredCount: number,
  valuesOf: (key: BudgetKey) => number[],
  budget: Budget | undefined,
  bins: number,
): BudgetMeasure[] {
  const scored = { length: scoredCount };
  const out: BudgetMeasure[] = [];
  for (const key of BUDGET_KEYS) {
    const values = valuesOf(key);
    if (values.length === 0) continue;
    let min = Infinity;
    let max = 0;
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const limit = budget?.[key] ?? null;
    // A largest value so small that a tenth of it is 0 (5e-324) draws as a largest value of 0 would.
    const width = max / bins > 0 ? max / bins : 1 / bins;
    const table: BudgetBin[] = [];
    for (let i = 0; i < bins; i++) table.push({ from: i * width, to: (i + 1) * width, within: 0, over: 0 });
    let over = 0;
    for (const v of values) {
      const bin = table[Math.min(bins - 1, Math.floor(v / width))]!;
      if (limit !== null && v > limit) {
        bin.over += 1;
        over += 1;
      } else {
        bin.within += 1;
      }
    }
    out.push({
      key,
      scored: scored.length,
      recorded: values.length,
      min,
      max,
      step: stepFor(key, max),
      limit,
      over,
      unknown: scored.length - values.length,
      bins: table,
    });
  }
  return out;
}
