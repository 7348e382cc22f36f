import { MEASURE_KEYS } from "../../core/measures";
import type { Report } from "../report-types";
import { meansOf, rowFacts, type RolloutFacts } from "../rollout-facts";
import type { FixedParts } from "./fixed-parts";
import type { ScoredColumns } from "./scored-columns";

/**
 * The rollout facts of a report scored from columns, read from the scorer's state while it still holds that
 * report's scenario (typed arrays, no row per rollout), and from the report's rows once the scorer has moved on
 * (it makes them before it does). `current` says whether the state is still the report's.
 */
export function columnFacts(
  state: ScoredColumns,
  fixed: FixedParts,
  report: Report,
  current: () => boolean,
): RolloutFacts {
  const rows = rowFacts(() => report.rollouts);
  const { model, cells } = state;
  const W = state.width;
  const n = model.columns.rolloutTask.length;
  const taskKey = (r: number) => model.tasks[model.columns.rolloutTask[r]!]!.key;
  const values = new Map<string, ReadonlyMap<string, readonly number[]>>();
  const valuesOf = (metric: string) => {
    const out = new Map<string, number[]>();
    const m = model.metrics.indexOf(metric);
    for (let r = 0, i = m; m >= 0 && r < n; r++, i += W) {
      if (cells.votes[i] === 0) continue;
      const key = taskKey(r);
      const list = out.get(key);
      if (list) list.push(cells.value[i]!);
      else out.set(key, [cells.value[i]!]);
    }
    return out;
  };
  let passed: Uint8Array | undefined;
  return {
    metricValues(metric) {
      let out = values.get(metric);
      if (!out) values.set(metric, (out = current() ? valuesOf(metric) : rows.metricValues(metric)));
      return out;
    },
    measureMeans(measures) {
      if (!current()) return rows.measureMeans(measures);
      const recorded = measures.map((key) => ({
        key,
        m: MEASURE_KEYS.indexOf(key),
        byTask: new Map<string, { sum: number; n: number }>(),
      }));
      const measured = fixed.measures;
      for (let r = 0; r < n && recorded.length > 0; r++) {
        for (const { m, byTask } of recorded) {
          if (!fixed.records(r, m)) continue;
          const key = taskKey(r);
          const s = byTask.get(key) ?? { sum: 0, n: 0 };
          s.sum += measured[m]![r]!;
          s.n += 1;
          byTask.set(key, s);
        }
      }
      return meansOf(new Map(recorded.map(({ key, byTask }) => [key, byTask])));
    },
    passed: () => (passed ??= current() ? state.passed.slice() : rows.passed()),
  };
}
