import type { CheckEntryView } from "@/lib/views/check-views";
import { isFailedRequired } from "@/lib/scoring/view/check-grid";

/** A stored check (its texts cut) with its verdict under the page's scenario and its evidence resolved. */
export type CheckEntry = CheckEntryView;

export function failedRequiredEntries(entries: readonly CheckEntry[]): CheckEntry[] {
  return entries.filter((e) => isFailedRequired(e.cell));
}
