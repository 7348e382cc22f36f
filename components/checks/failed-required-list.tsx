import type { ResolvedRef } from "@/lib/traces";
import { clip } from "@/lib/display/format";
import { DimensionBadge, EvidenceRefs, FailureTag } from "./check-badges";
import type { CheckEntry } from "./check-entry";
import { CheckMark } from "./check-mark";
import styles from "./check-list.module.css";
import { isPreformatted } from "./words";
import { Breakable } from "@/components/ui/breakable";

/**
 * The required checks that failed, first on the rollout page: label, detail, reason, failure tag, evidence
 * (each resolved ref a link to its trace step).
 */
export function FailedRequiredList({
  entries,
  evidence,
}: {
  entries: readonly CheckEntry[];
  /** Each check's evidence refs resolved against the rollout's trace, by the check's order. */
  evidence?: Readonly<Record<number, readonly ResolvedRef[]>>;
}) {
  return (
    <ol className={styles.failedList} data-testid="failed-required">
      {entries.map(({ check, cell }) => (
        <li key={check.order} className={styles.failedItem}>
          <div className={styles.failedHead}>
            <CheckMark verdict={cell.verdict} score={cell.score} changed={cell.changed} />
            <strong className={styles.failedLabel} data-testid="failed-required-label">
              <Breakable text={clip(check.label)} />
            </strong>
            <DimensionBadge dimension={check.dimension} />
            {check.failureTag !== null ? <FailureTag tag={check.failureTag} /> : null}
          </div>
          {check.detail !== null ? (
            <p className={isPreformatted(check.detail) ? `${styles.text} ${styles.preformatted}` : styles.text}>
              {check.detail}
            </p>
          ) : (
            <p className={`${styles.text} muted`}>No detail recorded.</p>
          )}
          {check.reason !== null ? (
            <p className={styles.text}>
              <span className={styles.fieldName}>Reason </span>
              {check.reason}
            </p>
          ) : null}
          {check.evidenceRefs.length > 0 ? (
            <div className={styles.evidence}>
              <span className={styles.fieldName}>Evidence </span>
              <EvidenceRefs refs={check.evidenceRefs} resolved={evidence?.[check.order]} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
