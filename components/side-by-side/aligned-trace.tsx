import Link from "@/components/ui/link";
import { count, plural } from "@/lib/display/format";
import type { SideOfPair } from "@/lib/views/side-by-side";
import { ALIGNED_ROWS_PER_PAGE, windowStart, type CallCell, type PairRow, type PairWindow } from "@/lib/traces";
import { rolloutHref, sideBySideHref } from "@/lib/views/hrefs";
import { stepAnchor, stepNumber } from "@/components/evidence/anchors";
import { ScrollToHash } from "@/components/ui/scroll-to-hash";
import styles from "./side-by-side.module.css";

/** An aligned row's id, by the number it is shown with (rows count from 1): row 3 is `#sbs-row-3`. */
const rowAnchor = (index: number) => `sbs-row-${index + 1}`;

function Call({ letter, cell, side }: { letter: "A" | "B"; cell: CallCell | null; side: SideOfPair }) {
  if (!cell)
    return (
      <div className={styles.noCall}>
        <span className={styles.sideLetter}>{letter} </span>no matching call
      </div>
    );
  const stepHref = `${rolloutHref(side.ref.runId, side.ref.rolloutId)}#${stepAnchor(cell.step)}`;
  const number = count(stepNumber(cell.step));
  return (
    <div className={`${styles.call} ${cell.isError ? styles.callError : ""}`} data-testid={`sbs-call-${letter}`}>
      <div className={styles.callTitle}>
        <span className={styles.sideLetter}>{letter}</span>
        <span className={styles.callName}>{cell.name}</span>
        <Link href={stepHref} className={styles.step} title={`Step ${number} on rollout ${letter}'s page`}>
          step {number}
        </Link>
        {cell.isError ? <span className="badge badge-fail">tool error</span> : null}
      </div>
      {cell.args !== "" ? <pre className={styles.args}>{cell.args}</pre> : null}
      {cell.result !== null ? (
        <pre className={`${styles.result} ${cell.isError ? styles.resultError : ""}`}>{cell.result}</pre>
      ) : null}
    </div>
  );
}

function Row({ row, a, b }: { row: PairRow; a: SideOfPair; b: SideOfPair }) {
  const tone = row.firstDivergence ? styles.rowFirst : row.same ? "" : styles.rowDiffers;
  return (
    <li
      id={rowAnchor(row.index)}
      className={`${styles.traceRow} ${tone}`}
      data-testid="sbs-trace-row"
      data-same={row.same}
      data-first-divergence={row.firstDivergence || undefined}
    >
      {row.firstDivergence ? (
        <span className={styles.divergence} data-testid="sbs-divergence">
          First divergence: the two traces part ways here
        </span>
      ) : null}
      <div className={styles.rowNumber}>{row.index + 1}</div>
      <Call letter="A" cell={row.left} side={a} />
      <Call letter="B" cell={row.right} side={b} />
    </li>
  );
}

/** Why a side has no trace to align, in words. */
function noTrace(side: SideOfPair): string | null {
  const t = side.trace;
  if (t.kind === "trace") return null;
  return t.kind === "raw" ? `its trace file ${t.raw.path} could not be read (${t.raw.why})` : t.why;
}

/**
 * The two traces aligned by tool-call sequence, one window of at most ALIGNED_ROWS_PER_PAGE rows (rendered on
 * the server; `from` in the URL picks the window), with the first divergence marked and linked.
 */
export function AlignedTrace({ a, b, window }: { a: SideOfPair; b: SideOfPair; window: PairWindow | null }) {
  // A link to a side's trace on its rollout page, only when it has one (an unreadable one is shown there as text).
  const traceLink = (letter: "A" | "B", side: SideOfPair) =>
    side.trace.kind === "none" ? null : (
      <Link
        key={letter}
        href={`${rolloutHref(side.ref.runId, side.ref.rolloutId)}#trace-heading`}
        data-testid={`sbs-full-trace-${letter}`}
      >
        {letter}: {side.trace.kind === "trace" ? "full trace" : "trace file as stored"} of {side.rollout.id}
      </Link>
    );
  const links = [traceLink("A", a), traceLink("B", b)].filter((link) => link !== null);
  if (!window) {
    const reasons = [
      ["A", noTrace(a)],
      ["B", noTrace(b)],
    ].filter(([, why]) => why !== null);
    return (
      <div className="empty-state" data-testid="sbs-no-alignment">
        <p>Nothing to align: {reasons.map(([letter, why]) => `${letter}: ${why}`).join("; ")}.</p>
        {links.length > 0 ? <p className={styles.traceLinks}>{links}</p> : null}
      </div>
    );
  }
  const { rows, from, total, firstDivergence } = window;
  const to = from + rows.length;
  const here = (start: number) => sideBySideHref(a.ref, b.ref, { from: start });
  const divergenceHref =
    firstDivergence === null
      ? null
      : firstDivergence >= from && firstDivergence < to
        ? `#${rowAnchor(firstDivergence)}`
        : `${here(windowStart(firstDivergence))}#${rowAnchor(firstDivergence)}`;
  return (
    <div data-testid="sbs-trace">
      <ScrollToHash />
      <div className={styles.toolbar}>
        <span>
          {plural(window.calls.left, "call")} in A, {plural(window.calls.right, "call")} in B ·{" "}
          {plural(total, "aligned row")}
        </span>
        {divergenceHref ? (
          <a href={divergenceHref} data-testid="sbs-jump-divergence">
            Jump to first divergence (row {count(firstDivergence! + 1)})
          </a>
        ) : (
          <span className="badge badge-pass" data-testid="sbs-same-calls">
            same calls in the same order
          </span>
        )}
      </div>
      {total === 0 ? (
        <p className="muted">Neither trace made a tool call.</p>
      ) : (
        <>
          <div className={styles.traceHead} aria-hidden>
            <span>row</span>
            <span>A · {a.rollout.id}</span>
            <span>B · {b.rollout.id}</span>
          </div>
          <ol className={styles.traceRows} aria-label="Tool calls of A and B, aligned">
            {rows.map((row) => (
              <Row key={row.index} row={row} a={a} b={b} />
            ))}
          </ol>
        </>
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
