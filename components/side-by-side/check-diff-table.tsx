import { CheckMark } from "@/components/checks/check-mark";
import { FailureTag, RequiredBadge } from "@/components/checks/check-badges";
import { isPreformatted, verdictWord } from "@/components/checks/words";
import type { CheckSideText } from "@/lib/views/side-by-side";
import { clip, plural } from "@/lib/display/format";
import type { CheckDiffRow } from "@/lib/scoring/view/check-diff";
import styles from "./side-by-side.module.css";

/** Characters of a check's detail or reason shown in a cell; the rollout page shows the rest. */
const TEXT_CHARS = 400;

/** One side's verdict with what the verifier said of it (detail, reason, failure tag), as the rollout page shows. */
function Verdict({ letter, check }: { letter: "A" | "B"; check: CheckSideText | null }) {
  if (!check)
    return (
      <div className={styles.checkSide}>
        <span className={styles.sideLetter}>{letter} </span>
        <span className={styles.absent} title="this rollout has no such check">
          · <span className={styles.srOnly}>no such check</span>
        </span>
      </div>
    );
  return (
    <div className={styles.checkSide}>
      <div className={styles.checkVerdict}>
        <span className={styles.sideLetter}>{letter}</span>
        <CheckMark verdict={check.verdict} score={check.score} />
        <span className={styles.verdictText} aria-hidden>
          {verdictWord(check.verdict, check.score)}
        </span>
        {check.failureTag !== null ? <FailureTag tag={check.failureTag} /> : null}
      </div>
      {check.detail !== null ? (
        <p
          className={`${styles.checkText} ${isPreformatted(check.detail) ? styles.preformatted : ""}`}
          data-testid="sbs-check-detail"
        >
          {clip(check.detail, TEXT_CHARS)}
        </p>
      ) : null}
      {check.reason !== null ? (
        <p className={styles.checkText}>
          <span className={styles.fieldName}>Reason </span>
          {clip(check.reason, TEXT_CHARS)}
        </p>
      ) : null}
    </div>
  );
}

/** A label that starts with its key ("C3 Recommends …") says the key already. */
const labelled = (row: CheckDiffRow) => row.label === row.key || row.label.startsWith(`${row.key} `);

/**
 * The checks of both rollouts by key: A's verdict and B's, each with its detail, the rows that differ first and
 * marked. Below 720 px each row puts the check above its two verdicts.
 */
export function CheckDiffTable({ rows }: { rows: readonly CheckDiffRow<CheckSideText>[] }) {
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
              <th scope="col">A</th>
              <th scope="col">B</th>
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
                <td className={styles.checkCell} data-testid="sbs-check-a">
                  <Verdict letter="A" check={row.a} />
                </td>
                <td className={styles.checkCell} data-testid="sbs-check-b">
                  <Verdict letter="B" check={row.b} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
