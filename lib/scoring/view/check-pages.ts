import { isFailedRequired, type CheckCell, type CheckGrid, type CheckRow } from "./check-grid";

/*
 * Which checks a page sends with itself and which it fetches as the reader scrolls: a rollout of 100,000 checks
 * must not make a page of 100,000 rows. Pure: the rollout page, the task page, their APIs and the static export
 * page the same lists the same way.
 */

/** Checks a rollout page sends with itself, the failed required ones listed first included. */
export const CHECK_PAGE = 200;
/** Failed required checks the rollout page lists first; the table holds the rest (filtered to them on request). */
export const FAILED_FIRST = 50;
/** The most checks one request of the checks API returns. */
export const CHECK_PAGE_MAX = 1_000;

/** What a list of one rollout's checks shows: every check, or only those failing as required. */
export type CheckFilter = "all" | "failed-required";

/** The stored orders (indexes) of a rollout's checks under a filter, in the verifier's order. */
export function checkIndexes(cells: readonly CheckCell[], filter: CheckFilter): number[] {
  const out: number[] = [];
  for (const cell of cells) if (filter === "all" || isFailedRequired(cell)) out.push(cell.index);
  return out;
}

/** A rollout page's first page of checks: the failed required listed first, then the table's first rows. */
export interface FirstCheckPage {
  /** Orders of the failed required checks listed first (at most FAILED_FIRST). */
  failed: number[];
  /** Failed required checks in all. */
  failedTotal: number;
  /** Orders of the table's first rows: the checks from the first, CHECK_PAGE less the failed listed. */
  rows: number[];
  /** Checks in all. */
  total: number;
}

export function firstCheckPage(
  cells: readonly CheckCell[],
  sizes: { page: number; failed: number } = { page: CHECK_PAGE, failed: FAILED_FIRST },
): FirstCheckPage {
  const failedAll = checkIndexes(cells, "failed-required");
  const failed = failedAll.slice(0, Math.min(sizes.failed, sizes.page));
  const rows = cells.slice(0, sizes.page - failed.length).map((c) => c.index);
  return { failed, failedTotal: failedAll.length, rows, total: cells.length };
}

/** One page of a list of indexes: `offset` within the list, at most `limit` (both clamped to the list). */
export function pageOf<T>(list: readonly T[], offset: number, limit: number): T[] {
  const start = Math.max(0, Math.min(offset, list.length));
  return list.slice(start, start + Math.max(0, limit));
}

/** The rows of a task's checks × rollouts grid a list shows: every check, or those failing somewhere. */
export function gridRows(grid: CheckGrid, failing: boolean): CheckRow[] {
  return failing ? grid.rows.filter((r) => r.failed > 0) : grid.rows;
}

/** Grid cells a task page sends with itself (rows × rollouts), so a task of many rollouts sends fewer rows. */
export const GRID_CELLS = 4_000;

/** Rows per page of a task's grid: GRID_CELLS over its rollouts, between 20 and CHECK_PAGE. */
export function gridPageRows(rollouts: number): number {
  return Math.max(20, Math.min(CHECK_PAGE, Math.floor(GRID_CELLS / Math.max(1, rollouts))));
}
