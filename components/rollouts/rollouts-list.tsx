import { describeFailureGroup, type FailureGroup } from "@/lib/scoring/report/failure-groups";
import Link from "@/components/ui/link";
import { rolloutHref, rolloutsHref, runSearchHref, taskHref } from "@/lib/views/hrefs";
import { pageOf } from "@/components/ui/page-of";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { count, fixed, plural } from "@/lib/display/format";
import { MEASURE_LABELS, MEASURE_ORDER, measureText, NOT_RECORDED_TITLE } from "@/lib/display/measures";
import { countUnscoredReasons } from "@/lib/scoring/core/unscored-reason";
import { firstDirection, type RolloutSort, type RolloutSortKey } from "@/lib/scoring/view/rollout-sort";
import {
  filterRollouts,
  recordedMeasures,
  ROLLOUTS_PAGE_SIZE,
  statusCounts,
  writeRolloutsView,
  type RolloutsView,
} from "./rollouts-view";
import { ROLLOUT_STATUSES, type RolloutRow } from "@/lib/views/rollout-list";
import styles from "./rollouts-list.module.css";

const STATUS_WORDS = { pass: "pass", fail: "fail", unscored: "unscored" } as const;

const FIELD_WORDS: Record<"id" | "task" | "reward", string> = { id: "rollout", task: "task", reward: "reward" };

/** "by tokens (in + out), highest first", "by task, Z to A". */
function sortWords({ key, dir }: RolloutSort): string {
  const name =
    key === "id" || key === "task" || key === "reward" ? FIELD_WORDS[key] : MEASURE_LABELS[key].toLowerCase();
  const order =
    key === "id" || key === "task"
      ? dir === "asc"
        ? "A to Z"
        : "Z to A"
      : dir === "desc"
        ? "highest first"
        : "lowest first";
  return `by ${name}, ${order}`;
}

/** A column header that sorts the list by its field: first high to low for figures, again to reverse. */
function SortHeader({
  field,
  label,
  view,
  href,
  numeric = false,
  title,
}: {
  field: RolloutSortKey;
  label: string;
  view: RolloutsView;
  href: (next: Partial<RolloutsView>) => string;
  numeric?: boolean;
  title?: string;
}) {
  const active = view.sort?.key === field ? view.sort.dir : null;
  const dir = active === null ? firstDirection(field) : active === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      className={numeric ? "num" : undefined}
      aria-sort={active === null ? undefined : active === "asc" ? "ascending" : "descending"}
      title={title}
    >
      <Link href={href({ sort: { key: field, dir } })} className={styles.sort} data-testid={`sort-${field}`}>
        {label}
        <span aria-hidden className={styles.arrow}>
          {active === "desc" ? "↓" : active === "asc" ? "↑" : ""}
        </span>
      </Link>
    </th>
  );
}

/**
 * The run's rollouts, filtered by verdict and by why they are unscored, with every measure some rollout
 * records as a column; every filter and sort is a link, so the list works without script and a sorted,
 * filtered list can be shared. Not recorded reads "—" and sorts last both ways.
 */
