import Link from "@/components/ui/link";
import { CheckMark } from "@/components/checks/check-mark";
import { FailureTag, RequiredBadge } from "@/components/checks/check-badges";
import { isPreformatted, verdictWord } from "@/components/checks/words";
import { checkAnchor } from "@/components/evidence/anchors";
import type { CheckSideText, SideColumn } from "@/lib/views/side-by-side";
import { clip } from "@/lib/display/format";
import { rolloutHref } from "@/lib/views/hrefs";
import styles from "./side-by-side.module.css";

/** Characters of a check's detail or reason shown; the rollout page shows the rest. */
const TEXT_CHARS = 400;

/** A check's verdict and score with what the verifier said of it (detail, reason, failure tag). */
export function CheckVerdict({ check }: { check: CheckSideText }) {
  return (
    <>
      <div className={styles.checkVerdict}>
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
    </>
  );
}

/** A check shown away from the checks table (beside a step, or among those citing none): named, linked to its row. */
export function CheckNote({ check, column }: { check: CheckSideText; column: SideColumn }) {
  const tone = check.verdict === "fail" ? styles.noteFail : check.verdict === "pass" ? styles.notePass : "";
  return (
    <div className={`${styles.checkNote} ${tone}`} data-testid="sbs-check-note" data-check={check.key}>
      <div className={styles.checkNoteHead}>
        <Link
          href={`${rolloutHref(column.ref.runId, column.ref.rolloutId)}#${checkAnchor(check.order)}`}
          className={styles.checkKey}
          title={`${check.label} on rollout ${column.letter}'s page`}
        >
          {clip(check.key, 80)}
        </Link>
        {check.required ? <RequiredBadge required /> : null}
      </div>
      <CheckVerdict check={check} />
    </div>
  );
}
