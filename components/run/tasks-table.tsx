"use client";

import Link from "@/components/ui/link";
import { memo, useMemo, useState } from "react";
import { count, fixed, metricTitle, num, pct } from "@/lib/display/format";
import { queryTerms } from "@/components/whatif/check-rows";
import type { PageTaskReport } from "@/lib/scoring/report/report-types";
import type { StripPoint } from "@/lib/scoring/view/rollout-strips";
import { diagnosisWords } from "./diagnosis";
import { RewardStrip } from "./reward-strip";
import { sortKeeper, type SortDirection, type SortValue } from "@/lib/scoring/view/sort-rows";
import styles from "./tasks-table.module.css";
import { pageOf } from "@/components/ui/page-of";
import { useUrlState } from "@/components/url-state/use-url-state";
import { TASKS_PAGE_SIZE } from "@/lib/scoring/view/first-screen";
import { tasksViewCodec, type TasksView } from "./tasks-view";

interface Column {
  id: string;
  header: string;
  numeric?: boolean;
  /** Absent: not sortable. */
  sort?: (t: PageTaskReport) => SortValue;
  /** First click sorts this way: worst first for scores. */
  first?: SortDirection;
  cell: (t: PageTaskReport) => React.ReactNode;
  title?: string;
}

/** Column order: the task, then its pass rate and diagnosis, then the detail; `metrics` stands for the dimensions. */
const COLUMN_PRIORITY = [
  "key",
  "passRate",
  "diagnosis",
  "passes",
  "strip",
  "mean",
  "best",
  "worst",
  "metrics",
  "group",
  "weight",
];

const DEFAULT_SORT = { id: "key", direction: "asc" as SortDirection };

/**
 * Every task of the run: filtered, sorted (all rows, before paging), then one page of rows, so the page's HTML
 * stays small for a run of thousands of tasks. Filter, sort and page live in the URL. `counted` is n′ of a
 * task (its scored rollouts, or all of them when unscored rollouts count as failures), so "passes" reads k/n′.
 */
