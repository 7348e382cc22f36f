import { type TRolloutRef, apiUrls } from "@/lib/api/client-routes";
import { forwardRef } from "react";
import { clipHead, count, fixed } from "@/lib/display/format";
import { sameText } from "@/lib/text-head";
import { flippable } from "@/lib/views/check-views";
import { isPreformatted, statusWord, verdictWord } from "./words";
import { JsonTree } from "@/components/ui/json-tree";
import { CutText } from "@/components/ui/cut-text";
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

/** The columns of the checks table, for its head and for rows that span it. */
export function checkTableColumns(hasWeights: boolean): number {
  return hasWeights ? 8 : 7;
}

export function CheckTableHead({ hasWeights }: { hasWeights: boolean }) {
  return (
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
  );
}

/** A check's detail, reason, failure tag, evidence and metadata, each cut text with "show all" when there is more. */
export function CheckDetailTexts({
  entry,
  rolloutApi,
}: {
  entry: CheckEntry;
  /** The rollout's API (texts fetched whole from it); null in a shared copy, which holds every text whole. */
  rolloutApi: TRolloutRef | null;
}) {
  const { check, evidence } = entry;
  const url = (field: "detail" | "reason" | "metadata") =>
    rolloutApi ? apiUrls.rolloutText(rolloutApi, field, check.order) : null;
  const more = check.evidenceCount - check.evidenceRefs.length;
  return (
    <>
      {check.detail !== null ? (
        <CutText
          text={check.detail}
          url={url("detail")}
          className={isPreformatted(check.detail.head) ? `${styles.text} ${styles.preformatted}` : styles.text}
          what="detail"
        />
      ) : (
        <span className="muted">—</span>
      )}
      {check.reason !== null ? (
        <div className={styles.text}>
          <span className={styles.fieldName}>Reason </span>
          <CutText as="span" text={check.reason} url={url("reason")} what="reason" />
        </div>
      ) : null}
      {check.failureTag !== null || check.evidenceRefs.length > 0 ? (
        <div className={styles.evidence}>
          {check.failureTag !== null ? <FailureTag tag={check.failureTag} /> : null}
          <EvidenceRefs refs={check.evidenceRefs} resolved={evidence ?? undefined} />
          {more > 0 ? <span className="muted">and {count(more)} more</span> : null}
        </div>
      ) : null}
      {check.metadata.cut ? (
        <CutText
          text={{ head: check.metadata.head, bytes: check.metadata.bytes, cut: true }}
          url={url("metadata")}
          className={`${styles.text} ${styles.preformatted}`}
          what="metadata"
        />
      ) : Object.keys(check.metadata.value).length > 0 ? (
        <JsonTree value={check.metadata.value} label="metadata" open={false} />
      ) : null}
    </>
  );
}

/**
 * One check of a rollout with every stored field (texts cut, "show all" for the rest); the verdict follows the
 * page's scenario. The row is `#check-<n>` (n its # column), where a trace step's "cited by" link leads.
 */
export const CheckTableRow = forwardRef<
  HTMLTableRowElement,
  { entry: CheckEntry; flip?: FlipTarget; hasWeights: boolean; rolloutApi: TRolloutRef | null; index?: number }
>(function CheckTableRow({ entry, flip, hasWeights, rolloutApi, index }, ref) {
  const { check, cell } = entry;
  return (
    <tr
      ref={ref}
      data-index={index}
      id={checkAnchor(check.order)}
      tabIndex={-1}
      className={cell.required && cell.passed === false ? styles.failedRow : undefined}
      data-testid="check-row"
    >
      <td className="num muted">{check.order + 1}</td>
      <td className={styles.labelCell}>
        <span className={styles.label}>
          <Breakable text={clipHead(check.label)} />
        </span>
        {!sameText(check.key, check.label) ? (
          <span className={styles.key}>
            <Breakable text={clipHead(check.key, 120)} />
          </span>
        ) : null}
      </td>
      <td className={styles.verdictCell}>
        <CheckMark verdict={cell.verdict} score={cell.score} changed={cell.changed} />{" "}
        <span className={styles.verdictWord}>{verdictWord(cell.verdict, cell.score)}</span>
        {flip ? (
          <div className={styles.flip}>
            {flippable(check) ? (
              <FlipCheckButton
                {...flip}
                check={check.key.head}
                recordedPassed={check.passed}
                currentPassed={cell.verdict === "pass" ? true : cell.verdict === "not-graded" ? null : false}
                showRunLink={false}
              />
            ) : (
              <span className="muted" title="A what-if flip names a check by its whole key.">
                key too long to flip
              </span>
            )}
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
        <CheckDetailTexts entry={entry} rolloutApi={rolloutApi} />
      </td>
    </tr>
  );
});
