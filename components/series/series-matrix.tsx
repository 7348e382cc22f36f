"use client";

import { useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { taskHref } from "@/lib/views/hrefs";
import { pct } from "@/lib/display/format";
import { rateAt, type RateGrid } from "@/lib/scoring/wire/rate-grid";
import type { TaskTrend } from "@/lib/scoring/series/task-history";
import styles from "./series.module.css";

const ROW = 22;
const CELL = 22;
/** The width of the task names' column, in px (series.module.css .rowLabel). */
const LABEL = 160;
/** The matrix's box before the browser measures it: its maximum height and a wide screen's width. */
const INITIAL_RECT = { width: 1200, height: 560 };
const TREND_WORDS: Record<TaskTrend, string> = {
  "stopped-passing": "stopped passing",
  fixed: "fixed since",
  flaky: "flaky across runs",
  "never-passed": "never passed",
  "always-passed": "always passed",
  steady: "steady",
};
const FILTERS = ["all", "stopped-passing", "fixed", "flaky", "never-passed"] as const;
type Filter = (typeof FILTERS)[number] | "task";

/** A pass rate's colour: red (0) through amber to green (1), dark enough at each end for the white grid lines. */
function colour(rate: number): string {
  const hue = Math.round(rate * 120);
  return `hsl(${hue} 65% ${rate === 1 ? 38 : 48}%)`;
}

export interface MatrixTask {
  key: string;
  trend: TaskTrend;
}

/**
 * The runs × tasks matrix: one row per task, one cell per run (oldest first), coloured by its pass rate and
 * linked to the task in that run. Rows are virtualised, so thousands of tasks draw only what is in view; the
 * trend filter keeps the rows of one history class.
 */
export function SeriesMatrix({
  runs,
  tasks,
  grid,
  focus = null,
}: {
  runs: { id: string; name: string }[];
  tasks: MatrixTask[];
  /** The pass rates, rows by task (as `tasks`), cells by run (as `runs`). */
  grid: RateGrid;
  /** A task the page was opened for (from the task page): the matrix starts with that row alone. */
  focus?: string | null;
}) {
  const focused = focus !== null && tasks.some((t) => t.key === focus);
  const [filter, setFilter] = useState<Filter>(focused ? "task" : "all");
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const lowered = useMemo(() => tasks.map((t) => t.key.toLowerCase()), [tasks]);
  const rows = useMemo(
    () =>
      tasks
        .map((t, i) => ({ ...t, i }))
        .filter(
          (t) =>
            (filter === "all" || (filter === "task" ? t.key === focus : t.trend === filter)) &&
            (needle === "" || lowered[t.i]!.includes(needle)),
        ),
    [tasks, lowered, filter, focus, needle],
  );
  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const t of tasks) c.set(t.trend, (c.get(t.trend) ?? 0) + 1);
    return c;
  }, [tasks]);
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW,
    // The header row of run numbers sits above the first row.
    paddingStart: ROW,
    scrollPaddingStart: ROW,
    overscan: 6,
    // The server draws the first screen of rows (the matrix's height, series.module.css), so they show with the
    // HTML rather than after hydration; the browser measures the real size at once.
    initialRect: INITIAL_RECT,
  });
  // Columns are virtualised too: a row draws the runs in view (and a few beside), not all of a long series.
  const columns = useVirtualizer({
    horizontal: true,
    count: runs.length,
    getScrollElement: () => parent.current,
    estimateSize: () => CELL,
    paddingStart: LABEL,
    overscan: 4,
    initialRect: INITIAL_RECT,
  });
  const shownColumns = columns.getVirtualItems();
  const leading = (shownColumns[0]?.start ?? LABEL) - LABEL;
  const width = LABEL + runs.length * CELL;
  // What the rows show, on the drawn element: the bench waits for it to time a filter.
  const view = `${filter}|${needle}`;
  return (
    <>
      <div className={styles.filters} role="group" aria-label="Which tasks">
        <label className={styles.search}>
          <span className="visually-hidden">Tasks whose name contains</span>
          <input
            type="search"
            value={query}
            placeholder="Filter tasks by name"
            onChange={(e) => setQuery(e.target.value.slice(0, 200))}
            onKeyDown={(e) => {
              if (e.key === "Escape" && query !== "") {
                e.preventDefault();
                setQuery("");
              }
            }}
            data-testid="matrix-task-filter"
          />
        </label>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="button button-small"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            data-testid={`trend-filter-${f}`}
          >
            {f === "all" ? "All tasks" : TREND_WORDS[f]} ({f === "all" ? tasks.length : (counts.get(f) ?? 0)})
          </button>
        ))}
        {focused ? (
          <button
            type="button"
            className="button button-small"
            aria-pressed={filter === "task"}
            onClick={() => setFilter("task")}
            data-testid="trend-filter-task"
          >
            {focus}: {TREND_WORDS[tasks.find((t) => t.key === focus)!.trend]}
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="muted" role="status" data-view={view}>
          {needle !== ""
            ? `No task${filter === "all" || filter === "task" ? "" : ` ${TREND_WORDS[filter]}`} has “${query.trim()}” in its name. Clear the filter (Esc) or choose “All tasks”.`
            : `No task is ${filter === "all" || filter === "task" ? "in this series" : TREND_WORDS[filter]}. Choose “All tasks”.`}
        </p>
      ) : (
        <div ref={parent} className={styles.matrix} data-testid="series-matrix" data-view={view}>
          <div style={{ height: virtualizer.getTotalSize(), width, position: "relative" }}>
            <div className={styles.header} style={{ height: ROW, width }} aria-hidden>
              <span className={styles.rowLabel}>Task \ run</span>
              <span className={styles.spacer} style={{ width: leading }} />
              {shownColumns.map(({ index: j }) => (
                <span key={runs[j]!.id} className={styles.runNumber} title={runs[j]!.name}>
                  {j + 1}
                </span>
              ))}
            </div>
            {virtualizer.getVirtualItems().map((v) => {
              const task = rows[v.index]!;
              // Keyed by position: a filter change reuses the drawn rows and cells, changing what they show.
              return (
                <div
                  key={v.index}
                  className={styles.row}
                  style={{ top: v.start, height: ROW, width }}
                  data-testid="matrix-row"
                >
                  <span className={styles.rowLabel} title={`${task.key}: ${TREND_WORDS[task.trend]}`}>
                    {task.key}
                  </span>
                  <span className={styles.spacer} style={{ width: leading }} />
                  {shownColumns.map(({ index: j }) => {
                    const run = runs[j]!;
                    const rate = rateAt(grid, task.i, j);
                    const label = `${task.key} in ${run.name}: ${rate === null ? "not in this run" : `${pct(rate)} pass`}`;
                    return rate === null ? (
                      <span key={run.id} className={`${styles.cell} ${styles.empty}`} title={label} />
                    ) : (
                      <a
                        key={run.id}
                        href={taskHref(run.id, task.key)}
                        className={styles.cell}
                        style={{ background: colour(rate) }}
                        title={label}
                        aria-label={label}
                      />
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      )}
      <p className={styles.legend}>
        <span>
          <span className={styles.swatch} style={{ background: colour(0) }} />
          0% pass
        </span>
        <span>
          <span className={styles.swatch} style={{ background: colour(0.5) }} />
          50%
        </span>
        <span>
          <span className={styles.swatch} style={{ background: colour(1) }} />
          100%
        </span>
        <span>
          <span className={`${styles.swatch} ${styles.empty}`} />
          not in the run
        </span>
        <span className="muted">Columns: runs, oldest first. Each cell links to the task in that run.</span>
      </p>
    </>
  );
}
