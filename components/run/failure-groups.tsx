"use client";

import Link from "@/components/ui/link";
import { Fragment, useState } from "react";
import { count, pct } from "@/lib/display/format";
import {
  describeFailureGroup,
  sortFailureGroups,
  type FailureGroupSort,
  type PageFailureGroup,
} from "@/lib/scoring/report/failure-groups";
import { Breakable } from "@/components/ui/breakable";
import styles from "./sections.module.css";

const LIMIT = 10;

const SORTS: { key: FailureGroupSort; label: string }[] = [
  { key: "count", label: "Rollouts" },
  { key: "tasks", label: "Tasks" },
  { key: "errorType", label: "Error type" },
  { key: "lastTool", label: "Last tool" },
];

/**
 * The run's failed and unscored rollouts grouped by what the verifier and the harness recorded (failed required
 * checks, failure tags, error type, the error message with numbers, paths and ids masked, the last tool called).
 * Each group lists its rollouts on the rollouts page (`?failure=<id>`).
 */
export function FailureGroups({
  groups,
  groupHref,
  rolloutHref,
}: {
  groups: readonly PageFailureGroup[];
  groupHref: (id: string) => string;
  rolloutHref: (id: string) => string;
}) {
  const [sort, setSort] = useState<FailureGroupSort>("count");
  const [all, setAll] = useState(false);
  if (groups.length === 0) return null;
  const sorted = sortFailureGroups(groups, sort);
  const shown = all ? sorted : sorted.slice(0, LIMIT);
  const failing = groups.reduce((n, g) => n + g.count, 0);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="failure-groups-title" data-testid="failure-groups">
      <h2 id="failure-groups-title" className={styles.panelTitle}>
        Failures grouped
      </h2>
      <p className={styles.panelNote}>
        {count(failing)} failed or unscored {failing === 1 ? "rollout" : "rollouts"} in {count(groups.length)}{" "}
        {groups.length === 1 ? "group" : "groups"}: same failed checks, tags, error type, message (numbers, paths and
        ids masked) and last tool.
      </p>
      <div className={styles.sortBar} role="group" aria-label="Sort failure groups">
        <span className="muted">sort by</span>
        {SORTS.map((s) => (
          <button
            key={s.key}
            type="button"
            className="button button-small"
            aria-pressed={sort === s.key}
            onClick={() => setSort(s.key)}
            data-testid={`failure-sort-${s.key}`}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div className={styles.tableWrap}>
        <table className={`table table-cards ${styles.compact}`}>
          <thead>
            <tr>
              <th scope="col" className="num">
                Rollouts
              </th>
              <th scope="col" className="num">
                Share
              </th>
              <th scope="col">What they share</th>
              <th scope="col">Tasks</th>
              <th scope="col">Examples</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((g) => (
              <tr key={g.key} data-testid="failure-group" data-group={g.id}>
                <td className="num" data-label="rollouts">
                  <Link href={groupHref(g.id)} aria-label={`list the ${count(g.count)} rollouts of this group`}>
                    <strong>{count(g.count)}</strong>
                  </Link>
                  {g.unscored > 0 ? <div className="muted">{count(g.unscored)} unscored</div> : null}
                </td>
                <td className="num" data-label="share">
                  {pct(g.share)}
                </td>
                <td className={`${styles.wrap} card-line`}>
                  <Breakable text={describeFailureGroup(g)} />
                </td>
                <td className={`${styles.wrap} card-line`} data-label="tasks">
                  {g.tasks.join(", ")}
                  {g.taskCount > g.tasks.length ? (
                    <span className="muted"> and {count(g.taskCount - g.tasks.length)} more</span>
                  ) : null}
                </td>
                <td className={`${styles.wrap} card-line`} data-label="examples">
                  {g.examples.map((id, i) => (
                    <Fragment key={id}>
                      <Link href={rolloutHref(id)}>
                        <Breakable text={id} />
                      </Link>
                      {i < g.examples.length - 1 ? ", " : null}
                    </Fragment>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {groups.length > LIMIT ? (
        <button type="button" className={`button button-small ${styles.more}`} onClick={() => setAll((a) => !a)}>
          {all ? `Show the top ${LIMIT}` : `Show all ${count(groups.length)} groups`}
        </button>
      ) : null}
    </section>
  );
}
