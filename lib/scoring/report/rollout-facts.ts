import type { MeasureKey } from "../core/measures";
import type { Interval } from "../core/stats";
import type { Report } from "./report-types";
import { reportFacts } from "./report-facts";
import { rowTable, type RolloutTable } from "./rollout-table";

/**
 * What a comparison reads of a report's rollouts, per task: each rollout's value of a metric, the means of its
 * measures and each rollout's verdict. A report scored from columns answers from them (column-facts.ts) without
 * making a row per rollout; any other report answers from its rows. Both give the same values in the same order.
 */
export interface RolloutFacts {
  /** Per task key, the values of `metric` of its rollouts that have one, in run order. */
  metricValues(metric: string): ReadonlyMap<string, readonly number[]>;
  /** Per measure, each task key's mean of it over its rollouts that record it (summed in run order). */
  measureMeans(measures: readonly MeasureKey[]): ReadonlyMap<MeasureKey, ReadonlyMap<string, number>>;
  /** Each rollout's verdict in run order: 1 passed. */
  passed(): Uint8Array;
  /** The rollouts read field by field, without making a row per rollout where the scorer's columns hold them. */
  table(): RolloutTable;
}

const facts = reportFacts<RolloutFacts>((report) => rowFacts(() => report.rollouts));

/** Gives a report the facts its scorer holds as columns. */
export const attachRolloutFacts = facts.attach;
/** The facts of a report: those its scorer attached, else read from its rows (kept per report). */
export const rolloutFactsOf = facts.of;

/** [0, 1] stretched to every reward of the reports' rollouts: where reward differences are clipped. */
export function rewardRangeOf(reports: readonly Report[]): Interval {
  let lo = 0;
  let hi = 1;
  for (const r of reports) {
    for (const values of rolloutFactsOf(r).metricValues("reward").values()) {
      for (const x of values) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
    }
  }
  return [lo, hi];
}

/** Per task key, its rollouts' passes and counted (those with a completion value): a pass is a value above 0. */
export function taskPassCounts(report: Report): Map<string, { passes: number; counted: number }> {
  const out = new Map<string, { passes: number; counted: number }>();
  for (const [task, values] of rolloutFactsOf(report).metricValues("completion")) {
    let passes = 0;
    for (const x of values) if (x > 0) passes += 1;
    out.set(task, { passes, counted: values.length });
  }
  return out;
}

/** Values kept per key, so that a fact asked twice is the same object (and computed once). */
function keptBy<T>(make: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) kept.set(key, (value = make(key)));
    return value;
  };
}

/** The facts read from a report's rows. */
export function rowFacts(rows: () => Report["rollouts"]): RolloutFacts {
  const values = keptBy((metric) => {
    const out = new Map<string, number[]>();
    for (const r of rows()) {
      const x = Object.hasOwn(r.metrics, metric) ? r.metrics[metric] : null;
      if (x === null || x === undefined) continue;
      const list = out.get(r.task);
      if (list) list.push(x);
      else out.set(r.task, [x]);
    }
    return out;
  });
  let passed: Uint8Array | undefined;
  return {
    metricValues: values,
    measureMeans(measures) {
      const sums = new Map(measures.map((m) => [m, new Map<string, { sum: number; n: number }>()]));
      for (const r of measures.length === 0 ? [] : rows()) {
        for (const [measure, byTask] of sums) {
          const x = r.measures[measure];
          if (x === null || x === undefined) continue;
          const s = byTask.get(r.task) ?? { sum: 0, n: 0 };
          s.sum += x;
          s.n += 1;
          byTask.set(r.task, s);
        }
      }
      return meansOf(sums);
    },
    passed: () => (passed ??= Uint8Array.from(rows(), (r) => (r.passed ? 1 : 0))),
    table: () => rowTable(rows()),
  };
}

/** Each task's sum ÷ count, per measure. */
function meansOf(sums: Map<MeasureKey, Map<string, { sum: number; n: number }>>): Map<MeasureKey, Map<string, number>> {
  return new Map(
    [...sums].map(([measure, byTask]) => [measure, new Map([...byTask].map(([task, s]) => [task, s.sum / s.n]))]),
  );
}
