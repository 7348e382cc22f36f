import Link from "@/components/ui/link";
import type { TaskTable } from "@/lib/scoring/view/compare-table";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { count, deltaText, metricText } from "@/lib/display/format";
import { FLIP_WORDS } from "@/lib/display/compare-words";
import { sideBySideHref, taskHref } from "@/lib/views/hrefs";
import type { CompareRun } from "@/lib/views/compare-run";
import { compareViewHref, sortHref, type CompareView } from "./url-state";
import { pageOf } from "@/components/ui/page-of";
import styles from "./compare.module.css";

/** Rows per page: the page is rendered on the server, one page at a time (`page` in the URL). */
const PAGE_SIZE = 100;

/** Per-task values of A and each candidate with the difference and the flip; sort and filter are links (URL state). */
export function TaskDeltaTable({
  view,
  table,
  metric,
  a,
  candidates,
  csvHref,
}: {
  view: CompareView;
  table: TaskTable;
  metric: string;
  a: CompareRun;
  candidates: readonly { run: CompareRun; letter: string }[];
  /** Null in a static share bundle: no server makes the CSV. */
  csvHref: string | null;
}) {
  const kind = metricKind(metric);
  const { rows, page, pages, from, to, total } = pageOf(table.rows, view.page, PAGE_SIZE);
  const arrow = (sort: CompareView["sort"]) => (view.sort === sort ? (view.dir === "asc" ? " ▲" : " ▼") : "");
  const ariaSort = (sort: CompareView["sort"]) =>
    view.sort === sort ? (view.dir === "asc" ? "ascending" : "descending") : undefined;
  const first = candidates[0]?.letter ?? "B";
  if (table.rows.length === 0) {
    return (
      <p className={styles.emptyRows}>
        {view.changedOnly ? "No task changed between these runs." : "These runs have no task in common."}
      </p>
    );
  }
  return (
    <>
      <div className={styles.scroll}>
        <table className={`table ${styles.compact} ${styles.taskTable}`} data-testid="task-delta-table">
          <thead>
            <tr>
              <th scope="col" aria-sort={ariaSort("key")}>
                <Link href={sortHref(view, "key", "asc")} className={styles.sortLink}>
                  Task{arrow("key")}
                </Link>
              </th>
              <th scope="col" className="num">
                A <span className={styles.colRun}>{a.name}</span>
              </th>
              {candidates.map((c, i) => [
                <th key={`v${i}`} scope="col" className={`num ${styles.groupStart}`}>
                  {c.letter} <span className={styles.colRun}>{c.run.name}</span>
                </th>,
                <th key={`d${i}`} scope="col" className="num" aria-sort={i === 0 ? ariaSort("delta") : undefined}>
                  {i === 0 ? (
                    <Link
                      href={sortHref(view, "delta", "asc")}
                      className={styles.sortLink}
                      title={`Sort by ${c.letter} − A`}
                    >
                      {c.letter} − A{arrow("delta")}
                    </Link>
                  ) : (
                    `${c.letter} − A`
                  )}
                </th>,
                <th key={`f${i}`} scope="col">
                  Rollouts · flip
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid="task-row" className={row.changed ? undefined : styles.unchangedRow}>
                <th scope="row" className={`${styles.rowHead} ${styles.key}`}>
                  {row.key}
                </th>
                <td className="num">
                  <ValueLink
                    href={taskHref(a.id, row.key)}
                    text={metricText(kind, row.a)}
                    label={`${row.key} in ${a.name}`}
                  />
                </td>
                {row.cells.map((cell, i) => {
                  const c = candidates[i]!;
                  if (!cell) {
                    return (
                      <td key={i} colSpan={3} className={`${styles.notEligible} ${styles.groupStart}`}>
                        not in {c.letter}
                      </td>
                    );
                  }
                  const tone =
                    cell.delta === null || cell.delta === 0 ? styles.zero : cell.delta > 0 ? styles.up : styles.down;
                  return [
                    <td key={`v${i}`} className={`num ${styles.groupStart}`}>
                      <ValueLink
                        href={taskHref(c.run.id, row.key)}
                        text={metricText(kind, cell.b)}
                        label={`${row.key} in ${c.run.name}`}
                      />
                    </td>,
                    <td key={`d${i}`} className={`num ${styles.strong} ${tone}`}>
                      {deltaText(kind, cell.delta)}
                    </td>,
                    <td key={`f${i}`}>
                      <span className={styles.flipCell}>
                        <SideBySideLink taskKey={row.key} a={a} b={c} />
                        {cell.flip ? (
                          <span className={cell.flip === "pass->fail" ? "badge badge-fail" : "badge badge-pass"}>
                            {FLIP_WORDS[cell.flip]}
                          </span>
                        ) : null}
                      </span>
                    </td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="Pages of the task table" data-testid="task-pager">
          <span className={styles.pagerStatus}>
            {count(from)}–{count(to)} of {count(total)} tasks
          </span>
          <PageLink view={view} page={page - 1} disabled={page === 1} label="‹ Previous" />
          <span className={styles.pagerStatus}>
            page {page} of {pages}
          </span>
          <PageLink view={view} page={page + 1} disabled={page === pages} label="Next ›" />
          {csvHref !== null ? (
            <a href={csvHref} download className={styles.pagerCsv}>
              All tasks as CSV
            </a>
          ) : null}
        </nav>
      ) : null}
      <p className={styles.footnote}>
        {metric === "completion"
          ? "Values are each task’s pass rate: the share of its rollouts that pass."
          : `Values are each task’s ${metric}: the mean over its rollouts.`}{" "}
        Click {first} − A to sort by the difference; tasks in one run only are listed under Not comparable.
      </p>
    </>
  );
}

function PageLink({
  view,
  page,
  disabled,
  label,
}: {
  view: CompareView;
  page: number;
  disabled: boolean;
  label: string;
}) {
  if (disabled)
    return (
      <span className={`${styles.pagerLink} ${styles.pagerDisabled}`} aria-disabled="true">
        {label}
      </span>
    );
  return (
    <Link href={compareViewHref(view, { page })} className={styles.pagerLink} scroll={false}>
      {label}
    </Link>
  );
}

/** The side by side of the task's first rollout (by id) in A and in candidate `b`. */
function SideBySideLink({ taskKey, a, b }: { taskKey: string; a: CompareRun; b: { run: CompareRun; letter: string } }) {
  const left = a.firstRollouts[taskKey];
  const right = b.run.firstRollouts[taskKey];
  if (left === undefined || right === undefined) return null;
  return (
    <Link
      href={sideBySideHref({ runId: a.id, rolloutId: left }, { runId: b.run.id, rolloutId: right })}
      className={styles.sideBySideLink}
      title={`Side by side: the first rollout by id of ${taskKey} in A (${left}) and in ${b.letter} (${right})`}
      aria-label={`A ⇄ ${b.letter}: the first rollouts of ${taskKey} in A and ${b.letter} side by side`}
      data-testid="task-side-by-side"
    >
      A ⇄ {b.letter}
    </Link>
  );
}

function ValueLink({ href, text, label }: { href: string | null; text: string; label: string }) {
  return href ? (
    <Link href={href} className={styles.valueLink} aria-label={`${text}: ${label}`}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}
