import Link from "@/components/ui/link";
import { count, plural, taskMetricTitle } from "@/lib/display/format";
import { taskTestsText } from "@/lib/display/power-words";
import type { Comparison } from "@/lib/scoring/report/compare";
import { prepareDeltaChart } from "@/lib/scoring/view/compare-chart";
import { dimensionRows, taskTable } from "@/lib/scoring/view/compare-table";
import { metricKind } from "@/lib/scoring/core/dimensions";
import type { CompareRun } from "@/lib/views/compare-run";
import { DeltaChart } from "./delta-chart";
import { FdrControl } from "@/components/ui/fdr-control";
import { TaskDeltaTable } from "./task-delta-table";
import { compareViewHref, type CompareView } from "./url-state";
import styles from "./compare.module.css";

type Candidate = { run: CompareRun; letter: string; comparison: Comparison };

/** Per-task differences: which tasks, which value and order (links: URL state), one chart per candidate, the table. */
export function TasksSection({
  view,
  a,
  candidates,
  csvHref,
}: {
  view: CompareView;
  a: CompareRun;
  candidates: readonly Candidate[];
  csvHref: string | null;
}) {
  const comparisons = candidates.map((c) => c.comparison);
  const table = taskTable(comparisons, { changedOnly: view.changedOnly, sort: view.sort, dir: view.dir });
  const taskMetric = comparisons[0]?.taskMetric ?? "completion";
  const metricChoices = dimensionRows(comparisons)
    .filter((r) => r.pairs.some((p) => p !== null && p.tasks > 0))
    .map((r) => r.metric);
  const current = (on: boolean) => (on ? ("page" as const) : undefined);
  const sorts = [
    { label: "Worst first", sort: "delta", dir: "asc" },
    { label: "Best first", sort: "delta", dir: "desc" },
    { label: "Largest change", sort: "abs", dir: "desc" },
    { label: "By task", sort: "key", dir: "asc" },
  ] as const;

  return (
    <section className="section" aria-labelledby="tasks-title">
      <div className={styles.sectionHead}>
        <h2 id="tasks-title">Per-task differences</h2>
        {csvHref !== null ? (
          <a href={csvHref} className="button button-small" download data-testid="compare-csv">
            <span aria-hidden>↓</span> Download CSV
          </a>
        ) : null}
      </div>
      {candidates.map(({ run, letter, comparison }) => (
        <p key={run.id} className={styles.footnote} data-testid={`task-tests-${letter}`}>
          {candidates.length > 1 ? `${letter}: ` : ""}
          {taskTestsText(comparison.taskTests)}
        </p>
      ))}
      {comparisons[0] ? <FdrControl q={comparisons[0].taskTests.q} /> : null}
      <div className={styles.controls}>
        <nav className={styles.segmented} aria-label="Which tasks">
          <Link
            href={compareViewHref(view, { changedOnly: false })}
            aria-current={current(!view.changedOnly)}
            data-testid="filter-all"
          >
            All common tasks <span className={styles.count}>{count(table.total)}</span>
          </Link>
          <Link
            href={compareViewHref(view, { changedOnly: true })}
            aria-current={current(view.changedOnly)}
            data-testid="filter-changed"
          >
            Changed only <span className={styles.count}>{count(table.changed)}</span>
          </Link>
        </nav>
        <nav className={styles.segmented} aria-label="Per-task value">
          {metricChoices.map((m) => (
            <Link
              key={m}
              href={compareViewHref(view, { metric: m === "completion" ? null : m })}
              aria-current={current(m === taskMetric)}
            >
              {taskMetricTitle(m)}
            </Link>
          ))}
        </nav>
        <nav className={styles.segmented} aria-label="Order">
          {sorts.map((s) => (
            <Link
              key={s.label}
              href={compareViewHref(view, { sort: s.sort, dir: s.dir })}
              aria-current={current(view.sort === s.sort && (s.sort !== "delta" || view.dir === s.dir))}
            >
              {s.label}
            </Link>
          ))}
        </nav>
      </div>

      <div
        className={styles.charts}
        style={{ gridTemplateColumns: `repeat(${Math.min(2, candidates.length)}, minmax(0, 1fr))` }}
      >
        {candidates.map(({ run, letter, comparison }) => {
          const data = prepareDeltaChart(comparison.tasks);
          return (
            <figure key={run.id} className={`card ${styles.chartCard}`} data-testid={`delta-chart-${letter}`}>
              <figcaption className={styles.chartTitle}>
                <strong>{letter} − A per task</strong>{" "}
                <span className="muted">
                  {taskMetricTitle(comparison.taskMetric)}, {run.name} − {a.name}
                </span>
              </figcaption>
              {data.bars.length === 0 ? (
                <p className={styles.none}>No task’s value changed.</p>
              ) : (
                <DeltaChart data={data} kind={metricKind(comparison.taskMetric)} bLetter={letter} />
              )}
              <p className={styles.footnote}>
                {plural(data.bars.length, "changed task")} drawn
                {data.omitted > 0 ? ` (the largest; ${count(data.omitted)} smaller changes left out)` : ""}
                {data.unchanged > 0 ? `; ${count(data.unchanged)} unchanged` : ""}
                {data.missing > 0 ? `; ${count(data.missing)} without a value in one run` : ""}.
              </p>
            </figure>
          );
        })}
      </div>

      <TaskDeltaTable view={view} table={table} metric={taskMetric} a={a} candidates={candidates} csvHref={csvHref} />
    </section>
  );
}
