import { MEASURE_KEYS } from "../../core/measures";
import type { Report } from "../report-types";
import { rowFacts, type RolloutFacts } from "../rollout-facts";
import type { ColumnModel } from "./column-model";
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
  const { keys, keyOf } = keyIndexOf(model);
  const rolloutKey = (r: number) => keyOf[model.columns.rolloutTask[r]!]!;
  const values = new Map<string, ReadonlyMap<string, readonly number[]>>();
  const valuesOf = (metric: string) => {
    const lists = new Array<number[] | undefined>(keys.length);
    const order: number[] = [];
    const m = model.metrics.indexOf(metric);
    for (let r = 0, i = m; m >= 0 && r < n; r++, i += W) {
      if (cells.votes[i] === 0) continue;
      const k = rolloutKey(r);
      const list = lists[k];
      if (list) list.push(cells.value[i]!);
      else {
        lists[k] = [cells.value[i]!];
        order.push(k);
      }
    }
    return new Map(order.map((k) => [keys[k]!, lists[k]!]));
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
      const K = keys.length;
      const recorded = measures.map((key) => ({
        key,
        bit: 1 << MEASURE_KEYS.indexOf(key),
        values: fixed.measures[MEASURE_KEYS.indexOf(key)]!,
        sum: new Float64Array(K),
        count: new Int32Array(K),
        order: [] as number[],
      }));
      const { measuredIndex } = model;
      const masks = model.columns.measured.values;
      for (let r = 0; r < n && recorded.length > 0; r++) {
        const at = measuredIndex[r]!;
        if (at < 0) continue;
        const mask = masks[at]!;
        const k = rolloutKey(r);
        for (const m of recorded) {
          if ((mask & m.bit) === 0) continue;
          // Summed per key in run order, as the rows are.
          m.sum[k] = m.sum[k]! + m.values[r]!;
          if (m.count[k] === 0) m.order.push(k);
          m.count[k] = m.count[k]! + 1;
        }
      }
      return new Map(
        recorded.map(({ key, sum, count, order }) => [key, new Map(order.map((k) => [keys[k]!, sum[k]! / count[k]!]))]),
      );
    },
    passed: () => (passed ??= current() ? state.passed.slice() : rows.passed()),
  };
}

const keyIndexes = new WeakMap<ColumnModel, { keys: string[]; keyOf: Int32Array }>();

/** The run's distinct task keys, and each task row's index among them (rows may repeat a key). */
function keyIndexOf(model: ColumnModel): { keys: string[]; keyOf: Int32Array } {
  let index = keyIndexes.get(model);
  if (!index) {
    const keys: string[] = [];
    const at = new Map<string, number>();
    const keyOf = new Int32Array(model.tasks.length);
    model.tasks.forEach((t, i) => {
      let k = at.get(t.key);
      if (k === undefined) at.set(t.key, (k = keys.push(t.key) - 1));
      keyOf[i] = k;
    });
    keyIndexes.set(model, (index = { keys, keyOf }));
  }
  return index;
}
