import type { CheckDetail } from "@/lib/store/records";
import { isFailedRequired, type CheckCell } from "@/lib/scoring/view/check-grid";

/** A stored check (its text) with its effective verdict under the page's scenario (lib/scoring check-grid). */
export interface CheckEntry {
  check: CheckDetail;
  cell: CheckCell;
}

/** Pairs a rollout's stored checks with their effective cells (both in stored order). */
export function checkEntries(checks: readonly CheckDetail[], cells: readonly CheckCell[]): CheckEntry[] {
  const entries: CheckEntry[] = [];
  checks.forEach((check, i) => {
    const cell = cells[i];
    if (cell) entries.push({ check, cell });
  });
  return entries;
}

export function failedRequiredEntries(entries: readonly CheckEntry[]): CheckEntry[] {
  return entries.filter((e) => isFailedRequired(e.cell));
}
