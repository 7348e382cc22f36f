"use client";

import { apiCall, dataOf, withQuery } from "@/lib/api/client";
import { ZGridAnswer } from "@/lib/api/schemas/tasks";
import { apiUrls } from "@/lib/api/client-routes";
import Link from "@/components/ui/link";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { DimensionBadge, RequiredBadge } from "@/components/checks/check-badges";
import { CheckMark } from "@/components/checks/check-mark";
import { clip, count, plural } from "@/lib/display/format";
import { verdictWord } from "@/components/checks/words";
import { useDocumentTop, useHydrated } from "@/components/ui/use-document-top";
import { usePagedRows } from "@/components/ui/use-paged-rows";
import { CellDetail } from "./cell-detail";
import { SIDE_BY_SIDE_LETTERS, runSearchHref, sideBySideOfHref } from "@/lib/views/hrefs";
import { GridColumnHeader } from "./grid-column-header";
import type { GridCellView, GridRowView, GridSource, GridView } from "@/lib/views/grid-view";
import type { TaskTraceFilter } from "@/lib/views/trace-search";
import styles from "./checks-grid.module.css";
import { Breakable } from "@/components/ui/breakable";

interface Open {
  row: string;
  column: number;
}

/** Rows per request of the grid API. */
const PAGE = 100;

function cellTitle(cell: GridCellView): string {
  const detail = cell.detail ? `: ${cell.detail.head}${cell.detail.cut ? "…" : ""}` : "";
  return `${cell.label}\n${verdictWord(cell.verdict, cell.score)}${detail}${cell.failureTag ? `\n${cell.failureTag}` : ""}`;
}

