import type { Report, RolloutReport } from "../report/report-types";
import { sameBytes } from "../core/same-value";
import { rowTable, type RolloutTable } from "../report/rollout-table";
import {
  scatterLayoutOf,
  scatterMeasuresOf,
  scatterOf,
  type EffortScatter,
  type ScatterLayout,
} from "./effort-scatter";
import { failureOriginOf, type FailureOrigin } from "./failure-origin";
import { rewardHistogramOf, type HistogramBin } from "./reward-histogram";
import type { StripPoint } from "./rollout-strips";
import { WARNING_LIMIT, type RunWarning } from "./run-warnings";

/*
 * What the run page draws of a report's rollout rows, made where the report is (the page's worker): the page
 * gets these few figures and compact strips instead of 100,000 rows copied between threads.
 */

/** Every task's strip of rollout rewards (rolloutStrips), as columns: the points of tasks[t] are start[t]..start[t+1]. */
export interface StripTable {
  tasks: string[];
  start: Int32Array;
  ids: string[];
  /** NaN where the reward is null (REWARD_NULL in flags). */
  reward: Float64Array;
  flags: Uint8Array;
}

const PASSED = 1;
const UNSCORED = 2;
const REWARD_NULL = 4;

export interface RolloutSummary {
  /** The header's warnings (at most WARNING_LIMIT), and how many there are in all. */
  warnings: RunWarning[];
  warningsTotal: number;
  strips: StripTable;
  /** The reward histogram (rewardHistogram). */
  bins: HistogramBin[];
  /** Why scored rollouts failed (failureOrigin). */
  origin: FailureOrigin;
  /** The cost-and-effort scatter of each measure the rollouts record, in scatterMeasures' order. */
  scatters: EffortScatter[];
}

/** The strips of `rollouts`, tasks in order of first appearance, each task's points in run order. */
export function stripTable(rollouts: readonly RolloutReport[]): StripTable {
  const table = rowTable(rollouts);
  return stripsOf(table, stripLayoutOf(table));
}

/** A strip table's parts that are the run's own (its tasks and rollouts in strip order): `order[k]` is point k's rollout. */
interface StripLayout {
  tasks: string[];
  start: Int32Array;
  ids: string[];
  order: Int32Array;
}

function stripLayoutOf(rollouts: RolloutTable): StripLayout {
  const byTask = new Map<string, number[]>();
  for (let r = 0; r < rollouts.length; r++) {
    const task = rollouts.task(r);
    const list = byTask.get(task);
    if (list) list.push(r);
    else byTask.set(task, [r]);
  }
  const tasks = [...byTask.keys()];
  const start = new Int32Array(tasks.length + 1);
  const ids = new Array<string>(rollouts.length);
  const order = new Int32Array(rollouts.length);
  let k = 0;
  tasks.forEach((task, t) => {
    start[t] = k;
    for (const r of byTask.get(task)!) {
      ids[k] = rollouts.id(r);
      order[k++] = r;
    }
  });
  start[tasks.length] = k;
  return { tasks, start, ids, order };
}

/** The strips of `rollouts`' verdicts and rewards laid out as `layout` (of the same run) says. */
function stripsOf(rollouts: RolloutTable, { tasks, start, ids, order }: StripLayout): StripTable {
  const reward = new Float64Array(order.length);
  const flags = new Uint8Array(order.length);
  for (let k = 0; k < order.length; k++) {
    const r = order[k]!;
    const value = rollouts.reward(r);
    reward[k] = value ?? Number.NaN;
    flags[k] =
      (rollouts.passed(r) ? PASSED : 0) | (rollouts.scored(r) ? 0 : UNSCORED) | (value === null ? REWARD_NULL : 0);
  }
  return { tasks, start, ids, reward, flags };
}

/** Each strip task's place, made once per list: summaries of one run share it (applySummaryDelta). */
const taskIndexes = new WeakMap<readonly string[], Map<string, number>>();
function taskIndexOf(tasks: readonly string[]): Map<string, number> {
  let index = taskIndexes.get(tasks);
  if (!index) taskIndexes.set(tasks, (index = new Map(tasks.map((task, t) => [task, t]))));
  return index;
}

