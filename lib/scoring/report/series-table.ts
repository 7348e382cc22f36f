import type { Interval } from "../core/stats";
import type { Report, TaskReport } from "./report-types";
import { DEFAULT_FDR } from "../series/false-discovery";
import { seriesHistory, type SeriesHistory, type TaskRunResult } from "../series/task-history";

/**
 * What a series reads of one run's report: its headline with its interval and each task's passes over its
 * counted rollouts. Small (three numbers a task), so the as-recorded facts are stored with the run
 * (recordedFirstScreen) and a series page reads no rollout.
 */
export interface SeriesRunFacts {
  metric: string;
  value: number | null;
  ci95: Interval | null;
  /** Task keys in the report's order, with passes[i] of counted[i] rollouts. */
  tasks: { keys: string[]; passes: number[]; counted: number[] };
}

/** One run of a series, oldest first, with its facts under the series' scenario. */
export interface SeriesRunInput {
  id: string;
  name: string;
  /** When the run was made (its own date, else when it was ingested), ISO. */
  at: string;
  facts: SeriesRunFacts;
}

export interface SeriesRunLine {
  id: string;
  name: string;
  at: string;
  metric: string;
  value: number | null;
  ci95: Interval | null;
}

/** A series as its page and `tally series show` read it: runs oldest first, every task's pass rate per run. */
export interface SeriesTable {
  runs: SeriesRunLine[];
  /** Every task key any run holds, by key. */
  tasks: string[];
  /** rates[task][run]: the task's pass rate in that run; null when the run does not hold it or counts none. */
  rates: (number | null)[][];
  history: SeriesHistory;
}

/** The rollouts a task's pass rate is over: its scored ones, or all under the "unscored as failure" policy. */
export function countedRollouts(task: TaskReport, report: Report): number {
  return report.scenario.unscored === "fail" ? task.rollouts : task.scored;
}

/** A report's series facts: its headline and, per task, passes of countedRollouts. */
export function seriesFactsOf(report: Report): SeriesRunFacts {
  const tasks = report.tasks;
  return {
    metric: report.headline.metric,
    value: report.headline.value,
    ci95: report.headline.ci95,
    tasks: {
      keys: tasks.map((t) => t.key),
      passes: tasks.map((t) => t.passes),
      counted: tasks.map((t) => countedRollouts(t, report)),
    },
  };
}

/**
 * The series' runs × tasks table and each task's history (task-history.ts), from the runs' reports in series
 * order. The headline line is each run's own headline and 95% interval.
 */
export function seriesTable(runs: readonly SeriesRunInput[], q: number = DEFAULT_FDR): SeriesTable {
  const keys = new Set<string>();
  for (const r of runs) for (const k of r.facts.tasks.keys) keys.add(k);
  const tasks = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const index = new Map(tasks.map((k, i) => [k, i]));
  const results = tasks.map(() => new Array<TaskRunResult | null>(runs.length).fill(null));
  runs.forEach((r, j) => {
    const { keys: taskKeys, passes, counted } = r.facts.tasks;
    taskKeys.forEach((k, i) => {
      results[index.get(k)!]![j] = counted[i]! > 0 ? { passes: passes[i]!, counted: counted[i]! } : null;
    });
  });
  return {
    runs: runs.map((r) => ({
      id: r.id,
      name: r.name,
      at: r.at,
      metric: r.facts.metric,
      value: r.facts.value,
      ci95: r.facts.ci95,
    })),
    tasks,
    rates: results.map((row) => row.map((c) => (c === null ? null : c.passes / c.counted))),
    history: seriesHistory(new Map(tasks.map((k, i) => [k, results[i]!])), q),
  };
}
