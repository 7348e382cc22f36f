import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { ChecksGrid } from "@/components/task/checks-grid";
import { countedRollouts } from "@/components/task/diagnosis-words";
import { gridView } from "@/components/task/grid-view";
import { keyOfSegment, rolloutHref, runHref, scenarioParamOf, taskHref } from "@/components/task/hrefs";
import { PassAtKChart } from "@/components/task/pass-at-k-chart";
import { PassAtKTable } from "@/components/task/pass-at-k-table";
import { ScenarioBanner } from "@/components/task/scenario-banner";
import { TaskSummary } from "@/components/task/task-summary";
import styles from "@/components/task/task-page.module.css";
import { passAtKPoints } from "@/lib/scoring/view/chart-data";
import { taskCheckGrid } from "@/lib/scoring/view/check-grid";
import { computeReport } from "@/lib/scoring/report/report";
import { parseScenarioParam } from "@/lib/scoring/scenario/scenario";
import { getStore } from "@/lib/store/open-store";
import { LiveBadge } from "@/components/live/live-badge";
import { LiveRefresh } from "@/components/live/live-refresh";
import { isLive } from "@/lib/run-labels";

type Params = Promise<{ id: string; task: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `task` is the path segment as Next.js passes it; the task key is that segment decoded. */
const load = cache(async (runId: string, segment: string) => {
  const store = getStore();
  const [meta, task, run] = await Promise.all([
    store.getRun(runId),
    store.getTask(runId, keyOfSegment(segment)),
    store.snapshot(runId).then((s) => s?.run ?? null),
  ]);
  return meta && task && run ? { meta, task, run } : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id, task } = await params;
  const data = await load(id, task);
  return { title: data ? `${data.task.task.key} · ${data.meta.name}` : "Task not found" };
}

export default async function TaskPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id, task: segment } = await params;
  const data = await load(id, segment);
  const scenarioText = scenarioParamOf(await searchParams);
  if (!data) {
    // A row id in place of the key: redirect to the key's URL.
    const key = await getStore().taskKeyOfRowId(id, keyOfSegment(segment));
    if (key !== null) permanentRedirect(taskHref(id, key, scenarioText));
    notFound();
  }
  const { meta, task, run } = data;

  const parsed = parseScenarioParam(scenarioText);
  const scenario = parsed.success ? parsed.data : {};
  const carried = parsed.success ? scenarioText : null;
  const report = computeReport(run, scenario);
  const summary = report.tasks.find((t) => t.key === task.task.key);
  if (!summary) notFound();

  const verdicts = report.rollouts.filter((r) => r.task === summary.key);
  const view = gridView(
    taskCheckGrid(run, summary.key, scenario),
    task.rollouts,
    verdicts,
    (row) => rolloutHref(id, row, carried),
    { runId: id, taskKey: summary.key },
  );
  const points = passAtKPoints(summary);
  const counted = countedRollouts(summary);
  const thisPage = taskHref(id, task.task.key);
  const live = isLive(meta.liveUntil);

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
          <Link href="/">Runs</Link> / <Link href={runHref(id, carried)}>{meta.name}</Link> / <span>{summary.key}</span>
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
            run <strong>{meta.name}</strong> {live ? <LiveBadge /> : null}
          </span>
        </p>
      </header>

      <TaskSummary task={summary} />

      <section className="section" aria-labelledby="grid-heading">
        <h2 id="grid-heading">Checks × rollouts</h2>
        <p className="section-note">
          One column per rollout, one row per check. Checks that failed as required come first. Hover a cell for its
          detail, or click it (Enter) to open every field.
        </p>
        <ChecksGrid view={view} />
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
