"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { count, num, pct } from "@/lib/display/format";
import type { PageTaskReport } from "@/lib/scoring/report/report-types";
import styles from "./sections.module.css";

/** The largest k ≤ 3 the report has pass@k for: "at least once in k tries" vs "all k tries". */
function reliabilityK(t: PageTaskReport): string | null {
  const ks = Object.keys(t.passAtK)
    .map(Number)
    .filter((k) => k >= 2 && k <= 3);
  return ks.length > 0 ? String(ks.reduce((a, b) => Math.max(a, b))) : null;
}

const FIRST = 8;
const STEP = 50;

/** Tasks that pass in some rollouts and fail in others: reliability work, not capability work. A few at first (a big run has hundreds). */
export function FlakyTasks({
  tasks,
  counted,
  taskHref,
}: {
  tasks: PageTaskReport[];
  counted: (t: PageTaskReport) => number;
  taskHref: (taskKey: string) => string | null;
}) {
  const [limit, setLimit] = useState(FIRST);
  const more = Math.min(STEP, tasks.length - limit);
  return (
    <section className={`card ${styles.flaky}`} aria-labelledby="flaky-title" data-testid="flaky-tasks">
      <h2 id="flaky-title" className={styles.panelTitle}>
        Flaky tasks <span className="badge badge-warn">{count(tasks.length)}</span>
      </h2>
      <p className={styles.panelNote}>
        They can pass but do not pass reliably: a reliability problem, not a capability one.
      </p>
      <ul className={styles.flakyList}>
        {tasks.slice(0, limit).map((t) => {
          const href = taskHref(t.key);
          const k = reliabilityK(t);
          return (
            <li key={t.key}>
              <span className={styles.flakyKey}>{href ? <Link href={href}>{t.key}</Link> : t.key}</span>
              <span>
                passes{" "}
                <strong className="num">
                  {t.passes} of {counted(t)}
                </strong>
              </span>
              <span className="muted">
                rewards {num(t.worst)} – {num(t.best)}
              </span>
              {k ? (
                <span className="muted">
                  pass@{k} {pct(t.passAtK[k])} · all {k} pass {pct(t.passHatK[k])}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {more > 0 || limit > FIRST ? (
        <div className={styles.moreRow}>
          {more > 0 ? (
            <button type="button" className="button button-small" onClick={() => setLimit(limit + more)}>
              Show {more} more
            </button>
          ) : null}
          {limit > FIRST ? (
            <button type="button" className="button button-small" onClick={() => setLimit(FIRST)}>
              Show fewer
            </button>
          ) : null}
          <span className="muted">
            {count(Math.min(limit, tasks.length))} of {count(tasks.length)} shown; sort the table by diagnosis to page
            through them all
          </span>
        </div>
      ) : null}
    </section>
  );
}
