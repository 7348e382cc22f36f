import Link from "@/components/ui/link";
import { num, plural } from "@/lib/display/format";
import { rolloutHref } from "@/lib/views/hrefs";
import styles from "./compare.module.css";

/** One regraded trial (lib/formats Regrade, or a report's `regrades` entry). */
export interface RegradeRow {
  rollout: string;
  originalReward: number | null;
  newReward: number | null;
  change: string;
}

const VERDICT: Record<string, { text: string; className: string }> = {
  "pass->fail": { text: "pass → fail", className: "badge badge-fail" },
  "fail->pass": { text: "fail → pass", className: "badge badge-pass" },
  unchanged: { text: "unchanged", className: "badge" },
};

/**
 * BenchFlow regrades of one run: each regraded trial with its original and new reward and the verdict, plus
 * the job's summary sentence. Rewards shown elsewhere stay the originally recorded ones.
 */
export function RegradeTable({
  runId,
  runName,
  regrades,
  summary,
  reason,
}: {
  runId: string;
  runName?: string;
  regrades: readonly RegradeRow[];
  summary: string | null;
  reason?: string | null;
}) {
  if (regrades.length === 0) return null;
  return (
    <div className={styles.regrades} data-testid="regrade-table">
      <p className={styles.regradeSummary}>
        {runName ? <strong>{runName}: </strong> : null}
        {summary ?? `${plural(regrades.length, "trial")} regraded`}.
        {reason ? <span className="muted"> Reason: {reason}</span> : null}
      </p>
      <div className={styles.scroll}>
        <table className={`table ${styles.compact}`}>
          <thead>
            <tr>
              <th>Trial</th>
              <th className="num">Original reward</th>
              <th className="num">New reward</th>
              <th>Verdict</th>
            </tr>
          </thead>
          <tbody>
            {regrades.map((r) => {
              const verdict = (Object.hasOwn(VERDICT, r.change) ? VERDICT[r.change] : undefined) ?? {
                text: r.change,
                className: "badge",
              };
              return (
                <tr key={r.rollout}>
                  <td className={styles.key}>
                    <Link href={rolloutHref(runId, r.rollout)}>{r.rollout}</Link>
                  </td>
                  <td className="num">{num(r.originalReward)}</td>
                  <td className="num">{num(r.newReward)}</td>
                  <td>
                    <span className={verdict.className}>{verdict.text}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.footnote}>
        Scores on this page use the originally recorded rewards; the new ones are listed here.
      </p>
    </div>
  );
}
