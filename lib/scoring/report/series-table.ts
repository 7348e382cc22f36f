import type { Interval } from "../core/stats";
import type { Report, TaskReport } from "./report-types";
import { DEFAULT_FDR } from "../series/false-discovery";
import { seriesHistory, type SeriesHistory, type TaskRunResult } from "../series/task-history";

/** One run of a series, oldest first, with its report under the series' scenario. */
export interface SeriesRunInput {
  id: string;
  name: string;
  /** When the run was made (its own date, else when it was ingested), ISO. */
  at: string;
  report: Report;
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

/**
 * The series' runs × tasks table and each task's history (task-history.ts), from the runs' reports in series
 * order. The headline line is each run's own headline and 95% interval.
 */
export function seriesTable(runs: readonly SeriesRunInput[], q: number = DEFAULT_FDR): SeriesTable {
  const keys = new Set<string>();
  for (const r of runs) for (const t of r.report.tasks) keys.add(t.key);
  const tasks = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const index = new Map(tasks.map((k, i) => [k, i]));
  const results = tasks.map(() => new Array<TaskRunResult | null>(runs.length).fill(null));
  runs.forEach((r, j) => {
    for (const t of r.report.tasks) {
      const counted = countedRollouts(t, r.report);
      results[index.get(t.key)!]![j] = counted > 0 ? { passes: t.passes, counted } : null;
    }
  });
  return {
    runs: runs.map((r) => ({
      id: r.id,
      name: r.name,
      at: r.at,
      metric: r.report.headline.metric,
      value: r.report.headline.value,
      ci95: r.report.headline.ci95,
    })),
    tasks,
    rates: results.map((row) => row.map((c) => (c === null ? null : c.passes / c.counted))),
    history: seriesHistory(new Map(tasks.map((k, i) => [k, results[i]!])), q),
  };
}
