import { apiUrls } from "@/lib/api/client-routes";
import { clip } from "@/lib/display/format";
import { isPreformatted, statusWord, verdictWord } from "@/components/checks/words";
import Link from "@/components/ui/link";
import { runHref } from "@/lib/views/hrefs";
import { checkAnchor } from "@/components/evidence/anchors";
import { DimensionBadge, EvidenceRefs, FailureTag, RequiredBadge } from "@/components/checks/check-badges";
import { CheckMark } from "@/components/checks/check-mark";
import { FlipCheckButton } from "@/components/whatif/flip-check-button";
import type { GridColumn, GridCellView, GridRowView, GridView } from "@/lib/views/grid-view";
import { CutText } from "@/components/ui/cut-text";
import styles from "./checks-grid.module.css";

/** The expanded detail of one grid cell: every stored field of that check in that rollout, as text. */
export function CellDetail({
  id,
  row,
  cell,
  column,
  view,
  server,
  onClose,
}: {
  view: Pick<GridView, "runId" | "taskKey" | "columns">;
  /** A server is behind the page: a cut text's "show all" fetches the rest. */
  server: boolean;
  id: string;
  row: GridRowView;
  cell: GridCellView;
  column: GridColumn;
  onClose: () => void;
}) {
  const url = (field: "detail" | "reason") =>
    server && cell.order !== null
      ? apiUrls.rolloutText({ id: view.runId, rollout: column.id }, field, cell.order)
      : null;
  return (
    <div
      id={id}
      className={styles.detailPanel}
      role="region"
      aria-label={`Detail of ${clip(cell.label, 120)} in rollout #${column.position}`}
    >
      <div className={styles.detailHead}>
        <CheckMark verdict={cell.verdict} score={cell.score} changed={cell.changed} />
        <strong className={styles.detailTitle}>{cell.label}</strong>
        <span className="muted">
          in rollout #{column.position} <span className="mono">{column.id}</span>
        </span>
        <button type="button" className="button button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className={styles.detailFields}>
        <dt>Verdict</dt>
        <dd>
          {verdictWord(cell.verdict, cell.score)} · {statusWord(cell.status)}
          {cell.changed ? " · changed by the what-if scenario" : ""}
        </dd>
        <dt>Kind</dt>
        <dd className={styles.detailBadges}>
          <RequiredBadge required={cell.required} />
          <DimensionBadge dimension={row.dimension} />
          <span className="mono muted">{row.key}</span>
        </dd>
        <dt>Detail</dt>
        {cell.detail !== null ? (
          <CutText
            as="dd"
            text={cell.detail}
            url={url("detail")}
            className={
              isPreformatted(cell.detail.head) ? `${styles.detailText} ${styles.preformatted}` : styles.detailText
            }
            what="detail"
          />
        ) : (
          <dd className={styles.detailText}>
            <span className="muted">no detail recorded</span>
          </dd>
        )}
        {cell.reason !== null ? (
          <>
            <dt>Reason</dt>
            <CutText as="dd" text={cell.reason} url={url("reason")} className={styles.detailText} what="reason" />
          </>
        ) : null}
        {cell.failureTag !== null ? (
          <>
            <dt>Failure tag</dt>
            <dd>
              <FailureTag tag={cell.failureTag} />
            </dd>
          </>
        ) : null}
        {cell.evidenceRefs.length > 0 ? (
          <>
            <dt>Evidence</dt>
            <dd>
              <EvidenceRefs
                refs={cell.evidenceRefs}
                elsewhere={
                  column.href !== null && cell.order !== null
                    ? { href: `${column.href}#${checkAnchor(cell.order)}`, page: `rollout #${column.position}` }
                    : undefined
                }
              />
            </dd>
          </>
        ) : null}
      </dl>
      <div className={styles.detailFlip}>
        {cell.flippable ? (
          <FlipCheckButton
            runHref={runHref(view.runId)}
            task={view.taskKey}
            rollout={column.id}
            rolloutsInTask={view.columns.length}
            check={cell.key}
            recordedPassed={cell.recordedPassed}
            currentPassed={
              cell.verdict === "pass" ? true : cell.verdict === "fail" || cell.verdict === "partial" ? false : null
            }
          />
        ) : (
          <span className="muted">This check&apos;s key is too long for a what-if flip.</span>
        )}
      </div>
      {column.href ? (
        <Link href={column.href} className={styles.detailLink}>
          Open rollout #{column.position} →
        </Link>
      ) : null}
    </div>
  );
}
