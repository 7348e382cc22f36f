import type { Comparison } from "@/lib/scoring/report/compare";
import type { CsvCell } from "./csv";

export const COMPARE_CSV_HEADER = [
  "task",
  "status",
  "baseline_run",
  "candidate_run",
  "metric",
  "baseline_value",
  "candidate_value",
  "delta",
  "flip",
] as const;

/**
 * The per-task table of one or more comparisons against the same baseline, one row per (task, candidate):
 * common tasks with their values, delta (candidate − baseline) and flip, then the tasks in one run only
 * ("only in baseline" / "only in candidate": not comparable, no delta).
 */
export function compareCsvRows(
  baseline: string,
  candidates: readonly { name: string; comparison: Comparison }[],
): CsvCell[][] {
  const rows: CsvCell[][] = [[...COMPARE_CSV_HEADER]];
  for (const { name, comparison: c } of candidates) {
    for (const t of c.tasks) rows.push([t.key, "common", baseline, name, c.taskMetric, t.a, t.b, t.delta, t.flip]);
    for (const key of c.onlyAKeys)
      rows.push([key, "only in baseline", baseline, name, c.taskMetric, null, null, null, null]);
    for (const key of c.onlyBKeys)
      rows.push([key, "only in candidate", baseline, name, c.taskMetric, null, null, null, null]);
  }
  return rows;
}
