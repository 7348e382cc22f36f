"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { num, pct } from "@/components/format";
import type { TaskReport } from "@/lib/scoring/report-types";
import type { StripPoint } from "@/lib/scoring/rollout-strips";
import { diagnosisWords } from "./diagnosis";
import { metricTitle } from "./metric-format";
import { RewardStrip } from "./reward-strip";
import { sortRows, type SortDirection, type SortValue } from "./sort-rows";
import styles from "./tasks-table.module.css";

interface Column {
  id: string;
  header: string;
  numeric?: boolean;
  /** Absent: not sortable. */
  sort?: (t: TaskReport) => SortValue;
  /** First click sorts this way: worst first for scores. */
  first?: SortDirection;
  cell: (t: TaskReport) => React.ReactNode;
  title?: string;
}

/**
 * Every task of the run, sortable. `counted` is n′ of a task (its scored rollouts, or all of them when
 * unscored rollouts count as failures), so "passes" reads k/n′.
 */
export function TasksTable({
  tasks,
  dimensions,
  strips,
  counted,
  taskHref,
}: {
  tasks: TaskReport[];
  dimensions: string[];
  strips: Record<string, StripPoint[]>;
  counted: (t: TaskReport) => number;
  taskHref: (taskKey: string) => string | null;
}) {
  const [sort, setSort] = useState<{ id: string; direction: SortDirection }>({ id: "key", direction: "asc" });
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
              {href ? <Link href={href}>{t.key}</Link> : <span>{t.key}</span>}
              {t.name ? <span className={styles.name}>{t.name}</span> : null}
            </div>
          );
        },
      },
      { id: "group", header: "Group", sort: (t) => t.group, first: "asc", cell: (t) => t.group ?? <span className="muted">—</span> },
    ];
    cols.push(
      { id: "weight", header: "Weight", numeric: true, sort: (t) => t.weight, first: "desc", title: "Declared task weight (the custom scheme)", cell: (t) => num(t.weight) },
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
            {t.rollouts > counted(t) ? <span className={styles.extra}> +{t.rollouts - counted(t)} unscored</span> : null}
          </span>
        ),
      },
      { id: "passRate", header: "Pass rate", numeric: true, sort: (t) => t.passRate, first: "asc", cell: (t) => pct(t.passRate) },
      { id: "mean", header: "Mean", numeric: true, sort: (t) => t.meanReward, first: "asc", title: "Mean reward", cell: (t) => num(t.meanReward) },
      { id: "best", header: "Best", numeric: true, sort: (t) => t.best, first: "asc", cell: (t) => num(t.best) },
      { id: "worst", header: "Worst", numeric: true, sort: (t) => t.worst, first: "asc", cell: (t) => num(t.worst) },
      {
        id: "strip",
        header: "Rollouts",
        title: "Each rollout’s reward, in run order: green passed, red failed, hollow unscored",
        cell: (t) => <RewardStrip points={Object.hasOwn(strips, t.key) ? (strips[t.key] ?? []) : []} />,
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
          return v === null || v === undefined ? <span className="muted" title="not eligible">—</span> : pct(v);
        },
      });
    }
    return cols;
  }, [dimensions, strips, counted, taskHref]);

  const active = columns.find((c) => c.id === sort.id);
  const rows = useMemo(() => (active?.sort ? sortRows(tasks, active.sort, sort.direction) : tasks), [tasks, active, sort.direction]);

  const onSort = (c: Column) =>
    setSort((s) => (s.id === c.id ? { id: c.id, direction: s.direction === "asc" ? "desc" : "asc" } : { id: c.id, direction: c.first ?? "asc" }));

  return (
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
                  {c.sort ? (
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
          {rows.map((t) => (
            <tr key={t.key} data-task={t.key}>
              {columns.map((c) => (
                <td key={c.id} className={c.numeric ? "num" : undefined}>
                  {c.cell(t)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