export function TasksTable({
  tasks,
  dimensions,
  strips,
  counted,
  taskHref,
  preview = false,
}: {
  tasks: PageTaskReport[];
  dimensions: string[];
  /** A task's strip of rollout rewards by its key. */
  strips: (key: string) => readonly StripPoint[];
  counted: (t: PageTaskReport) => number;
  taskHref: (taskKey: string) => string | null;
  /** `tasks` is one page shown before the run has loaded: rows only, no filter, sorting or pager. */
  preview?: boolean;
}) {
  const { view, update: edit } = useUrlState(tasksViewCodec);
  const update = (change: Partial<TasksView>) => edit((v) => ({ ...v, ...change }));
  const grouped = tasks.some((t) => t.group !== null);
  const columns = useMemo<Column[]>(() => {
    const cols: Column[] = [
      {
        id: "key",
        header: "Task",
        sort: (t) => t.key,
        first: "asc",
        cell: (t) => {
          const href = taskHref(t.key);
          return (
            <div className={styles.task}>
              {href ? (
                <Link href={href} prefetch={preview ? false : undefined}>
                  {t.key}
                </Link>
              ) : (
                <span>{t.key}</span>
              )}
              {t.name ? <span className={styles.name}>{t.name}</span> : null}
            </div>
          );
        },
      },
    ];
    // A run without groups would show a column of dashes (on a phone, the only column beside the task).
    if (grouped)
      cols.push({
        id: "group",
        header: "Group",
        sort: (t) => t.group,
        first: "asc",
        cell: (t) => t.group ?? <span className="muted">—</span>,
      });
    cols.push(
      {
        id: "weight",
        header: "Weight",
        numeric: true,
        sort: (t) => t.weight,
        first: "desc",
        title: "Declared task weight (the custom scheme)",
        cell: (t) => num(t.weight),
      },
      {
        id: "passes",
        header: "Passes",
        numeric: true,
        sort: (t) => t.passRate,
        first: "asc",
        title: "Rollouts that passed / rollouts counted",
        cell: (t) => (
          <span className={styles.passes}>
            {t.passes}/{counted(t)}
            {t.rollouts > counted(t) ? (
              <span className={styles.extra}> +{t.rollouts - counted(t)} unscored</span>
            ) : null}
          </span>
        ),
      },
      {
        id: "passRate",
        header: "Pass rate",
        numeric: true,
        sort: (t) => t.passRate,
        first: "asc",
        cell: (t) => pct(t.passRate),
      },
      {
        id: "mean",
        header: "Mean",
        numeric: true,
        sort: (t) => t.meanReward,
        first: "asc",
        title: "Mean reward",
        cell: (t) => fixed(t.meanReward, 3),
      },
      { id: "best", header: "Best", numeric: true, sort: (t) => t.best, first: "asc", cell: (t) => fixed(t.best, 3) },
      {
        id: "worst",
        header: "Worst",
        numeric: true,
        sort: (t) => t.worst,
        first: "asc",
        cell: (t) => fixed(t.worst, 3),
      },
      {
        id: "strip",
        header: "Rollouts",
        title: "Each rollout’s reward, in run order: green passed, red failed, hollow unscored",
        cell: (t) => <RewardStrip points={strips(t.key)} />,
      },
      {
        id: "diagnosis",
        header: "Diagnosis",
        sort: (t) => diagnosisWords(t).rank,
        first: "asc",
        cell: (t) => {
          const d = diagnosisWords(t);
          return <span className={d.badge}>{d.text}</span>;
        },
      },
    );
    for (const m of dimensions) {
      cols.push({
        id: `metric:${m}`,
        header: metricTitle(m),
        numeric: true,
        sort: (t) => t.metrics[m] ?? null,
        first: "asc",
        cell: (t) => {
          const v = t.metrics[m];
          return v === null || v === undefined ? (
            <span className="muted" title="not eligible">
              —
            </span>
          ) : (
            pct(v)
          );
        },
      });
    }
    // What a reader looks for first leads, so a phone shows it beside the task without scrolling sideways.
    const rank = (id: string) => {
      const i = COLUMN_PRIORITY.indexOf(id);
      return i === -1 ? COLUMN_PRIORITY.indexOf("metrics") : i;
    };
    return cols
      .map((c, i) => ({ c, i }))
      .sort((x, y) => rank(x.c.id) - rank(y.c.id) || x.i - y.i)
      .map(({ c }) => c);
  }, [dimensions, strips, counted, taskHref, preview, grouped]);

  const requested = view.sort === null ? undefined : columns.find((c) => c.id === view.sort && c.sort);
  const sort = requested ? { id: requested.id, direction: view.dir } : DEFAULT_SORT;
  const active = requested ?? columns.find((c) => c.id === DEFAULT_SORT.id);
  const haystack = useMemo(() => tasks.map(haystackOf), [tasks]);
  const filtered = useMemo(() => {
    const terms = queryTerms(view.q);
    return tasks.filter(
      (t, i) =>
        (view.diagnosis === null || t.diagnosis === view.diagnosis) &&
        terms.every((term) => haystack[i]!.includes(term)),
    );
  }, [tasks, haystack, view.q, view.diagnosis]);
  // Kept across changes of scenario: a flip that moves no task under the sort re-sorts nothing.
  const [sortTasks] = useState(sortKeeper<PageTaskReport>);
  const sorted = useMemo(
    () => (active?.sort ? sortTasks(filtered, active.sort, sort.direction) : filtered),
    [sortTasks, filtered, active, sort.direction],
  );
  const page = useMemo(() => pageOf(sorted, view.page, TASKS_PAGE_SIZE), [sorted, view.page]);

  const onSort = (c: Column) =>
    update(
      sort.id === c.id
        ? { sort: c.id, dir: sort.direction === "asc" ? "desc" : "asc", page: 1 }
        : c.id === DEFAULT_SORT.id && c.first === DEFAULT_SORT.direction
          ? { sort: null, dir: "asc", page: 1 }
          : { sort: c.id, dir: c.first ?? "asc", page: 1 },
    );

  return (
    <div className={styles.tableBlock}>
      {tasks.length > 10 && !preview ? (
        <TaskFilter
          query={view.q}
          onChange={(q) => update({ q, page: 1 })}
          shown={filtered.length}
          total={tasks.length}
        />
      ) : null}
      <div className={styles.wrap}>
        <table className={`table ${styles.table}`} data-testid="tasks-table">
          <thead>
            <tr>
              {columns.map((c) => {
                const sorted = sort.id === c.id;
                return (
                  <th
                    key={c.id}
                    scope="col"
                    className={c.numeric ? "num" : undefined}
                    aria-sort={sorted ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
                    title={c.title}
                  >
                    {c.sort && !preview ? (
                      <button type="button" onClick={() => onSort(c)}>
                        {c.header}
                        <span className={sorted ? styles.arrowOn : styles.arrow} aria-hidden>
                          {sorted && sort.direction === "desc" ? "↓" : "↑"}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            <TaskRows rows={page.rows} columns={columns} />
            {page.total === 0 ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  No task matches{view.q.trim() !== "" ? ` “${view.q}”` : ""}
                  {view.diagnosis !== null ? ` among the ${view.diagnosis} tasks` : ""}.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {page.pages > 1 && !preview ? (
        <Pager
          page={page.page}
          pages={page.pages}
          from={page.from}
          to={page.to}
          total={page.total}
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </div>
  );
}

/** What the filter searches of a task; a row kept by a change (the same object) is not lowered again. */
const haystacks = new WeakMap<PageTaskReport, string>();
function haystackOf(t: PageTaskReport): string {
  let text = haystacks.get(t);
  if (text === undefined) haystacks.set(t, (text = `${t.key} ${t.name ?? ""} ${t.group ?? ""}`.toLowerCase()));
  return text;
}

/**
 * A page of rows, drawn again only when the rows or the columns change: any other change of the URL (a what-if
 * change, before its figures come) renders the table but not its cells.
 */
const TaskRows = memo(function TaskRows({ rows, columns }: { rows: readonly PageTaskReport[]; columns: Column[] }) {
  return rows.map((t) => (
    <tr key={t.key} data-task={t.key}>
      {columns.map((c) => (
        <td key={c.id} className={c.numeric ? "num" : undefined}>
          {c.cell(t)}
        </td>
      ))}
    </tr>
  ));
});

function TaskFilter({
  query,
  onChange,
  shown,
  total,
}: {
  query: string;
  onChange: (q: string) => void;
  shown: number;
  total: number;
}) {
  return (
    <div className={styles.toolbar}>
      <input
        type="search"
        className={styles.filter}
        placeholder="Filter tasks by key, name or group"
        aria-label="Filter tasks"
        value={query}
        onChange={(e) => onChange(e.target.value)}
        data-testid="tasks-filter"
      />
      <span className={styles.count}>
        {shown === total ? "" : `${count(shown)} of `}
        {count(total)} {total === 1 ? "task" : "tasks"}
      </span>
    </div>
  );
}

function Pager({
  page,
  pages,
  from,
  to,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className={styles.pager} aria-label="Tasks table pages" data-testid="tasks-pager">
      <span className={styles.range} data-testid="tasks-range" aria-live="polite">
        {count(from)}–{count(to)} of {count(total)}
      </span>
      <span className={styles.pageButtons}>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(1)}
          disabled={page <= 1}
          aria-label="First page"
        >
          «
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          data-testid="tasks-prev"
        >
          ‹ Previous
        </button>
        <span className={styles.pageOf}>
          page {count(page)} of {count(pages)}
        </span>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          data-testid="tasks-next"
        >
          Next ›
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(pages)}
          disabled={page >= pages}
          aria-label="Last page"
        >
          »
        </button>
      </span>
    </nav>
  );
}
