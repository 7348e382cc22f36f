import { sameValue } from "../core/same-value";
import type { Report } from "../report/report-types";

/*
 * A report as the run page's worker sends it: only the parts that differ from the report it sent before. A
 * change of headline metric or scheme leaves the rollouts, tasks and most of the rest as they were; sent whole,
 * the page would copy megabytes between threads and draw every section again. Sent as a delta, the receiver
 * keeps its own objects for the parts left out, so what depends on them by identity (memoised chart data,
 * components) is not computed or drawn again. Sender and receiver each hold the last report of the same
 * sequence of messages.
 */

export interface ReportDelta {
  /** The parts that differ from the previous report (all of them for the first). */
  parts: Partial<Report>;
  /** The parts equal to the previous report's, which the receiver takes from its own. */
  same: (keyof Report)[];
}

/** `next` as a delta from `previous` (null: nothing sent before). */
export function reportDelta(previous: Report | null, next: Report): ReportDelta {
  if (!previous) return { parts: next, same: [] };
  const parts: Partial<Record<keyof Report, unknown>> = {};
  const same: (keyof Report)[] = [];
  for (const key of Object.keys(next) as (keyof Report)[]) {
    if (Object.hasOwn(previous, key) && sameValue(previous[key], next[key])) same.push(key);
    else parts[key] = next[key];
  }
  return { parts: parts as Partial<Report>, same };
}

/** The report a delta stands for, sharing the previous report's objects for the parts it left out. */
export function applyReportDelta(previous: Report | null, delta: ReportDelta): Report {
  const report: Partial<Record<keyof Report, unknown>> = { ...delta.parts };
  for (const key of delta.same) {
    if (!previous || !Object.hasOwn(previous, key))
      throw new Error(`The report part "${key}" was sent as unchanged, but no previous report holds it.`);
    report[key] = previous[key];
  }
  return report as Report;
}
