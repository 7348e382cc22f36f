import Link from "@/components/ui/link";
import { LiveBadge } from "@/components/live/live-badge";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ChecksGrid } from "./checks-grid";
import type { TaskTraceFilter } from "@/lib/views/trace-search";
import { countedRollouts } from "./diagnosis-words";
import { runHref, seriesTaskHref, taskHref } from "@/lib/views/hrefs";
import { PassAtKChart } from "./pass-at-k-chart";
import { PassAtKTable } from "./pass-at-k-table";
import { ScenarioBanner } from "./scenario-banner";
import { TaskSummary } from "./task-summary";
import styles from "./task-page.module.css";
import { passAtKPoints } from "@/lib/scoring/view/chart-data";
import type { TaskView } from "@/lib/views/task-view-model";

/** The task page, as lib/views/task-view-model.ts prepares it (on the server, or in the browser for a bundle). */
export function TaskPageBody({
  view,
  trace = null,
}: {
  view: TaskView;
  /** `?trace=` words: only the rollouts whose trace matches are shown in the grid. */
  trace?: TaskTraceFilter | null;
}) {
  const { runId: id, runName, live, task: summary, scenario, grid, source, series } = view;
  const carried = scenario.carried;
  const points = passAtKPoints(summary);
  const counted = countedRollouts(summary);
  const thisPage = taskHref(id, summary.key);

  return (
    <>
      <LiveRefresh shown={live ? [{ id, rollouts: view.runRollouts }] : []} />
      <ScenarioBanner description={scenario.description} issues={scenario.issues} recordedHref={thisPage} />
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
            {summary.weight !== view.declaredWeight ? (
              <span className="muted"> (declared {view.declaredWeight}, what-if)</span>
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
        <ChecksGrid
          view={grid}
          source={source}
          server={source.kind === "api"}
          version={carried ?? ""}
          trace={trace}
          removeTrace={taskHref(id, summary.key, carried)}
        />
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