/** A lookup of each task's strip points (rolloutStrips' for the task; [] for a task with none), made when asked. */
export function stripLookup(table: StripTable): (task: string) => StripPoint[] {
  const index = taskIndexOf(table.tasks);
  const made = new Map<number, StripPoint[]>();
  return (task) => {
    const t = index.get(task);
    if (t === undefined) return [];
    let points = made.get(t);
    if (!points) {
      points = [];
      for (let k = table.start[t]!; k < table.start[t + 1]!; k++) {
        const f = table.flags[k]!;
        points.push({
          id: table.ids[k]!,
          reward: f & REWARD_NULL ? null : table.reward[k]!,
          passed: (f & PASSED) !== 0,
          status: f & UNSCORED ? "unscored" : "scored",
        });
      }
      made.set(t, points);
    }
    return points;
  };
}

/** The run page's figures of `report`'s rollout rows. */
export function rolloutSummary(report: Pick<Report, "warnings" | "rollouts">): RolloutSummary {
  return rolloutSummaryOf(report.warnings, rowTable(report.rollouts));
}

/**
 * What a summary reads of a run's own facts (its rollouts' ids, tasks, statuses, warnings and measures), the
 * same under every scenario of the run: made once, a summary under another scenario reads only the verdicts
 * and rewards. Its parts are shared by the summaries made with it.
 */
export interface SummaryLayout {
  length: number;
  /** The rollouts' own warnings, in run order. */
  warnings: RunWarning[];
  strips: StripLayout;
  scatters: ScatterLayout[];
}

/** Each rollout's own warnings, in run order. */
function rolloutWarnings(rollouts: RolloutTable): RunWarning[] {
  const warnings: RunWarning[] = [];
  for (let r = 0; r < rollouts.length; r++)
    for (const text of rollouts.warnings(r)) warnings.push({ text, rollout: rollouts.id(r) });
  return warnings;
}

export function summaryLayoutOf(rollouts: RolloutTable): SummaryLayout {
  return {
    length: rollouts.length,
    warnings: rolloutWarnings(rollouts),
    strips: stripLayoutOf(rollouts),
    scatters: scatterMeasuresOf(rollouts).flatMap((m) => scatterLayoutOf(rollouts, m) ?? []),
  };
}

/**
 * The run page's figures of a report's rollouts read as a table; `warnings`: the report's own. `layout`: the
 * run's (summaryLayoutOf a table of the same run), made from `rollouts` when not given.
 */
export function rolloutSummaryOf(
  warnings: readonly string[],
  rollouts: RolloutTable,
  layout: SummaryLayout = summaryLayoutOf(rollouts),
): RolloutSummary {
  const all: RunWarning[] = warnings.map((text) => ({ text }));
  const total = all.length + layout.warnings.length;
  for (const w of layout.warnings) {
    if (all.length >= WARNING_LIMIT) break;
    all.push(w);
  }
  return {
    warnings: all.slice(0, WARNING_LIMIT),
    warningsTotal: total,
    strips: stripsOf(rollouts, layout.strips),
    bins: rewardHistogramOf(rollouts),
    origin: failureOriginOf(rollouts),
    scatters: layout.scatters.map((scatter) => scatterOf(rollouts, scatter)),
  };
}

/** Every warning: the report's, then each rollout's (the header lists them in this order). */
export function tableWarnings(warnings: readonly string[], rollouts: RolloutTable): RunWarning[] {
  return [...warnings.map((text) => ({ text })), ...rolloutWarnings(rollouts)];
}

/**
 * rolloutSummaryOf for table after table of one run, giving the last summary again while nothing it reads
 * changed (a change of metric, scheme or weights): the page then receives and draws it once. A rollout's id,
 * task, status, warnings and measures are the run's; its verdict, reward and failed checks are compared.
 */
