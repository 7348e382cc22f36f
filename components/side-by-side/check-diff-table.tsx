import { RequiredBadge } from "@/components/checks/check-badges";
import type { CheckSideText, SideColumn } from "@/lib/views/side-by-side";
import { clip, plural } from "@/lib/display/format";
import type { CheckColumnsRow } from "@/lib/scoring/view/check-diff";
import { CheckVerdict } from "./check-detail";
import { columnsStyle } from "./rollout-cards";
import styles from "./side-by-side.module.css";

/** One rollout's verdict on a check with what the verifier said of it, or a dot where it lacks the check. */
function Verdict({ letter, check }: { letter: string; check: CheckSideText | null }) {
  return (
    <div className={styles.checkSide}>
      <span className={styles.sideLetter}>{letter} </span>
      {check ? (
        <CheckVerdict check={check} />
      ) : (
        <span className={styles.absent} title="this rollout has no such check">
          · <span className={styles.srOnly}>no such check</span>
        </span>
      )}
    </div>
  );
}

/** A label that starts with its key ("C3 Recommends …") says the key already. */
const labelled = (row: CheckColumnsRow) => row.label === row.key || row.label.startsWith(`${row.key} `);

/**
 * The checks of every rollout by key: each rollout's verdict with its detail, the rows that differ first and
 * marked. Below 720 px each row puts the check above its verdicts.
 */
export function CheckDiffTable({
  rows,
  columns,
}: {
  rows: readonly CheckColumnsRow<CheckSideText>[];
  columns: readonly SideColumn[];
}) {
  const none = columns.length === 2 ? "Neither rollout" : "None of the rollouts";
  if (rows.length === 0) return <div className="empty-state">{none} recorded a check.</div>;
  const differing = rows.filter((r) => r.differs).length;
  const every = columns.length === 2 ? "both" : `all ${columns.length}`;
  return (
    <>
      <p className="section-note" data-testid="sbs-check-summary">
        {differing === 0
          ? `Every check has the same verdict in ${every}`
          : `${plural(differing, "check")} ${differing === 1 ? "differs" : "differ"}`}
        {` · ${plural(rows.length, "check")} in all.`}
      </p>
      <div className={styles.scroll}>
        <table className={`table ${styles.checks}`} data-testid="sbs-checks" style={columnsStyle(columns.length)}>
          <thead>
            <tr>
              <th scope="col">Check</th>
              {columns.map((c) => (
                <th scope="col" key={c.letter}>
                  {c.letter}
                </th>
              ))}
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
                {columns.map((c, i) => (
                  <td key={c.letter} className={styles.checkCell} data-testid={`sbs-check-${c.letter.toLowerCase()}`}>
                    <Verdict letter={c.letter} check={row.sides[i] ?? null} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
