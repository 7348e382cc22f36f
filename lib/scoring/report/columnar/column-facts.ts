import { UNSCORED } from "../../columns/run-columns";
import { MEASURE_KEYS, type MeasureKey } from "../../core/measures";
import type { Report } from "../report-types";
import { rowFacts, type RolloutFacts } from "../rollout-facts";
import type { RolloutTable } from "../rollout-table";
import { taskRowFacts, type TaskFacts } from "../task-facts";
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
  // Made on first use: a report whose facts are never read (most of them) does not pay for it.
  const keyed = () => {
    const { keys, keyOf } = keyIndexOf(model);
    return { keys, rolloutKey: (r: number) => keyOf[model.columns.rolloutTask[r]!]! };
  };
  const valuesOf = (metric: string) => {
    const { keys, rolloutKey } = keyed();
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
    // Not kept: a comparison reads each once, and is itself kept.
    metricValues: (metric) => (current() ? valuesOf(metric) : rows.metricValues(metric)),
    measureMeans(measures) {
      if (!current()) return rows.measureMeans(measures);
      const { keys, rolloutKey } = keyed();
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
    table: () => (current() ? columnTable(state, fixed) : rows.table()),
  };
}

/**
 * The rollouts of the scenario `state` holds, read from its arrays: what the report's rollout rows say, field by
 * field (ReportRows.rolloutRow). Valid until the scorer prepares another scenario.
 */
export function columnTable(state: ScoredColumns, fixed: FixedParts): RolloutTable {
  const { model } = state;
  const c = model.columns;
  const measureAt = new Map<MeasureKey, number>(MEASURE_KEYS.map((key, m) => [key, m]));
  return {
    length: c.rolloutTask.length,
    id: (r) => model.ids[r]!,
    task: (r) => model.tasks[c.rolloutTask[r]!]!.key,
    scored: (r) => c.rolloutStatus[r] !== UNSCORED,
    passed: (r) => state.passed[r] === 1,
    reward: (r) => (state.hasReward[r] === 1 ? state.reward[r]! : null),
    failedRequired: (r) => state.failedMask[r] !== 0 || (state.failedLabels.size > 0 && state.failedLabels.has(r)),
    warnings: (r) => fixed.warningsAt(r),
    measure: (r, key) => {
      const m = measureAt.get(key)!;
      return fixed.records(r, m) ? fixed.measures[m]![r]! : null;
    },
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

/**
 * The task facts of a report scored from columns, read from the scorer's task cells while it holds the report's
 * scenario, and from the report's task rows once it has moved on (it makes them before it does). `weights`:
 * each task's weight under the report's scenario.
 */
export function columnTaskFacts(
  state: ScoredColumns,
  report: Report,
  weights: readonly number[],
  current: () => boolean,
): TaskFacts {
  const rows = taskRowFacts(() => report.tasks);
  const { model, taskCells: cells } = state;
  const W = state.width;
  const index = new Map<string, number>();
  const metricAt = (metric: string) => {
    let m = index.get(metric);
    if (m === undefined) index.set(metric, (m = model.metrics.indexOf(metric)));
    return m;
  };
  return {
    count: model.tasks.length,
    key: (t) => model.tasks[t]!.key,
    name: (t) => model.tasks[t]!.name,
    group: (t) => model.tasks[t]!.group,
    weight: (t) => weights[t]!,
    passRate(t) {
      if (!current()) return rows.passRate(t);
      const counted = state.counted[t]!;
      return counted > 0 ? state.passes[t]! / counted : null;
    },
    value(t, metric) {
      if (!current()) return rows.value(t, metric);
      const m = metricAt(metric);
      if (m < 0) return undefined;
      const i = t * W + m;
      return cells.votes[i] !== 0 ? cells.value[i]! : null;
    },
    pooled(t, metric) {
      if (!current()) return rows.pooled(t, metric);
      const m = metricAt(metric);
      if (m < 0) return undefined;
      const i = t * W + m;
      return cells.votes[i] !== 0 ? { value: cells.pooled[i]!, votes: cells.votes[i]! } : null;
    },
    eligible(t, metric) {
      if (!current()) return rows.eligible(t, metric);
      const m = metricAt(metric);
      return m >= 0 && cells.votes[t * W + m] !== 0;
    },
  };
}