export function summaryKeeper(): (warnings: readonly string[], rollouts: RolloutTable) => RolloutSummary {
  let last: { warnings: string; bits: Uint8Array; reward: Float64Array; summary: RolloutSummary } | null = null;
  let layout: SummaryLayout | null = null;
  return (warnings, rollouts) => {
    const n = rollouts.length;
    const bits = new Uint8Array(n);
    const reward = new Float64Array(n);
    for (let r = 0; r < n; r++) {
      const value = rollouts.reward(r);
      bits[r] = (rollouts.passed(r) ? 1 : 0) | (rollouts.failedRequired(r) ? 2 : 0) | (value === null ? 4 : 0);
      reward[r] = value ?? 0;
    }
    const text = JSON.stringify(warnings);
    if (last && last.warnings === text && sameBytes(last.bits, bits) && sameBytes(last.reward, reward))
      return last.summary;
    if (layout?.length !== n) layout = summaryLayoutOf(rollouts);
    last = { warnings: text, bits, reward, summary: rolloutSummaryOf(warnings, rollouts, layout) };
    return last.summary;
  };
}

/**
 * A summary as the run page's worker sends it after another of the same run: its strips without the run's own
 * parts (tasks, starts and ids: 100,000 rollout ids at 100,000 rollouts) and each scatter without its points'
 * ids, tasks and measures (20,000 points a scatter when per task) when the summary before had the same ones.
 * The receiver takes them from the summary it holds.
 */
export type SummaryDelta = Omit<RolloutSummary, "strips" | "scatters"> & {
  strips: StripTable | Pick<StripTable, "reward" | "flags">;
  scatters: (EffortScatter | ScatterDelta)[];
};

/** A scatter after one of the same layout: each point's y and verdict (1: passed), in the points' order. */
export type ScatterDelta = Omit<EffortScatter, "points" | "unscored"> & { ys: Float64Array; passed: Uint8Array };

/** `next` as a delta from `previous` (null: nothing sent before). */
export function summaryDelta(previous: RolloutSummary | null, next: RolloutSummary): SummaryDelta {
  const { strips } = next;
  if (previous?.strips.ids !== strips.ids) return next;
  return {
    ...next,
    strips: { reward: strips.reward, flags: strips.flags },
    scatters: next.scatters.map((scatter, i) => scatterDelta(previous.scatters[i], scatter)),
  };
}

function scatterDelta(previous: EffortScatter | undefined, next: EffortScatter): EffortScatter | ScatterDelta {
  // The band is the layout's own array (scatterLayoutOf): the same array, the same layout, the same points.
  if (previous?.unscored !== next.unscored || previous.points.length !== next.points.length) return next;
  const { points, unscored: _unscored, ...rest } = next;
  const ys = new Float64Array(points.length);
  const passed = new Uint8Array(points.length);
  for (const [i, p] of points.entries()) {
    ys[i] = p.y;
    passed[i] = p.passed ? 1 : 0;
  }
  return { ...rest, ys, passed };
}

/** The summary a delta stands for, sharing the previous summary's run parts where it left them out. */
export function applySummaryDelta(previous: RolloutSummary | null, delta: SummaryDelta): RolloutSummary {
  const { strips } = delta;
  if ("ids" in strips)
    return { ...delta, strips, scatters: delta.scatters.map((s) => applyScatterDelta(undefined, s)) };
  if (!previous) throw new Error("A rollout summary was sent without its strips' rollouts, but none was sent before.");
  const { tasks, start, ids } = previous.strips;
  return {
    ...delta,
    strips: { tasks, start, ids, reward: strips.reward, flags: strips.flags },
    scatters: delta.scatters.map((s, i) => applyScatterDelta(previous.scatters[i], s)),
  };
}

/** A point whose y and verdict did not change is the same object, and so are the points when none did. */
function applyScatterDelta(previous: EffortScatter | undefined, delta: EffortScatter | ScatterDelta): EffortScatter {
  if ("points" in delta) return delta;
  if (previous === undefined) throw new Error("A scatter was sent without its points, but none was sent before.");
  const { ys, passed, ...rest } = delta;
  let changed = false;
  const points = previous.points.map((p, i) => {
    const y = ys[i]!;
    const ok = passed[i] === 1;
    if (Object.is(p.y, y) && p.passed === ok) return p;
    changed = true;
    return { ...p, y, passed: ok };
  });
  return { ...rest, points: changed ? points : previous.points, unscored: previous.unscored };
}
