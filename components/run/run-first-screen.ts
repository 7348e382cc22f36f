import type { MetricReport, Report, ReportHeadline, TaskReport } from "@/lib/scoring/report/report-types";
import type { PassRule } from "@/lib/scoring/view/pass-rule";
import { rolloutStrips, type StripPoint } from "@/lib/scoring/view/rollout-strips";
import { WARNING_LIMIT, type RunWarning } from "./run-warnings";
import { sortRows } from "./sort-rows";
import { DEFAULT_TASKS_VIEW, TASKS_PAGE_SIZE, type TasksView } from "./tasks-view";

/*
 * What the run page's HTML holds: the first screen, computed on the server from the report under the URL's
 * scenario (the as-recorded one is the snapshot's). Its size does not grow with the run: the header, the
 * headline and rate cards, the first WARNING_LIMIT warnings and one page of tasks. Everything else waits for
 * the browser's worker, which loads the whole run (run-source.ts).
 */

export interface RunFirstScreen {
  counts: Report["counts"];
  headline: ReportHeadline;
  /** The headline as recorded (no scenario), which the declared scenario's headline is shown beside. */
  recordedHeadline: ReportHeadline;
  headlineMetric: MetricReport | null;
  passRate: Report["passRate"];
  /** What decided the verdicts behind the pass rate (required checks, a reward, a grade). */
  passRule: PassRule;
  meanReward: Report["meanReward"];
  scenarioDescription: string[];
  warnings: RunWarning[];
  warningsTotal: number;
  /** The tasks table's first page in its default order; empty when the URL asks for another view of it. */
  tasks: TaskReport[];
  tableDimensions: string[];
  strips: Record<string, StripPoint[]>;
  /** Whether unscored rollouts count as failures (a task's "passes" then reads k of all its rollouts). */
  unscoredFail: boolean;
}

/** Every warning of the report: the run's, then each rollout's (the header lists them in this order). */
export function reportWarnings(report: Report): RunWarning[] {
  return [
    ...report.warnings.map((text) => ({ text })),
    ...report.rollouts.flatMap((r) => r.warnings.map((text) => ({ text, rollout: r.id }))),
  ];
}

/** The dimensions the tasks table has a column for. */
export function tableDimensions(report: Report): string[] {
  return Object.values(report.metrics)
    .filter((m) => m.kind === "dimension" && m.eligibleTasks > 0)
    .map((m) => m.metric);
}

const isDefaultView = (v: TasksView) =>
  v.q.trim() === "" && v.sort === null && v.page === DEFAULT_TASKS_VIEW.page && v.diagnosis === null;

export function runFirstScreen(
  report: Report,
  view: TasksView,
  recorded: ReportHeadline,
  passRule: PassRule,
): RunFirstScreen {
  const warnings = reportWarnings(report);
  const tasks = isDefaultView(view) ? sortRows(report.tasks, (t) => t.key, "asc").slice(0, TASKS_PAGE_SIZE) : [];
  const keys = new Set(tasks.map((t) => t.key));
  const strips = rolloutStrips(report.rollouts.filter((r) => keys.has(r.task)));
  return {
    counts: report.counts,
    headline: report.headline,
    recordedHeadline: recorded,
    headlineMetric: report.metrics[report.headline.metric] ?? null,
    passRate: report.passRate,
    passRule,
    meanReward: report.meanReward,
    scenarioDescription: report.scenarioDescription,
    warnings: warnings.slice(0, WARNING_LIMIT),
    warningsTotal: warnings.length,
    tasks,
    tableDimensions: tableDimensions(report),
    strips,
    unscoredFail: report.scenario.unscored === "fail",
  };
}
