"use client";

import Link from "@/components/ui/link";
import { Fragment, useState } from "react";
import type { PageFailedCheck, Report } from "@/lib/scoring/report/report-types";
import { count, metricTitle } from "@/lib/display/format";
import styles from "./sections.module.css";
import { Breakable } from "@/components/ui/breakable";

const LIMIT = 8;

/** Required checks that failed, most failures first (identity: dimension, key, label across tasks). */
export function MostFailedChecks({
  checks,
  noneWords,
  taskHref,
}: {
  /** Each with its first task keys (CHECK_TASKS_NAMED) and how many it has. */
  checks: PageFailedCheck[];
  /** What to say when no required check failed (noFailedCheckWords). */
  noneWords: string;
  taskHref: (taskKey: string) => string | null;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? checks : checks.slice(0, LIMIT);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="failed-checks-title" data-testid="failed-checks">
      <h2 id="failed-checks-title" className={styles.panelTitle}>
        Most-failed required checks
      </h2>
      <p className={styles.panelNote}>Failed in / graded in: rollouts where the check was graded.</p>
      {checks.length === 0 ? (
        <p className={styles.none} data-testid="no-failed-checks">
          {noneWords}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`table table-cards ${styles.compact}`}>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Dimension</th>
                <th scope="col" className="num">
                  Failed
                </th>
                <th scope="col">Tasks</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={`${c.dimension}\u0000${c.key}\u0000${c.label}`}>
                  <td className={`${styles.wrap} card-line`}>
                    <Breakable text={c.label} />
                  </td>
                  <td>
                    <span className="badge">{metricTitle(c.dimension)}</span>
                  </td>
                  <td className="num" data-label="failed">
                    <strong>{count(c.failures)}</strong>
                    <span className="muted">/{count(c.rollouts)}</span>
                  </td>
                  <td className={`${styles.wrap} card-line`} data-label="tasks">
                    {c.tasks.map((t, i, named) => {
                      const href = taskHref(t);
                      return (
                        <Fragment key={t}>
                          <span className={styles.taskRef}>{href ? <Link href={href}>{t}</Link> : t}</span>
                          {i < named.length - 1 ? ", " : null}
                        </Fragment>
                      );
                    })}
                    {c.taskCount > c.tasks.length ? (
                      <span className="muted"> and {count(c.taskCount - c.tasks.length)} more</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {checks.length > LIMIT ? (
        <button type="button" className={`button button-small ${styles.more}`} onClick={() => setAll(!all)}>
          {all ? "Show the top " + LIMIT : `Show all ${count(checks.length)}`}
        </button>
      ) : null}
    </section>
  );
}

/** Failure tags of failed checks, most frequent first, with a bar scaled to the most frequent. */
export function FailureTags({ tags }: { tags: Report["failures"]["tags"] }) {
  const [all, setAll] = useState(false);
  const shown = all ? tags : tags.slice(0, LIMIT);
  const top = tags[0]?.count ?? 1;
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="failure-tags-title" data-testid="failure-tags">
      <h2 id="failure-tags-title" className={styles.panelTitle}>
        Failure tags
      </h2>
      <p className={styles.panelNote}>Tags the verifier gave failed checks.</p>
      {tags.length === 0 ? (
        <p className={styles.none}>No failed check carries a failure tag.</p>
      ) : (
        <ul className={styles.tags}>
          {shown.map((t) => (
            <li key={t.tag}>
              <span className={styles.tagName}>{t.tag}</span>
              <span className={styles.tagBar} aria-hidden>
                <span style={{ width: `${(t.count / top) * 100}%` }} />
              </span>
              <span className="num">{count(t.count)}</span>
            </li>
          ))}
        </ul>
      )}
      {tags.length > LIMIT ? (
        <button type="button" className={`button button-small ${styles.more}`} onClick={() => setAll(!all)}>
          {all ? "Show the top " + LIMIT : `Show all ${count(tags.length)}`}
        </button>
      ) : null}
    </section>
  );
}
