import { sameValue } from "../core/same-value";
import type { PageReport } from "../report/report-types";

/*
 * A report (without its rollout rows: the page gets their summary, lib/scoring/view/rollout-summary.ts) as the
 * run page's worker sends it: only the parts that differ from the report it sent before. A change of headline
 * metric or scheme leaves the tasks and most of the rest as they were; sent whole, the page would copy
 * megabytes between threads and draw every section again. Sent as a delta, the receiver keeps its own objects
 * for the parts left out, so what depends on them by identity (memoised chart data, components) is not
 * computed or drawn again. The task list goes row by row when few rows changed (a flip changes one task's).
 * Sender and receiver each hold the last report of the same sequence of messages.
 */

/** The report part that is a list of rows, sent row by row when only some rows changed. */
const ROW_LISTS = ["tasks"] as const;
type RowList = (typeof ROW_LISTS)[number];

/** A list that changes in more than this share of its rows is sent whole. */
const MOST_ROWS = 0.25;

export interface ReportDelta {
  /** The parts that differ from the previous report (all of them for the first). */
  parts: Partial<PageReport>;
  /** The parts equal to the previous report's, which the receiver takes from its own. */
  same: (keyof PageReport)[];
  /** Row lists of the previous report's length with some rows changed: those rows, by index. */
  rows?: Partial<Record<RowList, [number, unknown][]>>;
}

/** The rows of `next` that differ from `previous` (the same length), or null when most do. */
function changedRows(previous: readonly unknown[], next: readonly unknown[]): [number, unknown][] | null {
  const changed: [number, unknown][] = [];
  const most = next.length * MOST_ROWS;
  for (let i = 0; i < next.length; i++) {
    // The columnar scorer hands out the same row object where nothing changed: most rows end here.
    if (previous[i] === next[i] || sameValue(previous[i], next[i])) continue;
    if (changed.push([i, next[i]]) > most) return null;
  }
  return changed;
}

/** `next` as a delta from `previous` (null: nothing sent before). */
export function reportDelta(previous: PageReport | null, next: PageReport): ReportDelta {
  if (!previous) return { parts: next, same: [] };
  const parts: Partial<Record<keyof PageReport, unknown>> = {};
  const same: (keyof PageReport)[] = [];
  const rows: Partial<Record<RowList, [number, unknown][]>> = {};
  for (const key of Object.keys(next) as (keyof PageReport)[]) {
    const before: unknown = Object.hasOwn(previous, key) ? previous[key] : undefined;
    const after: unknown = next[key];
    const list = (ROW_LISTS as readonly string[]).includes(key) ? (key as RowList) : null;
    if (list !== null && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
      const changed = changedRows(before, after);
      if (changed !== null && changed.length === 0) same.push(key);
      else if (changed !== null) rows[list] = changed;
      else parts[key] = after;
    } else if (Object.hasOwn(previous, key) && sameValue(before, after)) same.push(key);
    else parts[key] = after;
  }
  const delta: ReportDelta = { parts: parts as Partial<PageReport>, same };
  if (Object.keys(rows).length > 0) delta.rows = rows;
  return delta;
}

/** The report a delta stands for, sharing the previous report's objects for the parts and rows it left out. */
export function applyReportDelta(previous: PageReport | null, delta: ReportDelta): PageReport {
  const report: Partial<Record<keyof PageReport, unknown>> = { ...delta.parts };
  const held = (key: keyof PageReport) => {
    if (!previous || !Object.hasOwn(previous, key))
      throw new Error(`The report part "${key}" was sent as unchanged, but no previous report holds it.`);
    return previous[key];
  };
  for (const key of delta.same) report[key] = held(key);
  for (const key of ROW_LISTS) {
    const changed = delta.rows?.[key];
    if (changed === undefined) continue;
    const list = (held(key) as unknown[]).slice();
    for (const [i, row] of changed) list[i] = row;
    report[key] = list;
  }
  return report as PageReport;
}
