import type { ResolvedRef } from "@/lib/traces";
import { clip, fixed } from "@/lib/display/format";
import { isPreformatted, statusWord, verdictWord } from "./words";
import { JsonTree } from "@/components/ui/json-tree";
import { FlipCheckButton } from "@/components/whatif/flip-check-button";
import { DimensionBadge, EvidenceRefs, FailureTag, RequiredBadge } from "./check-badges";
import type { CheckEntry } from "./check-entry";
import { CheckMark } from "./check-mark";
import { checkAnchor } from "@/components/evidence/anchors";
import styles from "./check-list.module.css";
import { Breakable } from "@/components/ui/breakable";

/** Where a check can be flipped in a what-if scenario (the rollout page passes it; lists elsewhere may not). */
export interface FlipTarget {
  /** The run page's path (runHref). */
  runHref: string;
  task: string;
  rollout: string;
  rolloutsInTask: number;
}

/**
 * Every check of a rollout in stored order, with every stored field; verdicts follow the page's scenario. Each
 * row is `#check-<n>` (n its # column), where a trace step's "cited by" link leads.
 */
export function CheckTable({
  entries,
  flip,
  evidence,
}: {
  entries: readonly CheckEntry[];
  flip?: FlipTarget;
  /** Each check's evidence refs resolved against the rollout's trace, by the check's order. */
  evidence?: Readonly<Record<number, readonly ResolvedRef[]>>;
}) {
  const hasWeights = entries.some((e) => e.check.weight !== null);
  return (
    <div className={styles.tableScroll}>
      <table className={`table ${styles.checkTable}`} data-testid="check-table">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>Check</th>
            <th>Verdict</th>
            <th className="num">Score</th>
            {hasWeights ? (
              <th className="num" title="weight of a grade component">
                Weight
              </th>
            ) : null}
            <th>Kind</th>
            <th>Status</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(({ check, cell }) => (
            <tr
              key={check.order}
              id={checkAnchor(check.order)}
              tabIndex={-1}
              className={cell.required && cell.passed === false ? styles.failedRow : undefined}
            >
              <td className="num muted">{check.order + 1}</td>
              <td className={styles.labelCell}>
                <span className={styles.label}>
                  <Breakable text={clip(check.label)} />
                </span>
                {check.key !== check.label ? (
                  <span className={styles.key}>
                    <Breakable text={clip(check.key, 120)} />
                  </span>
                ) : null}
              </td>
              <td className={styles.verdictCell}>
                <CheckMark verdict={cell.verdict} score={cell.score} changed={cell.changed} />{" "}
                <span className={styles.verdictWord}>{verdictWord(cell.verdict, cell.score)}</span>
                {flip ? (
                  <div className={styles.flip}>
                    <FlipCheckButton
                      {...flip}
                      check={check.key}
                      recordedPassed={check.passed}
                      currentPassed={cell.verdict === "pass" ? true : cell.verdict === "not-graded" ? null : false}
                      showRunLink={false}
                    />
                  </div>
                ) : null}
              </td>
              <td className="num" data-label="score">
                {fixed(cell.score, 2)}
              </td>
              {hasWeights ? (
                <td className="num" data-label="weight">
                  {check.weight === null ? "—" : fixed(check.weight, 2)}
                </td>
              ) : null}
              <td>
                <div className={styles.kind}>
                  <RequiredBadge required={cell.required} />
                  <DimensionBadge dimension={check.dimension} />
                </div>
              </td>
              <td className={cell.status === "graded" ? "muted" : styles.notGraded} data-label="status">
                {statusWord(cell.status)}
              </td>
              <td className={styles.detailCell}>
                {check.detail !== null ? (
                  <div className={isPreformatted(check.detail) ? `${styles.text} ${styles.preformatted}` : styles.text}>
                    {check.detail}
                  </div>
                ) : (
                  <span className="muted">—</span>
                )}
                {check.reason !== null ? (
                  <div className={styles.text}>
                    <span className={styles.fieldName}>Reason </span>
                    {check.reason}
                  </div>
                ) : null}
                {check.failureTag !== null || check.evidenceRefs.length > 0 ? (
                  <div className={styles.evidence}>
                    {check.failureTag !== null ? <FailureTag tag={check.failureTag} /> : null}
                    <EvidenceRefs refs={check.evidenceRefs} resolved={evidence?.[check.order]} />
                  </div>
                ) : null}
                {Object.keys(check.metadata).length > 0 ? (
                  <JsonTree value={check.metadata} label="metadata" open={false} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
