import Link from "@/components/ui/link";
import { plural } from "@/lib/display/format";
import type { Report } from "@/lib/scoring/report/report-types";
import styles from "./sections.module.css";

/**
 * Why rollouts are unscored, counted by reason (their error type, else a recorded error, else the ingest
 * warning); a reason links to the run's rollouts list filtered by it.
 */
export function UnscoredReasons({
  reasons,
  reasonHref,
}: {
  reasons: Report["unscoredReasons"];
  /** The rollouts list filtered by one reason; null: every unscored rollout. */
  reasonHref: (reason: string | null) => string;
}) {
  if (reasons.length === 0) return null;
  const top = reasons[0]?.count ?? 1;
  const total = reasons.reduce((n, r) => n + r.count, 0);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="unscored-title" data-testid="unscored-reasons">
      <h2 id="unscored-title" className={styles.panelTitle}>
        Why {plural(total, "rollout is", "rollouts are")} unscored
      </h2>
      <p className={styles.panelNote}>
        By the error type the harness recorded, else what ingest found. Pick one to list its rollouts, or{" "}
        <Link href={reasonHref(null)}>list every unscored rollout</Link>.
      </p>
      <ul className={styles.tags}>
        {reasons.map((r) => (
          <li key={r.reason}>
            <Link className={styles.reasonButton} href={reasonHref(r.reason)}>
              {r.reason}
            </Link>
            <span className={styles.tagBar} aria-hidden>
              <span style={{ width: `${(r.count / top) * 100}%` }} />
            </span>
            <span className="num">{r.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
