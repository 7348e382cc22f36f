import Link from "@/components/ui/link";
import { count, plural } from "@/lib/display/format";
import type { CheckSideText, SideColumn } from "@/lib/views/side-by-side";
import { ALIGNED_ROWS_PER_PAGE, type ColumnCell, type ColumnsRow, type ColumnsWindow } from "@/lib/traces";
import { rolloutHref } from "@/lib/views/hrefs";
import { stepAnchor, stepNumber } from "@/components/evidence/anchors";
import { ScrollToHash } from "@/components/ui/scroll-to-hash";
import { CheckNote } from "./check-detail";
import { rowAnchor } from "./divergence-note";
import { columnsStyle } from "./rollout-cards";
import styles from "./side-by-side.module.css";

type Window = ColumnsWindow<CheckSideText>;

function StepLink({ side, step }: { side: SideColumn; step: number }) {
  const number = count(stepNumber(step));
  return (
    <Link
      href={`${rolloutHref(side.ref.runId, side.ref.rolloutId)}#${stepAnchor(step)}`}
      className={styles.step}
      title={`Step ${number} on rollout ${side.letter}'s page`}
    >
      step {number}
    </Link>
  );
}

/** One rollout's call or message in a row, and the checks citing the steps shown under it. */
function Cell({ side, at }: { side: SideColumn; at: ColumnCell<CheckSideText> }) {
  const { cell } = at;
  const notes = at.cited.map((check) => <CheckNote key={check.order} check={check} column={side} />);
  if (cell.kind === "message")
    return (
      <div className={styles.call} data-testid={`sbs-message-${side.letter}`}>
        <div className={styles.callTitle}>
          <span className={styles.sideLetter}>{side.letter}</span>
          <span className={styles.messageSource}>{cell.source} message</span>
          <StepLink side={side} step={cell.step} />
        </div>
        <p className={styles.messageText}>{cell.text}</p>
        {notes}
      </div>
    );
  return (
    <div className={`${styles.call} ${cell.isError ? styles.callError : ""}`} data-testid={`sbs-call-${side.letter}`}>
      <div className={styles.callTitle}>
        <span className={styles.sideLetter}>{side.letter}</span>
        <span className={styles.callName}>{cell.name}</span>
        <StepLink side={side} step={cell.step} />
        {cell.isError ? <span className="badge badge-fail">tool error</span> : null}
      </div>
      {cell.args !== "" ? <pre className={styles.args}>{cell.args}</pre> : null}
      {cell.result !== null ? (
        <pre className={`${styles.result} ${cell.isError ? styles.resultError : ""}`}>{cell.result}</pre>
      ) : null}
      {notes}
    </div>
  );
}

function Row({
  row,
  columns,
  withoutTrace,
}: {
  row: ColumnsRow<CheckSideText>;
  columns: readonly SideColumn[];
  /** By column: no trace to align (its cells stay empty). */
  withoutTrace: readonly boolean[];
}) {
  const diverging = row.diverging.map((i) => columns[i]!.letter);
  const tone = diverging.length > 0 ? styles.rowFirst : row.same ? "" : styles.rowDiffers;
  return (
    <li
      id={rowAnchor(row.index)}
      className={`${styles.traceRow} ${tone}`}
      data-testid="sbs-trace-row"
      data-same={row.same}
      data-first-divergence={diverging.length > 0 || undefined}
      data-diverging={diverging.join(" ") || undefined}
    >
      <div className={styles.rowNumber}>{count(row.index + 1)}</div>
      {columns.map((side, i) => {
        const at = row.cells[i] ?? null;
        return (
          <div key={side.letter} className={styles.slot}>
            {row.diverging.includes(i) ? (
              <span className={styles.divergence} data-testid="sbs-divergence">
                {side.letter} parts ways with {columns[0]!.letter} here
              </span>
            ) : null}
            {at ? (
              <Cell side={side} at={at} />
            ) : withoutTrace[i] ? null : (
              <div className={styles.noCall}>
                <span className={styles.sideLetter}>{side.letter} </span>no matching step
              </div>
            )}
          </div>
        );
      })}
    </li>
  );
}

/** Why a rollout has no trace to align, in words. */
function noTrace(side: SideColumn): string | null {
  const t = side.trace;
  if (t.kind === "trace") return null;
  return t.kind === "raw" ? `its trace file ${t.raw.path} could not be read (${t.raw.why})` : t.why;
}

const unitsText = (c: { calls: number; messages: number }) =>
  c.messages === 0 ? plural(c.calls, "call") : `${plural(c.calls, "call")} and ${plural(c.messages, "message")}`;

