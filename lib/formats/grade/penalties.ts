import type { TPenalties } from "./schema";

type Entry = number | { value: number } | { amount: number } | { penalty: number };

function entryValue(entry: Entry): number {
  if (typeof entry === "number") return entry;
  if ("value" in entry) return entry.value;
  if ("amount" in entry) return entry.amount;
  return entry.penalty;
}

/** Σ penalties of a grade, whatever shape they came in (number, list, or map of named penalties). */
export function penaltyTotal(penalties: TPenalties | null | undefined): number {
  if (penalties === null || penalties === undefined) return 0;
  if (typeof penalties === "number") return penalties;
  const entries: Entry[] = Array.isArray(penalties) ? penalties : Object.values(penalties);
  return entries.reduce<number>((sum, e) => sum + entryValue(e), 0);
}
