import type { Report, RolloutReport } from "../report/report-types";
import { sameBytes } from "../core/same-value";
import { rowTable, type RolloutTable } from "../report/rollout-table";
import { effortScatterOf, scatterMeasuresOf, type EffortScatter } from "./effort-scatter";
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
  return stripTableOf(rowTable(rollouts));
}

function stripTableOf(rollouts: RolloutTable): StripTable {
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
  const reward = new Float64Array(rollouts.length);
  const flags = new Uint8Array(rollouts.length);
  let k = 0;
  tasks.forEach((task, t) => {
    start[t] = k;
    for (const r of byTask.get(task)!) {
      const value = rollouts.reward(r);
      ids[k] = rollouts.id(r);
      reward[k] = value ?? Number.NaN;
      flags[k] =
        (rollouts.passed(r) ? PASSED : 0) | (rollouts.scored(r) ? 0 : UNSCORED) | (value === null ? REWARD_NULL : 0);
      k++;
    }
  });
  start[tasks.length] = k;
  return { tasks, start, ids, reward, flags };
}

/** A lookup of each task's strip points (rolloutStrips' for the task; [] for a task with none), made when asked. */
export function stripLookup(table: StripTable): (task: string) => StripPoint[] {
  const index = new Map(table.tasks.map((task, t) => [task, t]));
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

/** The run page's figures of a report's rollouts read as a table; `warnings`: the report's own. */
export function rolloutSummaryOf(warnings: readonly string[], rollouts: RolloutTable): RolloutSummary {
  const all = tableWarnings(warnings, rollouts);
  return {
    warnings: all.slice(0, WARNING_LIMIT),
    warningsTotal: all.length,
    strips: stripTableOf(rollouts),
    bins: rewardHistogramOf(rollouts),
    origin: failureOriginOf(rollouts),
    scatters: scatterMeasuresOf(rollouts).flatMap((m) => effortScatterOf(rollouts, m) ?? []),
  };
}

/** Every warning: the report's, then each rollout's (the header lists them in this order). */
export function tableWarnings(warnings: readonly string[], rollouts: RolloutTable): RunWarning[] {
  const out: RunWarning[] = warnings.map((text) => ({ text }));
  for (let r = 0; r < rollouts.length; r++)
    for (const text of rollouts.warnings(r)) out.push({ text, rollout: rollouts.id(r) });
  return out;
}

/**
 * rolloutSummaryOf for table after table of one run, giving the last summary again while nothing it reads
 * changed (a change of metric, scheme or weights): the page then receives and draws it once. A rollout's id,
 * task, status, warnings and measures are the run's; its verdict, reward and failed checks are compared.
 */
export function summaryKeeper(): (warnings: readonly string[], rollouts: RolloutTable) => RolloutSummary {
  let last: { warnings: string; bits: Uint8Array; reward: Float64Array; summary: RolloutSummary } | null = null;
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
    last = { warnings: text, bits, reward, summary: rolloutSummaryOf(warnings, rollouts) };
    return last.summary;
  };
}
