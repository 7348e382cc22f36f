import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { FdrControl } from "@/components/ui/fdr-control";
import { HeadlineBand } from "@/components/series/headline-band";
import { SeriesMatrix } from "@/components/series/series-matrix";
import styles from "@/components/series/series.module.css";
import { leaderboardHref, taskHref } from "@/lib/views/hrefs";
import { zFdr } from "@/lib/compare/query";
import { plural } from "@/lib/display/format";
import { ZSeriesName } from "@/lib/run-series";
import { readSeries } from "@/lib/series/read-series";
import { encodeRateGrid } from "@/lib/scoring/wire/rate-grid";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Series" };

type Props = {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const LISTS = [
  ["stopped-passing", "Stopped passing"],
  ["fixed", "Fixed since"],
  ["flaky", "Flaky across runs"],
  ["never-passed", "Never passed"],
] as const;

/** /series/:name[?fdr=Q]: a series' runs × tasks matrix, its headline over time and what became of each task. */
export default async function SeriesPage({ params, searchParams }: Props) {
  const raw = decodeURIComponent((await params).name);
  const query = await searchParams;
  const fdrParam = query.fdr;
  const focus = typeof query.task === "string" ? query.task.slice(0, 1000) : null;
  const fdr = zFdr.safeParse(Array.isArray(fdrParam) ? fdrParam[0] : fdrParam);
  const name = ZSeriesName.safeParse(raw);
  const series = name.success
    ? await readSeries(getStore(), name.data, { q: fdr.success ? fdr.data : undefined })
    : null;
  const crumbs = (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <Link href="/">Runs</Link> / Series
    </nav>
  );
  if (!series) {
    return (
      <>
        {crumbs}
        <h1>Series “{raw.slice(0, 80)}”</h1>
        <p className="callout callout-info" role="status" data-testid="series-empty">
          No run belongs to this series. Put runs in it with <code>tally ingest --series NAME</code>, the upload’s
          series field, or <code>tally runs series &lt;run&gt; NAME</code>.
        </p>
      </>
    );
  }
  const h = series.history;
  const called = h.tasks.filter((t) => t.trend === "stopped-passing" || t.trend === "fixed").length;
  const runName = (i: number | null) => (i === null ? "" : `run ${i + 1} (${series.runs[i]!.name})`);
  return (
    <>
      {crumbs}
      <div className="page-header">
        <div>
          <h1>Series “{series.name}”</h1>
          <p>
            {plural(series.runs.length, "run")}, oldest first; {plural(series.tasks.length, "task")}.
          </p>
        </div>
        <Link href={leaderboardHref({ series: series.name })} className="button">
          Leaderboard of these runs
        </Link>
      </div>
      <HeadlineBand runs={series.runs} />
      <section className="section" aria-labelledby="history-title">
        <h2 id="history-title">What became of each task</h2>
        <p className="muted" data-testid="history-correction">
          {plural(called, "task")} changed after Benjamini–Hochberg at q = {h.q} across the tasks ({h.uncorrected} with
          a best split p &lt; 0.05 before correction). A change is the split of a task’s runs with the clearest drop (or
          rise) in passes: one-sided Fisher exact, × the splits tried.
        </p>
        <div className={styles.fdr}>
          <FdrControl q={h.q} />
        </div>
        <div className={styles.lists}>
          {LISTS.map(([trend, title]) => {
            const tasks = h.tasks.filter((t) => t.trend === trend);
            return (
              <div key={trend} className="card" data-testid={`history-${trend}`}>
                <div className="card-title">
                  {title} ({tasks.length})
                </div>
                {tasks.length === 0 ? (
                  <p className="muted">None.</p>
                ) : (
                  <ul className={styles.list}>
                    {tasks.slice(0, 50).map((t) => {
                      const at = t.since === null ? series.runs.at(-1)! : series.runs[t.since]!;
                      return (
                        <li key={t.task}>
                          <Link href={taskHref(at.id, t.task)}>{t.task}</Link>
                          {t.since !== null ? <span className="muted"> since {runName(t.since)}</span> : null}
                        </li>
                      );
                    })}
                    {tasks.length > 50 ? (
                      <li className="muted">and {tasks.length - 50} more (the matrix filter lists them)</li>
                    ) : null}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      </section>
      <section className="section" aria-labelledby="matrix-title">
        <h2 id="matrix-title">Every task in every run</h2>
        <SeriesMatrix
          runs={series.runs.map(({ id, name }) => ({ id, name }))}
          tasks={h.tasks.map(({ task, trend }) => ({ key: task, trend }))}
          grid={encodeRateGrid(series.rates)}
          focus={focus}
        />
      </section>
    </>
  );
}
