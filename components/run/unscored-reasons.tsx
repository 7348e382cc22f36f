"use client";

import Link from "next/link";
import { useState } from "react";
import { plural } from "@/lib/display/format";
import type { Report } from "@/lib/scoring/report/report-types";
import type { ScoringRollout } from "@/lib/scoring/core/types";
import styles from "./sections.module.css";

const ROLLOUTS_NAMED = 20;

/**
 * Why rollouts are unscored, counted by reason (their error type, else a recorded error, else the ingest
 * warning); a reason opens the list of its rollouts.
 */
export function UnscoredReasons({
  reasons,
  rollouts,
  rolloutHref,
}: {
  reasons: Report["unscoredReasons"];
  rollouts: readonly Pick<ScoringRollout, "id" | "status" | "unscoredReason">[];
  rolloutHref: (rolloutId: string) => string;
}) {
  const [open, setOpen] = useState<string | null>(null);
  if (reasons.length === 0) return null;
  const top = reasons[0]?.count ?? 1;
  const total = reasons.reduce((n, r) => n + r.count, 0);
  const named = open === null ? [] : rollouts.filter((r) => r.status === "unscored" && r.unscoredReason === open);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="unscored-title" data-testid="unscored-reasons">
      <h2 id="unscored-title" className={styles.panelTitle}>
        Why {plural(total, "rollout is", "rollouts are")} unscored
      </h2>
      <p className={styles.panelNote}>
        By the error type the harness recorded, else what ingest found. Pick one to list its rollouts.
      </p>
      <ul className={styles.tags}>
        {reasons.map((r) => (
          <li key={r.reason}>
            <button
              type="button"
              className={`${styles.reasonButton} ${open === r.reason ? styles.reasonOpen : ""}`}
              aria-expanded={open === r.reason}
              onClick={() => setOpen(open === r.reason ? null : r.reason)}
            >
              {r.reason}
            </button>
            <span className={styles.tagBar} aria-hidden>
              <span style={{ width: `${(r.count / top) * 100}%` }} />
            </span>
            <span className="num">{r.count}</span>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <p className={styles.reasonRollouts} data-testid="unscored-rollouts">
          {named.slice(0, ROLLOUTS_NAMED).map((r, i) => (
            <span key={r.id}>
              {i > 0 ? ", " : ""}
              <Link href={rolloutHref(r.id)}>{r.id}</Link>
            </span>
          ))}
          {named.length > ROLLOUTS_NAMED ? (
            <span className="muted"> and {named.length - ROLLOUTS_NAMED} more</span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
