import { CheckMark } from "@/components/checks/check-mark";
import { RequiredBadge } from "@/components/checks/check-badges";
import { clip, plural } from "@/lib/display/format";
import type { CheckDiffRow, CheckSide } from "@/lib/scoring/view/check-diff";
import styles from "./side-by-side.module.css";

function Mark({ check }: { check: CheckSide | null }) {
  if (!check)
    return (
      <span className={styles.absent} title="this rollout has no such check">
        · <span className={styles.srOnly}>no such check</span>
      </span>
    );
  return <CheckMark verdict={check.verdict} score={check.score} />;
}

/** A label that starts with its key ("C3 Recommends …") says the key already. */
const labelled = (row: CheckDiffRow) => row.label === row.key || row.label.startsWith(`${row.key} `);

/** The checks of both rollouts by key: A's verdict and B's, the rows that differ first and marked. */
export function CheckDiffTable({ rows }: { rows: readonly CheckDiffRow[] }) {
  if (rows.length === 0) return <div className="empty-state">Neither rollout recorded a check.</div>;
  const differing = rows.filter((r) => r.differs).length;
  return (
    <>
      <p className="section-note" data-testid="sbs-check-summary">
        {differing === 0
          ? "Every check has the same verdict in both"
          : `${plural(differing, "check")} ${differing === 1 ? "differs" : "differ"}`}
        {` · ${plural(rows.length, "check")} in all.`}
      </p>
      <div className={styles.scroll}>
        <table className={`table ${styles.checks}`} data-testid="sbs-checks">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col" className={styles.mark}>
                A
              </th>
              <th scope="col" className={styles.mark}>
                B
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={row.differs ? styles.differs : undefined}
                data-testid="sbs-check-row"
                data-differs={row.differs}
              >
                <th scope="row" className={styles.checkLabel}>
                  {row.differs ? (
                    <span className={styles.differsMark} title="the verdicts differ">
                      ≠<span className={styles.srOnly}> differs:</span>
                    </span>
                  ) : null}
                  {labelled(row) ? null : <span className={styles.checkKey}>{clip(row.key, 80)} </span>}
                  {clip(row.label, 300)} {row.required ? <RequiredBadge required /> : null}
                </th>
                <td className={styles.mark}>
                  <Mark check={row.a} />
                </td>
                <td className={styles.mark}>
                  <Mark check={row.b} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
