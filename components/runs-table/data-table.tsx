"use client";

import Link from "@/components/ui/link";
import { useMemo } from "react";
import { useTable, type RowSelectionState, type SortingState, type Updater } from "@tanstack/react-table";
import { plural } from "@/lib/display/format";
import type { RunListItem } from "@/lib/views/records";
import { NUMERIC_COLUMNS, runsColumns, runsTableFeatures, TOTAL_COLUMNS } from "./columns";
import { NoMatches } from "./empty-states";
import { runMatches } from "./run-figures";
import { useUrlState } from "@/components/url-state/use-url-state";
import { compareHref, isRunSortKey, runsViewCodec, type RunsView } from "./runs-view";
import { leaderboardHref, seriesHref } from "@/lib/views/hrefs";
import styles from "./runs-table.module.css";

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(current) : updater;

function sortingOf(view: RunsView): SortingState {
  return view.sort ? [{ id: view.sort, desc: view.dir === "desc" }] : [];
}

/** The runs list: filter, sort and selection live in the URL (see runs-view.ts). */
export function RunsTable({ runs }: { runs: RunListItem[] }) {
  const { view, update: edit } = useUrlState(runsViewCodec);
  const update = (change: Partial<RunsView>, mode?: "typing") => edit((v) => ({ ...v, ...change }), mode);
  const runIds = useMemo(() => new Set(runs.map((r) => r.id)), [runs]);
  const selected = useMemo(() => view.selected.filter((id) => runIds.has(id)), [view.selected, runIds]);
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries(selected.map((id) => [id, true])),
    [selected],
  );
  const sorting = useMemo(() => sortingOf(view), [view]);
  const allTags = useMemo(() => [...new Set(runs.flatMap((r) => r.tags))].sort(), [runs]);
  const allSeries = useMemo(
    () => [...new Set(runs.flatMap((r) => (r.series === null ? [] : [r.series])))].sort(),
    [runs],
  );
  const shown = useMemo(
    () =>
      runs.filter(
        (r) =>
          (view.tag === null || r.tags.includes(view.tag)) &&
          (view.series === null || r.series === view.series) &&
          runMatches(r, view.q),
      ),
    [runs, view.tag, view.series, view.q],
  );

  // A spend column no listed run records would be a column of dashes, a warnings column of no run's warnings
  // a blank one: both are left out, so the columns that say something fit a desktop screen.
  const columns = useMemo(
    () =>
      runsColumns.filter((c) => {
        if (c.id === "warnings") return runs.some((r) => (r.summary?.warnings ?? 0) > 0);
        const id = (TOTAL_COLUMNS as readonly string[]).includes(c.id ?? "")
          ? (c.id as (typeof TOTAL_COLUMNS)[number])
          : null;
        return id === null || runs.some((r) => r.summary?.totals?.[id] != null);
      }),
    [runs],
  );

  const table = useTable({
    features: runsTableFeatures,
    columns,
    data: shown,
    getRowId: (run) => run.id,
    state: { sorting, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = apply(updater, sorting);
      if (first && isRunSortKey(first.id)) update({ sort: first.id, dir: first.desc ? "desc" : "asc" });
      else update({ sort: null, dir: "asc" });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = apply(updater, rowSelection);
      const kept = selected.filter((id) => next[id]);
      const added = Object.keys(next).filter((id) => next[id] && !kept.includes(id));
      update({ selected: [...kept, ...added] });
    },
    enableMultiSort: false,
    enableRowRangeSelection: true,
  });

  const rows = table.getRowModel().rows;
  const filtering = view.q.trim() !== "" || view.tag !== null || view.series !== null;

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <input
            type="search"
            aria-label="Filter runs"
            placeholder="Name, model, tag or a figure (425, 50.0%)"
            value={view.q}
            onChange={(e) => update({ q: e.target.value }, "typing")}
            className={styles.searchInput}
          />
          {allTags.length > 0 || view.tag !== null ? (
            <select
              aria-label="Filter by tag"
              value={view.tag ?? ""}
              onChange={(e) => update({ tag: e.target.value === "" ? null : e.target.value })}
              data-testid="tag-filter"
            >
              <option value="">Every tag</option>
              {[...new Set([...allTags, ...(view.tag === null ? [] : [view.tag])])].map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </select>
          ) : null}
          {allSeries.length > 0 || view.series !== null ? (
            <select
              aria-label="Filter by series"
              value={view.series ?? ""}
              onChange={(e) => update({ series: e.target.value === "" ? null : e.target.value })}
              data-testid="series-filter"
            >
              <option value="">Every series</option>
              {[...new Set([...allSeries, ...(view.series === null ? [] : [view.series])])].map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          ) : null}
          {view.series !== null ? (
            <>
              <Link href={seriesHref(view.series)} className="button button-small" data-testid="series-page-link">
                Series page
              </Link>
              <Link href={leaderboardHref({ series: view.series })} className="button button-small">
                Leaderboard
              </Link>
            </>
          ) : null}
          <span className={styles.count} aria-live="polite">
            {filtering ? `${rows.length} of ${plural(runs.length, "run")}` : plural(runs.length, "run")}
          </span>
        </div>
        <div className={styles.selection}>
          {selected.length > 0 ? (
            <>
              <span className="muted">{selected.length} selected</span>
              <button type="button" className="button button-small" onClick={() => update({ selected: [] })}>
                Clear
              </button>
            </>
          ) : null}
          {selected.length >= 2 ? (
            <Link
              href={compareHref(selected)}
              className="button button-primary button-small"
              data-testid="compare-selected"
            >
              Compare {selected.length} runs →
            </Link>
          ) : (
            <span className={styles.hint}>
              {selected.length === 1 ? "Select one more run to compare" : "Select two or more runs to compare"}
            </span>
          )}
        </div>
      </div>

      {rows.length === 0 ? (
        <NoMatches
          query={view.q}
          tag={view.series !== null ? `${view.tag ?? ""}${view.tag ? ", " : ""}series ${view.series}` : view.tag}
          onClear={() => update({ q: "", tag: null, series: null })}
        />
      ) : (
        <div className={styles.scroller} data-testid="runs-scroller">
          <table className={`table ${styles.table}`}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        className={NUMERIC_COLUMNS.has(header.column.id) ? "num" : undefined}
                        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className={styles.sortButton}
                          >
                            <table.FlexRender header={header} />
                            <span className={sorted ? styles.sortOn : styles.sortOff} aria-hidden>
                              {sorted === "desc" ? "▼" : "▲"}
                            </span>
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.getIsSelected() ? styles.selectedRow : undefined} data-run-id={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={NUMERIC_COLUMNS.has(cell.column.id) ? "num" : undefined}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
