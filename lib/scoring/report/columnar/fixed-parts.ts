import { ROLLOUT_STATUS, UNSCORED } from "../../columns/run-columns";
import { MEASURE_KEYS, type MeasureKey } from "../../core/measures";
import type { ScoringRun } from "../../core/types";
import { OUTLIER_MEASURES, OUTLIER_RATIO, quantile, type EffortOutlier } from "../effort";
import { sparseAt } from "../../columns/run-of-columns";
import type { ColumnModel } from "./column-model";
import { regradedOf, type Regraded } from "./rollout-inputs";
import { effortBase, type EffortBase } from "./verdict-totals";

const NO_WARNINGS: readonly string[] = [];
const NO_MEASURES = Object.fromEntries(MEASURE_KEYS.map((key) => [key, null])) as Record<MeasureKey, number | null>;

/**
 * The parts of every report of a run that no scenario changes, each computed on first use and kept with the
 * run's model: what each rollout row shows besides its verdict, the unscored reasons, the effort outliers and
 * the fixed effort figures, the regrades.
 */
export class FixedParts {
  constructor(private readonly model: ColumnModel) {}

  /** Rollout r's source, null when it has none. */
  sourceAt(r: number): string | null {
    const c = this.model.columns;
    const k = sparseAt(c.source.at, r);
    return k < 0 ? null : c.source.values.at(k);
  }

  /** Rollout r's warnings (one shared empty list where it has none). */
  warningsAt(r: number): readonly string[] {
    const c = this.model.columns;
    const k = sparseAt(c.warningRollouts, r);
    if (k < 0) return NO_WARNINGS;
    const list: string[] = [];
    for (let i = c.warningStart[k]!; i < c.warningStart[k + 1]!; i++) list.push(c.strings[c.warningText[i]!]!);
    return list;
  }

  #measures: Float64Array[] | undefined;
  /** Per measure key, its value per rollout (meaningful where the rollout records it: see `records`). */
  get measures(): Float64Array[] {
    if (this.#measures) return this.#measures;
    const c = this.model.columns;
    const n = c.rolloutTask.length;
    const out = MEASURE_KEYS.map(() => new Float64Array(n));
    const cursors = new Int32Array(MEASURE_KEYS.length);
    for (let k = 0; k < c.measured.at.length; k++) {
      const r = c.measured.at[k]!;
      const mask = c.measured.values[k]!;
      for (let m = 0; m < MEASURE_KEYS.length; m++)
        if ((mask & (1 << m)) !== 0) out[m]![r] = c.measureValues[m]![cursors[m]!++]!;
    }
    return (this.#measures = out);
  }

  /** Whether rollout r records measure m. */
  records(r: number, m: number): boolean {
    const k = this.model.measuredIndex[r]!;
    return k >= 0 && (this.model.columns.measured.values[k]! & (1 << m)) !== 0;
  }

  /** Rollout r's measures: every key, null where not recorded (measureRow); one shared row when it has none. */
  measureRowAt(r: number): Record<MeasureKey, number | null> {
    if (this.model.measuredIndex[r]! < 0) return NO_MEASURES;
    const values = this.measures;
    const row = {} as Record<MeasureKey, number | null>;
    MEASURE_KEYS.forEach((key, m) => (row[key] = this.records(r, m) ? values[m]![r]! : null));
    return row;
  }

  statusAt(r: number): "scored" | "unscored" {
    return ROLLOUT_STATUS[this.model.columns.rolloutStatus[r]!]!;
  }

  #reasons: { reason: string; count: number }[] | undefined;
  /** countUnscoredReasons (unscored-reason.ts) over the rollouts. */
  get unscoredReasons(): { reason: string; count: number }[] {
    if (this.#reasons) return this.#reasons;
    const c = this.model.columns;
    const reason = new Array<string>(c.rolloutTask.length).fill("no reason recorded");
    for (let k = 0; k < c.unscoredReason.at.length; k++)
      reason[c.unscoredReason.at[k]!] = c.strings[c.unscoredReason.values[k]!]!;
    const counts = new Map<string, number>();
    for (let r = 0; r < c.rolloutTask.length; r++) {
      if (c.rolloutStatus[r] !== UNSCORED) continue;
      counts.set(reason[r]!, (counts.get(reason[r]!) ?? 0) + 1);
    }
    return (this.#reasons = [...counts]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0)));
  }

  #outliers: EffortOutlier[] | undefined;
  /** The effort outliers (outliersOf, effort.ts): they read measures only, never a verdict. */
  get outliers(): EffortOutlier[] {
    if (this.#outliers) return this.#outliers;
    const { model } = this;
    const values = this.measures;
    const ids = model.ids;
    const out: EffortOutlier[] = [];
    // Tasks in order of their first rollout: the order effort.ts's map meets them in.
    for (const t of model.taskOrder) {
      const from = model.taskStart[t]!;
      const to = model.taskStart[t + 1]!;
      if (to - from < 2) continue;
      const task = model.tasks[t]!.key;
      for (const measure of OUTLIER_MEASURES) {
        const m = MEASURE_KEYS.indexOf(measure);
        const recorded: number[] = [];
        for (let k = from; k < to; k++) {
          const r = model.taskRollouts[k]!;
          if (this.records(r, m)) recorded.push(values[m]![r]!);
        }
        const taskMedian = quantile(
          recorded.sort((a, b) => a - b),
          0.5,
        );
        if (taskMedian === null || taskMedian <= 0) continue;
        for (let k = from; k < to; k++) {
          const r = model.taskRollouts[k]!;
          if (!this.records(r, m)) continue;
          const value = values[m]![r]!;
          if (value > OUTLIER_RATIO * taskMedian)
            out.push({ rollout: ids[r]!, task, measure, value, taskMedian, ratio: value / taskMedian });
        }
      }
    }
    return (this.#outliers = out.sort(
      (a, b) => b.ratio - a.ratio || (a.rollout < b.rollout ? -1 : a.rollout > b.rollout ? 1 : 0),
    ));
  }

  #effort: EffortBase | undefined;
  get effort(): EffortBase {
    return (this.#effort ??= effortBase(this.model, quantile));
  }

  #regraded: Regraded | undefined;
  get regraded(): Regraded {
    return (this.#regraded ??= regradedOf(this.model));
  }

  #regrades: ScoringRun["regrades"] | null | undefined;
  /** The run's regrades as the report echoes them; null when it has none. */
  get regrades(): NonNullable<ScoringRun["regrades"]> | null {
    if (this.#regrades !== undefined) return this.#regrades;
    const c = this.model.columns;
    const g = c.regrades;
    return (this.#regrades =
      g === null
        ? null
        : Array.from(g.rollout, (id, k) => ({
            rollout: c.strings[id]!,
            originalReward: g.hasOriginalReward[k] === 1 ? g.originalReward[k]! : null,
            newReward: g.hasNewReward[k] === 1 ? g.newReward[k]! : null,
            change: c.strings[g.change[k]!]!,
          })));
  }

  #runWarnings: string[] | undefined;
  get runWarnings(): string[] {
    const c = this.model.columns;
    return (this.#runWarnings ??= c.warnings === null ? [] : Array.from(c.warnings, (w) => c.strings[w]!));
  }
}

const parts = new WeakMap<ColumnModel, FixedParts>();

export function fixedOf(model: ColumnModel): FixedParts {
  let fixed = parts.get(model);
  if (!fixed) parts.set(model, (fixed = new FixedParts(model)));
  return fixed;
}
