import type { ExportRollout } from "@/lib/store/records";
import type { CsvCell } from "./csv";

export const RUN_CSV_HEADER = [
  "run",
  "task",
  "group",
  "rollout",
  "rollout_status",
  "rollout_passed",
  "rollout_reward",
  "rollout_error_type",
  "rollout_error",
  "check_key",
  "check_label",
  "check_required",
  "check_dimension",
  "check_status",
  "check_passed",
  "check_score",
  "check_detail",
  "failure_tag",
] as const;

/** One row per (rollout, check); a rollout without checks still gets one row with empty check cells. */
export function runCsvRows(runName: string, rollouts: readonly ExportRollout[]): CsvCell[][] {
  const rows: CsvCell[][] = [[...RUN_CSV_HEADER]];
  for (const r of rollouts) {
    const head: CsvCell[] = [
      runName,
      r.taskKey,
      r.group,
      r.rolloutId,
      r.status,
      r.passed,
      r.reward,
      r.errorCategory,
      r.error,
    ];
    if (r.checks.length === 0) rows.push([...head, ...Array<null>(9).fill(null)]);
    for (const c of r.checks) {
      rows.push([
        ...head,
        c.key,
        c.label,
        c.required,
        c.dimension,
        c.status,
        c.passed,
        c.score,
        c.detail,
        c.failureTag,
      ]);
    }
  }
  return rows;
}
