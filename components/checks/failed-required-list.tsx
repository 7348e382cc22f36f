import { clipHead } from "@/lib/display/format";
import { CutText } from "@/components/ui/cut-text";
import { textUrl } from "@/lib/views/api-urls";
import { DimensionBadge, EvidenceRefs, FailureTag } from "./check-badges";
import type { CheckEntry } from "./check-entry";
import { CheckMark } from "./check-mark";
import styles from "./check-list.module.css";
import { isPreformatted } from "./words";
import { Breakable } from "@/components/ui/breakable";

/**
 * The required checks that failed, first on the rollout page: label, detail, reason, failure tag, evidence
 * (each resolved ref a link to its trace step). Long texts are cut, with "show all" for the rest.
 */
export function FailedRequiredList({
  entries,
  rolloutApi,
}: {
  entries: readonly CheckEntry[];
  /** The rollout's API, for each text's "show all"; null in a shared copy. */
  rolloutApi: string | null;
}) {
  return (
    <ol className={styles.failedList} data-testid="failed-required">
      {entries.map(({ check, cell, evidence }) => {
        const url = (field: "detail" | "reason") => (rolloutApi ? textUrl(rolloutApi, field, check.order) : null);
        return (
          <li key={check.order} className={styles.failedItem}>
            <div className={styles.failedHead}>
              <CheckMark verdict={cell.verdict} score={cell.score} changed={cell.changed} />
              <strong className={styles.failedLabel} data-testid="failed-required-label">
                <Breakable text={clipHead(check.label)} />
              </strong>
              <DimensionBadge dimension={check.dimension} />
              {check.failureTag !== null ? <FailureTag tag={check.failureTag} /> : null}
            </div>
            {check.detail !== null ? (
              <CutText
                as="p"
                text={check.detail}
                url={url("detail")}
                className={isPreformatted(check.detail.head) ? `${styles.text} ${styles.preformatted}` : styles.text}
                what="detail"
              />
            ) : (
              <p className={`${styles.text} muted`}>No detail recorded.</p>
            )}
            {check.reason !== null ? (
              <div className={styles.text}>
                <span className={styles.fieldName}>Reason </span>
                <CutText as="span" text={check.reason} url={url("reason")} what="reason" />
              </div>
            ) : null}
            {check.evidenceRefs.length > 0 ? (
              <div className={styles.evidence}>
                <span className={styles.fieldName}>Evidence </span>
                <EvidenceRefs refs={check.evidenceRefs} resolved={evidence ?? undefined} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
