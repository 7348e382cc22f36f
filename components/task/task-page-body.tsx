import { apiUrls } from "@/lib/api/client-routes";
import Link from "@/components/ui/link";
import { LiveBadge } from "@/components/live/live-badge";
import { LiveRefresh } from "@/components/live/live-refresh";
import { notFound } from "next/navigation";
import { ChecksGrid } from "./checks-grid";
import { countedRollouts } from "./diagnosis-words";
import type { GridSource, GridView } from "./grid-view";
import { rolloutHref, runHref, seriesTaskHref, taskHref } from "./hrefs";
import { PassAtKChart } from "./pass-at-k-chart";
import { PassAtKTable } from "./pass-at-k-table";
import { ScenarioBanner } from "./scenario-banner";
import { TaskSummary } from "./task-summary";
import styles from "./task-page.module.css";
import { passAtKPoints } from "@/lib/scoring/view/chart-data";
import { taskCheckGrid } from "@/lib/scoring/view/check-grid";
import { gridRows } from "@/lib/scoring/view/check-pages";
import { gridColumns, gridRowViews } from "@/lib/api/check-views";
import type { GridRowsPage } from "@/lib/api/check-pages";
import { computeReport } from "@/lib/scoring/report/report";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { CheckHead, TaskHead } from "@/lib/store/records";

/**
 * Where the task page's grid rows come from: the app reads the first page (lib/api/check-pages.ts taskGridPage)
 * and the grid fetches the rest from the grid API; a static share bundle holds every rollout's checks.
 */
export type TaskGridData =
  { kind: "api"; first: GridRowsPage } | { kind: "local"; checks: Readonly<Record<string, readonly CheckHead[]>> };

/**
 * The task page under a scenario (the raw `scenario` parameter): computed where it renders, on the server for
 * the app and in the browser for a static share bundle.
 */
export function TaskPageBody({
  id,
  runName,
  task,
  grid,
  run,
  scenarioText,
  live = false,
  series = null,
}: {
  id: string;
  runName: string;
  task: TaskHead;
  grid: TaskGridData;
  run: ScoringRun;
  scenarioText: string | null;
  /** The run is being watched (tally watch): the page says so and follows it as rollouts land. */
  live?: boolean;
  /** The series the run belongs to: the page links to the task's history there. */
  series?: string | null;
}) {
  const parsed = parseScenarioParam(scenarioText);
  const scenario = parsed.success ? parsed.data : {};
  const carried = parsed.success ? scenarioText : null;
  const report = computeReport(run, scenario);
  const summary = report.tasks.find((t) => t.key === task.task.key);
  if (!summary) notFound();

  const verdicts = report.rollouts.filter((r) => r.task === summary.key);
  const rollouts = run.rollouts.filter((r) => r.task === summary.key).map((r) => r.id);
  const view: GridView = {
    runId: id,
    taskKey: summary.key,
    columns: gridColumns(rollouts, task.rollouts, verdicts, (row) => rolloutHref(id, row, carried)),
  };
  let source: GridSource;
  if (grid.kind === "api") {
    source = {
      kind: "api",
      url: apiUrls.taskGrid(id, summary.key, carried),
      total: grid.first.total,
      failingTotal: grid.first.failingTotal,
      first: grid.first.rows,
    };
  } else {
    const all = taskCheckGrid(run, summary.key, scenario);
    const stored = all.rollouts.map((r) => grid.checks[r] ?? []);
    source = {
      kind: "local",
      rows: gridRowViews(all.rows, 0, stored),
      failing: gridRowViews(gridRows(all, true), 0, stored),
    };
  }
  const points = passAtKPoints(summary);
  const counted = countedRollouts(summary);
  const thisPage = taskHref(id, task.task.key);

  return (
    <>
      <LiveRefresh shown={live ? [{ id, rollouts: run.rollouts.length }] : []} />
      <ScenarioBanner
        description={report.scenarioDescription}
        issues={parsed.success ? null : parsed.issues}
        recordedHref={thisPage}
      />
      <header className={styles.header}>
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link href="/">Runs</Link> / <Link href={runHref(id, carried)}>{runName}</Link> / <span>{summary.key}</span>
        </nav>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{summary.name ?? summary.taskId}</h1>
          {summary.name !== null || summary.key !== summary.taskId ? (
            <span className={styles.taskKey}>{summary.key}</span>
          ) : null}
        </div>
        <p className={styles.facts}>
          <span>
            group <strong>{summary.group ?? "none"}</strong>
          </span>
          <span>
            weight <strong className="num">{summary.weight}</strong>
            {summary.weight !== task.task.weight ? (
              <span className="muted"> (declared {task.task.weight}, what-if)</span>
            ) : null}
          </span>
          <span>
            run <strong>{runName}</strong> {live ? <LiveBadge /> : null}
          </span>
          {series !== null ? (
            <span>
              series <strong>{series}</strong>:{" "}
              <Link href={seriesTaskHref(series, summary.key)} data-testid="task-history-link">
                this task’s history
              </Link>
            </span>
          ) : null}
        </p>
      </header>

      <TaskSummary task={summary} />

      <section className="section" aria-labelledby="grid-heading">
        <h2 id="grid-heading">Checks × rollouts</h2>
        <p className="section-note">
          One column per rollout, one row per check. Checks that failed as required come first. Hover a cell for its
          detail, or click it (Enter) to open every field.
        </p>
        <ChecksGrid view={view} source={source} server={grid.kind === "api"} version={carried ?? ""} />
      </section>

      <section className="section" aria-labelledby="passk-heading">
        <h2 id="passk-heading">pass@k and pass^k</h2>
        <p className="section-note">
          pass@k: chance at least one of k tries passes; pass^k: chance all k pass. Estimated from {counted}{" "}
          {counted === 1 ? "rollout" : "rollouts"} with {summary.passes} {summary.passes === 1 ? "pass" : "passes"}.
        </p>
        {points.length === 0 ? (
          <div className="empty-state">No rollout of this task was scored, so there is no pass@k to estimate.</div>
        ) : points.length === 1 ? (
          <div className={`card ${styles.chartCard}`}>
            <p className={styles.oneRollout}>
              With one rollout there is no curve: pass@1 and pass^1 are both its verdict. Run the task several times to
              see how often it passes at least once (pass@k) and every time (pass^k).
            </p>
            <PassAtKTable points={points} />
          </div>
        ) : (
          <div className={`card ${styles.chartCard}`}>
            <PassAtKChart points={points} />
            <PassAtKTable points={points} />
          </div>
        )}
      </section>
    </>
  );
}