export function RolloutsList({
  runId,
  rows,
  view,
  scenarioParam,
  failureGroup = null,
  trace = null,
}: {
  runId: string;
  rows: readonly RolloutRow[];
  view: RolloutsView;
  scenarioParam: string | null;
  /** The failure group the view filters by, when it names one that exists. */
  failureGroup?: FailureGroup | null;
  /** What the view's trace words found: the matching rollout ids, or why they cannot be searched. */
  trace?: { matches: ReadonlySet<string> } | { error: string } | null;
}) {
  const href = (next: Partial<RolloutsView>) =>
    rolloutsHref(runId, writeRolloutsView({ ...view, page: 1, ...next }, scenarioParam));
  const counts = statusCounts(rows);
  const reasons = countUnscoredReasons(
    rows.map((r) => ({
      status: r.status === "unscored" ? "unscored" : "scored",
      unscoredReason: r.reason ?? undefined,
    })),
  );
  const shown = filterRollouts(rows, view, trace && "matches" in trace ? trace.matches : null);
  const measures = recordedMeasures(rows, MEASURE_ORDER);
  const recordedBy = (m: (typeof measures)[number]) => rows.filter((r) => r.measures[m] !== null).length;
  const page = pageOf(shown, view.page, ROLLOUTS_PAGE_SIZE);
  const current = (on: boolean) => (on ? { "aria-current": "true" as const, className: styles.active } : {});

  return (
    <>
      <nav className={styles.filters} aria-label="Filter rollouts by status" data-testid="rollout-status-filter">
        <Link
          href={href({ status: null, reason: null, failure: null })}
          {...current(view.status === null && view.failure === null)}
        >
          every rollout <span className="num">{count(rows.length)}</span>
        </Link>
        {ROLLOUT_STATUSES.map((s) => (
          <Link
            key={s}
            href={href({ status: s, reason: null })}
            {...current(view.status === s && view.reason === null)}
          >
            {STATUS_WORDS[s]} <span className="num">{count(counts[s])}</span>
          </Link>
        ))}
      </nav>
      {reasons.length > 0 ? (
        <nav
          className={styles.filters}
          aria-label="Filter unscored rollouts by reason"
          data-testid="rollout-reason-filter"
        >
          <span className="muted">unscored because</span>
          {reasons.map((r) => (
            <Link
              key={r.reason}
              href={href({ status: "unscored", reason: r.reason })}
              {...current(view.reason === r.reason)}
            >
              <code>{r.reason}</code> <span className="num">{count(r.count)}</span>
            </Link>
          ))}
        </nav>
      ) : null}

      {view.failure !== null ? (
        <p className={styles.count} data-testid="rollout-failure-filter">
          {failureGroup === null
            ? "No failure group of this run has that id (under this scenario): "
            : `Failure group: ${describeFailureGroup(failureGroup)} · `}
          <Link href={href({ failure: null })}>every rollout</Link>
        </p>
      ) : null}
      {view.trace ? (
        <p className={styles.count} data-testid="rollout-trace-filter">
          {trace && "error" in trace ? `Trace words “${view.trace}” cannot be searched: ${trace.error} · ` : ""}
          {trace && "matches" in trace ? (
            <>
              Trace matches “{view.trace}”:{" "}
              <Link href={runSearchHref(runId, new URLSearchParams({ q: view.trace }).toString())}>see the steps</Link>
              {" · "}
            </>
          ) : null}
          <Link href={href({ trace: null })} aria-label={`Remove the trace filter “${view.trace}”`}>
            remove ✕
          </Link>
        </p>
      ) : null}
      <p className={styles.count} data-testid="rollouts-count">
        {shown.length === rows.length
          ? `${count(rows.length)} ${rows.length === 1 ? "rollout" : "rollouts"}`
          : `${count(shown.length)} of ${count(rows.length)} rollouts`}
        {page.pages > 1 ? ` · ${page.from}–${page.to}` : ""}
        {view.sort ? (
          <>
            {" · "}
            <span data-testid="rollouts-order">{sortWords(view.sort)}</span> (
            <Link href={href({ sort: null })}>report order</Link>)
          </>
        ) : null}
      </p>
      {shown.length === 0 ? (
        <div className="empty-state">No rollout matches this filter.</div>
      ) : (
        <div className={styles.scroll}>
          <table className="table" data-testid="rollouts-table">
            <thead>
              <tr>
                <SortHeader field="id" label="Rollout" view={view} href={href} />
                <SortHeader field="task" label="Task" view={view} href={href} />
                <th scope="col">Verdict</th>
                <SortHeader field="reward" label="Reward" view={view} href={href} numeric />
                {measures.map((m) => (
                  <SortHeader
                    key={m}
                    field={m}
                    label={MEASURE_LABELS[m]}
                    view={view}
                    href={href}
                    numeric
                    title={`Recorded for ${count(recordedBy(m))} of ${plural(rows.length, "rollout")}`}
                  />
                ))}
                <th scope="col">Why unscored</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => (
                <tr key={r.id}>
                  <td className={styles.id}>
                    <Link href={rolloutHref(runId, r.id, scenarioParam)}>{r.id}</Link>
                  </td>
                  <td className={styles.id}>
                    <Link href={taskHref(runId, r.task, scenarioParam)}>{r.task}</Link>
                  </td>
                  <td>
                    {r.status === "unscored" ? (
                      <VerdictBadge passed={null} label="unscored" />
                    ) : (
                      <VerdictBadge passed={r.status === "pass"} />
                    )}
                    {r.failedRequired > 0 ? (
                      <span className="muted"> {plural(r.failedRequired, "required check")} failed</span>
                    ) : null}
                  </td>
                  <td className="num">{fixed(r.reward, 3)}</td>
                  {measures.map((m) => (
                    <td
                      key={m}
                      className={`num ${styles.measure}`}
                      data-measure={m}
                      title={r.measures[m] === null ? NOT_RECORDED_TITLE : undefined}
                    >
                      {measureText(m, r.measures[m])}
                    </td>
                  ))}
                  <td>{r.reason === null ? null : <code>{r.reason}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.pages > 1 ? (
        <nav className={styles.pager} aria-label="Pages">
          {page.page > 1 ? <Link href={href({ page: page.page - 1 })}>Previous</Link> : null}
          <span>
            page {page.page} of {page.pages}
          </span>
          {page.page < page.pages ? <Link href={href({ page: page.page + 1 })}>Next</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
