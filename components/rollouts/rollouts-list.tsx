import Link from "@/components/ui/link";
import { rolloutHref, rolloutsHref, taskHref } from "@/components/task/hrefs";
import { pageOf } from "@/components/ui/page-of";
import { VerdictBadge } from "@/components/ui/verdict-badge";
import { plural } from "@/lib/display/format";
import { countUnscoredReasons } from "@/lib/scoring/core/unscored-reason";
import {
  filterRollouts,
  ROLLOUT_STATUSES,
  ROLLOUTS_PAGE_SIZE,
  statusCounts,
  writeRolloutsView,
  type RolloutRow,
  type RolloutsView,
} from "./rollouts-view";
import styles from "./rollouts-list.module.css";

const STATUS_WORDS = { pass: "pass", fail: "fail", unscored: "unscored" } as const;

/**
 * The run's rollouts, filtered by verdict and by why they are unscored; every filter is a link, so the list
 * works without script and a filtered list can be shared.
 */
export function RolloutsList({
  runId,
  rows,
  view,
  scenarioParam,
}: {
  runId: string;
  rows: readonly RolloutRow[];
  view: RolloutsView;
  scenarioParam: string | null;
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
  const shown = filterRollouts(rows, view);
  const page = pageOf(shown, view.page, ROLLOUTS_PAGE_SIZE);
  const current = (on: boolean) => (on ? { "aria-current": "true" as const, className: styles.active } : {});

  return (
    <>
      <nav className={styles.filters} aria-label="Filter rollouts by status" data-testid="rollout-status-filter">
        <Link href={href({ status: null, reason: null })} {...current(view.status === null)}>
          every rollout <span className="num">{rows.length}</span>
        </Link>
        {ROLLOUT_STATUSES.map((s) => (
          <Link
            key={s}
            href={href({ status: s, reason: null })}
            {...current(view.status === s && view.reason === null)}
          >
            {STATUS_WORDS[s]} <span className="num">{counts[s]}</span>
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
              <code>{r.reason}</code> <span className="num">{r.count}</span>
            </Link>
          ))}
        </nav>
      ) : null}

      <p className={styles.count} data-testid="rollouts-count">
        {shown.length === rows.length
          ? plural(rows.length, "rollout")
          : `${shown.length} of ${plural(rows.length, "rollout")}`}
        {page.pages > 1 ? ` · ${page.from}–${page.to}` : ""}
      </p>
      {shown.length === 0 ? (
        <div className="empty-state">No rollout matches this filter.</div>
      ) : (
        <div className={styles.scroll}>
          <table className="table" data-testid="rollouts-table">
            <thead>
              <tr>
                <th scope="col">Rollout</th>
                <th scope="col">Task</th>
                <th scope="col">Verdict</th>
                <th scope="col" className="num">
                  Reward
                </th>
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
                  <td className="num">{r.reward === null ? "—" : r.reward.toFixed(3)}</td>
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
