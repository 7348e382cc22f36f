"use client";

import Link from "@/components/ui/link";
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { DimensionBadge, RequiredBadge } from "@/components/checks/check-badges";
import { CheckMark } from "@/components/checks/check-mark";
import { clip, count, plural } from "@/lib/display/format";
import { verdictWord } from "@/components/checks/words";
import { CellDetail } from "./cell-detail";
import { sideBySideHref } from "./hrefs";
import { GridColumnHeader } from "./grid-column-header";
import type { GridCellView, GridRowView, GridView } from "./grid-view";
import styles from "./checks-grid.module.css";
import { Breakable } from "@/components/ui/breakable";

interface Open {
  row: string;
  column: number;
}

function cellTitle(cell: GridCellView): string {
  const verdict = verdictWord(cell.verdict, cell.score);
  return `${clip(cell.label, 200)}\n${verdict}${cell.detail ? `: ${cell.detail}` : ""}${cell.failureTag ? `\n${cell.failureTag}` : ""}`;
}

function RowHead({ row, rollouts }: { row: GridRowView; rollouts: number }) {
  return (
    <div className={styles.rowHeadInner}>
      <span className={styles.rowLabel}>
        <Breakable text={clip(row.label)} />
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
 * and, on click or Enter, in a detail row under the check, so it is reachable by keyboard.
 */
export function ChecksGrid({ view }: { view: GridView }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [failingOnly, setFailingOnly] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const base = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
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
  const rows = failingOnly ? view.rows.filter((r) => r.failed > 0) : view.rows;
  const span = view.columns.length + 1;
  const anyChanged = view.rows.some((r) => r.cells.some((c) => c?.changed));
  // A third pick replaces the oldest, so two stay picked; A is the left of the two columns.
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id].slice(-2)));
  const pair = view.columns.filter((c) => picked.includes(c.id));

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
            {pair.length === 2 ? (
              <Link
                href={sideBySideHref(
                  { runId: view.runId, rolloutId: pair[0]!.id },
                  { runId: view.runId, rolloutId: pair[1]!.id },
                )}
                className="button button-small button-primary"
                data-testid="side-by-side-link"
              >
                Side by side: #{pair[0]!.position} and #{pair[1]!.position}
              </Link>
            ) : (
              <span className="muted">
                {pair.length === 1 ? "Pick one more rollout" : "Pick two rollouts"} to see them side by side
              </span>
            )}
          </span>
        ) : null}
      </div>
      <div className={styles.scroller} role="region" aria-label="Checks by rollout" tabIndex={0}>
        <table className={styles.grid} data-testid="checks-grid">
          <thead>
            <tr>
              <th scope="col" className={styles.corner}>
                Check{" "}
                <span className="muted">
                  · {plural(view.rows.length, "check")} × {plural(view.columns.length, "rollout")}
                </span>
              </th>
              {view.columns.map((column) => (
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
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={span} className={styles.emptyRow}>
                  {failingOnly ? "No check fails in any rollout of this task." : "These rollouts recorded no checks."}
                </td>
              </tr>
            ) : null}
            {rows.map((row, r) => {
              const openColumn = open?.row === row.id ? open.column : null;
              const openCell = openColumn === null ? null : row.cells[openColumn];
              const openCol = openColumn === null ? null : view.columns[openColumn];
              const detailId = `${base}detail-${r}`;
              return (
                <Fragment key={row.id}>
                  <tr className={row.failedRequired > 0 ? styles.failedRow : undefined} data-testid="check-row">
                    <th scope="row" className={styles.rowHead}>
                      <RowHead row={row} rollouts={view.columns.length} />
                    </th>
                    {row.cells.map((cell, c) => (
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
                          onClose={close}
                        />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