/**
 * The traces aligned to the first rollout's, one window of at most ALIGNED_ROWS_PER_PAGE rows (rendered on the
 * server; `from` in the URL picks the window), each rollout's first divergence marked, the checks beside the
 * steps they cite.
 */
export function AlignedTrace({
  columns,
  window,
  here,
  rowHref,
}: {
  columns: readonly SideColumn[];
  window: Window | null;
  /** This page from another window start. */
  here: (from: number) => string;
  rowHref: (row: number) => string;
}) {
  // A link to a rollout's trace on its page, only when it has one (an unreadable one is shown there as text).
  const links = columns.flatMap((side) =>
    side.trace.kind === "none"
      ? []
      : [
          // A document load, not a client navigation: the browser then scrolls to the heading once the page
          // has drawn it, wherever this page was scrolled (the links sit below every aligned row).
          <a
            key={side.letter}
            href={`${rolloutHref(side.ref.runId, side.ref.rolloutId)}#trace-heading`}
            data-testid={`sbs-full-trace-${side.letter}`}
          >
            {side.letter}: {side.trace.kind === "trace" ? "full trace" : "trace file as stored"} of {side.rollout.id}
          </a>,
        ],
  );
  if (!window) {
    const reasons = columns.flatMap((side) => {
      const why = noTrace(side);
      return why === null ? [] : [`${side.letter}: ${why}`];
    });
    return (
      <div className="empty-state" data-testid="sbs-no-alignment">
        <p>Nothing to align: {reasons.join("; ")}.</p>
        {links.length > 0 ? <p className={styles.traceLinks}>{links}</p> : null}
      </div>
    );
  }
  const { rows, from, total } = window;
  const to = from + rows.length;
  const rowsAt = window.divergences.flatMap((d) => (d ? [d.row] : []));
  const first = rowsAt.length === 0 ? null : rowsAt.reduce((a, b) => Math.min(a, b));
  // Rollouts without a trace keep an empty column; why they have none is said above the rows.
  const traceless = columns.flatMap((side, i) => {
    const why = window.withoutTrace[i] ? noTrace(side) : null;
    return why === null ? [] : [`${side.letter}: ${why}`];
  });
  return (
    <div data-testid="sbs-trace">
      <ScrollToHash />
      <div className={styles.toolbar}>
        <span>
          {columns
            .map((side, i) =>
              window.withoutTrace[i]
                ? `no trace in ${side.letter}`
                : `${unitsText(window.counts[i]!)} in ${side.letter}`,
            )
            .join(", ")}{" "}
          · {plural(total, "aligned row")}
        </span>
        {first !== null ? (
          <a href={rowHref(first)} data-testid="sbs-jump-divergence">
            Jump to first divergence (row {count(first + 1)})
          </a>
        ) : traceless.length === 0 ? (
          <span className="badge badge-pass" data-testid="sbs-same-calls">
            same steps in the same order
          </span>
        ) : null}
      </div>
      {traceless.length > 0 ? (
        <p className="callout" role="note" data-testid="sbs-traceless">
          Shown without a trace, nothing to align: {traceless.join("; ")}.
        </p>
      ) : null}
      {total === 0 ? (
        <p className="muted">No trace made a tool call or wrote a message.</p>
      ) : (
        <div style={columnsStyle(columns.length)}>
          <div className={styles.traceHead} aria-hidden>
            <span>row</span>
            {columns.map((side) => (
              <span key={side.letter}>
                {side.letter} · {side.rollout.id}
              </span>
            ))}
          </div>
          <ol
            className={styles.traceRows}
            aria-label={`Steps of ${columns.map((c) => c.letter).join(", ")}, aligned to ${columns[0]!.letter}`}
          >
            {rows.map((row) => (
              <Row key={row.index} row={row} columns={columns} withoutTrace={window.withoutTrace} />
            ))}
          </ol>
        </div>
      )}
      <nav className={styles.pager} aria-label="Aligned rows">
        {total > ALIGNED_ROWS_PER_PAGE ? (
          <>
            <span>
              rows {count(from + 1)}–{count(to)} of {count(total)}
            </span>
            {from > 0 ? <Link href={here(Math.max(0, from - ALIGNED_ROWS_PER_PAGE))}>‹ Previous rows</Link> : null}
            {to < total ? (
              <Link href={here(to)}>Next {count(Math.min(ALIGNED_ROWS_PER_PAGE, total - to))} rows ›</Link>
            ) : null}
          </>
        ) : null}
        {links}
      </nav>
    </div>
  );
}
