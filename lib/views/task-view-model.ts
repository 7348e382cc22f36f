import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { TaskReport } from "@/lib/scoring/report/report-types";
import { taskCheckGrid } from "@/lib/scoring/view/check-grid";
import { gridRows } from "@/lib/scoring/view/check-pages";
import type { CheckHead, TaskHead } from "@/lib/store/records";
import type { GridRowsPage } from "./check-pages";
import { gridColumns, gridRowViews } from "./check-views";
import type { GridSource, GridView } from "./grid-view";
import { rolloutHref } from "./hrefs";
import type { ScenarioParam } from "./scenario-param";
import type { ViewScenario } from "./view-scenario";

/**
 * Where the task page's grid rows come from: the app reads the first page (check-pages.ts taskGridPage) and
 * the grid fetches the rest from the grid API; a static share bundle holds every rollout's checks.
 */
export type TaskGridData =
  { kind: "api"; first: GridRowsPage } | { kind: "local"; checks: Readonly<Record<string, readonly CheckHead[]>> };

/** The task page: everything it draws, serialisable. */
export interface TaskView {
  runId: string;
  runName: string;
  /** The run is being watched (tally watch): the page says so and follows it as rollouts land. */
  live: boolean;
  /** The run's rollouts, which the live page watches grow. */
  runRollouts: number;
  /** The series the run belongs to: the page links to the task's history there. */
  series: string | null;
  /** The task's row of the report under the scenario. */
  task: TaskReport;
  /** The weight the task declares (the page says when the scenario sets another). */
  declaredWeight: number;
  scenario: ViewScenario;
  grid: GridView;
  source: GridSource;
}

/** The run a view is of, as the page names it. */
export interface ViewRun {
  id: string;
  name: string;
  live: boolean;
  series?: string | null;
}

/**
 * The task page's view from the run's snapshot: that task's rows of the report and its part of the run (its
 * columns), never the run's other tasks. Runs on the server for the app and in the browser for a bundle. Null
 * when the run has no such task.
 */
export function taskViewOf(
  snapshot: RunSnapshot,
  run: ViewRun,
  head: TaskHead,
  param: ScenarioParam,
  grid: TaskGridData,
): TaskView | null {
  const key = head.task.key;
  const figures = snapshot.taskFigures(key, param.scenario);
  if (!figures) return null;
  const { carried } = param;
  const rolloutIds = figures.rollouts.map((r) => r.id);
  const view: GridView = {
    runId: run.id,
    taskKey: key,
    columns: gridColumns(rolloutIds, head.rollouts, figures.rollouts, (row) => rolloutHref(run.id, row, carried)),
  };
  let source: GridSource;
  if (grid.kind === "api") {
    source = {
      kind: "api",
      runId: run.id,
      taskKey: key,
      scenario: carried,
      total: grid.first.total,
      failingTotal: grid.first.failingTotal,
      first: grid.first.rows,
    };
  } else {
    const part = snapshot.taskPart(key)!;
    const all = taskCheckGrid(part, key, param.scenario);
    const stored = all.rollouts.map((r) => grid.checks[r] ?? []);
    source = {
      kind: "local",
      rows: gridRowViews(all.rows, 0, stored),
      failing: gridRowViews(gridRows(all, true), 0, stored),
    };
  }
  return {
    runId: run.id,
    runName: run.name,
    live: run.live,
    runRollouts: snapshot.columns.rolloutTask.length,
    series: run.series ?? null,
    task: figures.task,
    declaredWeight: head.task.weight,
    scenario: { description: figures.scenarioDescription, issues: param.issues, carried },
    grid: view,
    source,
  };
}
