import type { Report, RolloutReport } from "../report/report-types";
import { effortScatter, scatterMeasures, type EffortScatter } from "./effort-scatter";
import { failureOrigin, type FailureOrigin } from "./failure-origin";
import { reportWarnings } from "./first-screen";
import { rewardHistogram, type HistogramBin } from "./reward-histogram";
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
  const byTask = new Map<string, number[]>();
  rollouts.forEach((r, i) => {
    const list = byTask.get(r.task);
    if (list) list.push(i);
    else byTask.set(r.task, [i]);
  });
  const tasks = [...byTask.keys()];
  const start = new Int32Array(tasks.length + 1);
  const ids = new Array<string>(rollouts.length);
  const reward = new Float64Array(rollouts.length);
  const flags = new Uint8Array(rollouts.length);
  let k = 0;
  tasks.forEach((task, t) => {
    start[t] = k;
    for (const i of byTask.get(task)!) {
      const r = rollouts[i]!;
      ids[k] = r.id;
      reward[k] = r.reward ?? Number.NaN;
      flags[k] =
        (r.passed ? PASSED : 0) | (r.status === "unscored" ? UNSCORED : 0) | (r.reward === null ? REWARD_NULL : 0);
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
  const warnings = reportWarnings(report);
  const { rollouts } = report;
  return {
    warnings: warnings.slice(0, WARNING_LIMIT),
    warningsTotal: warnings.length,
    strips: stripTable(rollouts),
    bins: rewardHistogram(rollouts),
    origin: failureOrigin(report),
    scatters: scatterMeasures(rollouts).flatMap((m) => effortScatter(rollouts, m) ?? []),
  };
}