function RowHead({ row, rollouts }: { row: GridRowView; rollouts: number }) {
  return (
    <div className={styles.rowHeadInner}>
      <span className={styles.rowLabel}>
        <Breakable text={row.label} />
      </span>
      <span className={styles.rowBadges}>
        <RequiredBadge required={row.required} />
        <DimensionBadge dimension={row.dimension} />
        {row.failed > 0 ? (
          <span className={row.failedRequired > 0 ? styles.rowFailedRequired : styles.rowFailed}>
            fails in {count(row.failed)} of {count(rollouts)}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/**
 * Checks × rollouts: one column per rollout, one row per check (by key). A cell's detail shows on hover (title)
 * and, on click or Enter, in a detail row under the check, so it is reachable by keyboard. The rows are
 * virtualised against the window: the page comes with the first, the rest are fetched a page at a time from
 * the grid API as the reader scrolls (a task with a rollout of 100,000 checks has as many rows).
 */
export function ChecksGrid({
  view,
  source,
  server,
  version,
  trace = null,
  removeTrace = "",
}: {
  view: GridView;
  source: GridSource;
  server: boolean;
  /** What the rows were computed under (the scenario): the rows start over when it changes. */
  version: string;
  /** Trace words: only the columns of the rollouts whose trace matches are drawn. */
  trace?: TaskTraceFilter | null;
  /** This page without the trace words. */
  removeTrace?: string;
}) {
  // The columns drawn, by index into view.columns (and each row's cells).
  const shown = useMemo(() => {
    if (!trace || !("matches" in trace)) return view.columns.map((_, i) => i);
    const matches = new Set(trace.matches);
    return view.columns.flatMap((c, i) => (matches.has(c.id) ? [i] : []));
  }, [view.columns, trace]);
  const [failingOnly, setFailingOnly] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const anyChanged =
    source.kind === "local"
      ? source.rows.some((r) => r.cells.some((c) => c?.changed))
      : view.columns.some((c) => c.checksChanged);
  // Up to four picked; a fifth pick replaces the oldest. Columns go in the grid's order, A the leftmost.
  const toggle = (id: string) =>
    setPicked((now) =>
      now.includes(id) ? now.filter((p) => p !== id) : [...now, id].slice(-SIDE_BY_SIDE_LETTERS.length),
    );
  const pair = view.columns.filter((c) => picked.includes(c.id));
  const total =
    source.kind === "api"
      ? failingOnly
        ? source.failingTotal
        : source.total
      : (failingOnly ? source.failing : source.rows).length;

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        <ul className={styles.legend} aria-label="Legend">
          <li>
            <CheckMark verdict="pass" score={1} /> pass
          </li>
          <li>
            <CheckMark verdict="fail" score={0} /> fail
          </li>
          <li>
            <CheckMark verdict="partial" score={0.5} /> partial score
          </li>
          <li>
            <CheckMark verdict="not-graded" score={null} /> not graded
          </li>
          <li>
            <span className={styles.absent}>·</span> no such check
          </li>
          {anyChanged ? (
            <li>
              <CheckMark verdict="pass" score={1} changed /> changed by the what-if
            </li>
          ) : null}
        </ul>
        <label className={styles.filter}>
          <input type="checkbox" checked={failingOnly} onChange={(e) => setFailingOnly(e.target.checked)} />
          Only checks that fail somewhere
        </label>
        {view.columns.length > 1 ? (
          <span className={styles.pickStatus} aria-live="polite">
            {pair.length >= 2 ? (
              <Link
                href={sideBySideOfHref(pair.map((c) => ({ runId: view.runId, rolloutId: c.id })))}
                className="button button-small button-primary"
                data-testid="side-by-side-link"
              >
                {`Side by side: ${pair
                  .slice(0, -1)
                  .map((c) => `#${c.position}`)
                  .join(", ")} and #${pair[pair.length - 1]!.position}`}
              </Link>
            ) : (
              <span className="muted">
                {pair.length === 1 ? "Pick one to three more rollouts" : "Pick two to four rollouts"} to see them side
                by side
              </span>
            )}
          </span>
        ) : null}
      </div>
      {trace ? (
        <p className={styles.traceFilter} data-testid="task-trace-filter">
          {"error" in trace
            ? `Trace words “${trace.words}” cannot be searched: ${trace.error} · `
            : `Trace matches “${trace.words}”: ${count(shown.length)} of ${plural(view.columns.length, "rollout")} · `}
          {"matches" in trace ? (
            <>
              <Link href={runSearchHref(view.runId, new URLSearchParams({ q: trace.words }).toString())}>
                see the steps
              </Link>
              {" · "}
            </>
          ) : null}
          <Link href={removeTrace} aria-label={`Remove the trace filter “${trace.words}”`}>
            remove ✕
          </Link>
        </p>
      ) : null}
      {shown.length === 0 && view.columns.length > 0 ? (
        <div className="empty-state" data-testid="task-trace-empty">
          No rollout of this task has a trace step with every word of “{trace?.words}”. Search the whole run from the
          link above, or show every rollout.
        </div>
      ) : (
        <div className={styles.scroller} role="region" aria-label="Checks by rollout" tabIndex={0}>
          <table className={styles.grid} data-testid="checks-grid">
            <thead>
              <tr>
                <th scope="col" className={styles.corner}>
                  Check{" "}
                  <span className="muted">
                    · {plural(total, "check")} × {plural(shown.length, "rollout")}
                  </span>
                </th>
                {shown
                  .map((i) => view.columns[i]!)
                  .map((column) => (
                    <th scope="col" key={column.id} className={styles.colTh} data-testid="rollout-column">
                      <GridColumnHeader
                        column={column}
                        pick={
                          view.columns.length > 1
                            ? { checked: picked.includes(column.id), onChange: () => toggle(column.id) }
                            : undefined
                        }
                      />
                    </th>
                  ))}
              </tr>
            </thead>
            <GridRows
              key={failingOnly ? "failing" : "all"}
              view={view}
              shown={shown}
              source={source}
              failingOnly={failingOnly}
              total={total}
              server={server}
              version={version}
            />
          </table>
        </div>
      )}
    </div>
  );
}

/** The grid's rows: a <tbody> each (the check's row and, when open, its cell's detail), virtualised. */
function GridRows({
  view,
  shown,
  source,
  failingOnly,
  total,
  server,
  version,
}: {
  view: GridView;
  /** The columns drawn, by index. */
  shown: readonly number[];
  source: GridSource;
  failingOnly: boolean;
  total: number;
  server: boolean;
  version: string;
}) {
  const initial = () => {
    if (source.kind === "local") return new Map((failingOnly ? source.failing : source.rows).map((r, i) => [i, r]));
    return new Map(failingOnly ? [] : source.first.map((r, i) => [i, r]));
  };
  const [open, setOpen] = useState<Open | null>(null);
  const base = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const spacerRef = useRef<HTMLTableSectionElement>(null);
  const margin = useDocumentTop(spacerRef);
  const mounted = useHydrated();

  const close = () => {
    if (open) buttons.current.get(`${open.row}|${open.column}`)?.focus();
    setOpen(null);
  };
  // Esc closes an open detail wherever the focus is (its cell, the detail, or the page), and gives the
  // focus back to the cell.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      buttons.current.get(`${open.row}|${open.column}`)?.focus();
      setOpen(null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const virtualizer = useWindowVirtualizer({
    count: total,
    estimateSize: () => 58,
    overscan: 6,
    scrollMargin: margin,
  });
  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items.at(-1)?.index ?? -1;

  // Another scenario (a flip in a cell's detail): the rows start over from the page's, the open detail stays.
  const fetchPage = useMemo(
    () =>
      source.kind !== "api" || !mounted
        ? null
        : (offset: number, limit: number) =>
            apiCall(
              withQuery(apiUrls.taskGrid(source.runId, source.taskKey, source.scenario), {
                offset,
                limit,
                failing: failingOnly ? "1" : "0",
              }),
              ZGridAnswer,
            ).then((result) => {
              const body = dataOf(result);
              return { offset: body.offset, rows: body.rows };
            }),
    [source, failingOnly, mounted],
  );
  const { rows, failure } = usePagedRows({ initial, version, total, pageSize: PAGE, firstShown, lastShown, fetchPage });

  const span = shown.length + 1;
  const drawRow = (row: GridRowView, index: number, measure?: (el: Element | null) => void) => {
    const openColumn = open?.row === row.id ? open.column : null;
    const openCell = openColumn === null ? null : row.cells[openColumn];
    const openCol = openColumn === null ? null : view.columns[openColumn];
    const detailId = `${base}detail-${row.id}`;
    return (
      <tbody key={row.id} ref={measure} data-index={index}>
        <tr className={row.failedRequired > 0 ? styles.failedRow : undefined} data-testid="check-row">
          <th scope="row" className={styles.rowHead}>
            <RowHead row={row} rollouts={view.columns.length} />
          </th>
          {shown
            .map((c) => [c, row.cells[c] ?? null] as const)
            .map(([c, cell]) => (
              <td key={c} className={styles.cell}>
                {cell ? (
                  <button
                    ref={(el) => {
                      const key = `${row.id}|${c}`;
                      if (el) buttons.current.set(key, el);
                      else buttons.current.delete(key);
                    }}
                    type="button"
                    className={`${styles.cellButton} ${openColumn === c ? styles.cellOpen : ""}`}
                    title={cellTitle(cell)}
                    aria-expanded={openColumn === c}
                    aria-controls={openColumn === c ? detailId : undefined}
                    aria-label={`${clip(row.label, 120)}, rollout #${c + 1}: ${verdictWord(cell.verdict, cell.score)}. Show detail`}
                    onClick={() => setOpen(openColumn === c ? null : { row: row.id, column: c })}
                  >
                    <CheckMark verdict={cell.verdict} score={cell.score} changed={cell.changed} />
                  </button>
                ) : (
                  <span className={styles.absent} title="this rollout has no such check">
                    ·
                  </span>
                )}
              </td>
            ))}
        </tr>
        {openCell && openCol ? (
          <tr className={styles.detailRow}>
            <td colSpan={span}>
              <CellDetail
                id={detailId}
                row={row}
                cell={openCell}
                column={openCol}
                view={view}
                server={server}
                onClose={close}
              />
            </td>
          </tr>
        ) : null}
      </tbody>
    );
  };

  const empty =
    total === 0 ? (
      <tbody>
        <tr>
          <td colSpan={span} className={styles.emptyRow}>
            {failingOnly ? "No check fails in any rollout of this task." : "These rollouts recorded no checks."}
          </td>
        </tr>
      </tbody>
    ) : null;

  // Rendered on the server and hydrated as the rows the page came with; virtualised once mounted.
  if (!mounted) {
    const preloaded: GridRowView[] = [];
    for (let i = 0; i < Math.min(total, 200) && rows.has(i); i++) preloaded.push(rows.get(i)!);
    return (
      <>
        <tbody ref={spacerRef} />
        {empty}
        {preloaded.map((row, i) => drawRow(row, i))}
        {total > preloaded.length ? (
          <tbody>
            <tr>
              <td colSpan={span} className={styles.emptyRow}>
                {count(total - preloaded.length)} more {total - preloaded.length === 1 ? "check loads" : "checks load"}{" "}
                as you scroll.
              </td>
            </tr>
          </tbody>
        ) : null}
      </>
    );
  }

  const before = items.length > 0 ? items[0]!.start - virtualizer.options.scrollMargin : 0;
  const after =
    items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - virtualizer.options.scrollMargin) : 0;
  return (
    <>
      <tbody ref={spacerRef} aria-hidden="true" className={styles.spacer} data-virtual="true">
        {before > 0 ? (
          <tr>
            <td colSpan={span} style={{ height: before }} />
          </tr>
        ) : null}
      </tbody>
      {empty}
      {failure !== null ? (
        <tbody>
          <tr>
            <td colSpan={span} className={styles.emptyRow} role="alert">
              Could not load more checks: {failure}.
            </td>
          </tr>
        </tbody>
      ) : null}
      {items.map((item) => {
        const row = rows.get(item.index);
        return row ? (
          drawRow(row, item.index, virtualizer.measureElement)
        ) : (
          <tbody key={`loading-${item.index}`} ref={virtualizer.measureElement} data-index={item.index}>
            <tr>
              <td colSpan={span} className={styles.loadingRow}>
                Loading check {count(item.index + 1)}…
              </td>
            </tr>
          </tbody>
        );
      })}
      {after > 0 ? (
        <tbody aria-hidden="true" className={styles.spacer}>
          <tr>
            <td colSpan={span} style={{ height: after }} />
          </tr>
        </tbody>
      ) : null}
    </>
  );
}
