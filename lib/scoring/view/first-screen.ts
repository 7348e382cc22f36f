import type { Lever, MetricReport, Report, ReportHeadline, TaskReport } from "@/lib/scoring/report/report-types";
import type { SeriesRunFacts } from "@/lib/scoring/report/series-table";
import type { PassRule } from "./pass-rule";
import { rolloutFactsOf } from "@/lib/scoring/report/rollout-facts";
import { rolloutStripsOf, type StripPoint } from "./rollout-strips";
import { tableWarnings } from "./rollout-summary";
import { WARNING_LIMIT, type RunWarning } from "./run-warnings";
import { sortRows } from "./sort-rows";

/*
 * What the run page's HTML holds: the first screen, computed from the report under the URL's scenario. Its size
 * does not grow with the run: the header, the headline and rate cards, the first WARNING_LIMIT warnings and one
 * page of tasks. Everything else waits for the browser's worker, which loads the whole run. The as-recorded
 * first screen is computed at ingest and stored with the run (Store.runEncoding), so a page view without a
 * scenario reads no rollout.
 */

/** Tasks per page of the run page's tasks table. */
export const TASKS_PAGE_SIZE = 50;

/**
 * The version of RunFirstScreen's shape: a stored first screen of another version is computed again. Raise it
 * whenever RunFirstScreen or what fills it changes.
 */
export const FIRST_SCREEN_LAYOUT = 3;

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
  /**
   * The stored (as-recorded) first screen only: the run's fragile verdicts as recorded (levers.ts), computed at
   * ingest so that the run page's worker does not compute them beside the figures.
   */
  levers?: Lever[];
  /**
   * The stored (as-recorded) first screen only: what a series page reads of the run. Never sent to the run page
   * (storedRunPageData leaves it out): it grows with the run's tasks.
   */
  seriesFacts?: SeriesRunFacts;
}

/** The dimensions the tasks table has a column for. */
export function tableDimensions(metrics: Report["metrics"]): string[] {
  return Object.values(metrics)
    .filter((m) => m.kind === "dimension" && m.eligibleTasks > 0)
    .map((m) => m.metric);
}

/**
 * The first screen of `report`. `withTasks`: whether the URL shows the tasks table in its default view (first
 * page, by key, unfiltered), the one page the first screen holds; otherwise the table waits for the worker.
 */
export function runFirstScreen(
  report: Report,
  recorded: ReportHeadline,
  passRule: PassRule,
  withTasks: boolean,
): RunFirstScreen {
  // The rollouts read from the scorer's columns: a first screen makes no row per rollout.
  const rollouts = rolloutFactsOf(report).table();
  const warnings = tableWarnings(report.warnings, rollouts);
  const tasks = withTasks ? sortRows(report.tasks, (t) => t.key, "asc").slice(0, TASKS_PAGE_SIZE) : [];
  const keys = new Set(tasks.map((t) => t.key));
  const strips = rolloutStripsOf(rollouts, (task) => keys.has(task));
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
    tableDimensions: tableDimensions(report.metrics),
    strips,
    unscoredFail: report.scenario.unscored === "fail",
  };
}

/** A first screen whose tasks table waits for the worker (the URL asks for another view of it). */
export const withoutTasks = (first: RunFirstScreen): RunFirstScreen => ({ ...first, tasks: [], strips: {} });
