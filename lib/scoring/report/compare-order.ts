/**
 * Which run of a comparison is A (the baseline every delta is measured from) and which are candidates:
 * an explicit `a` when it is among the runs, else the run marked as baseline, else the first listed. Run ids
 * are deduplicated in order and at most MAX_COMPARE_RUNS are kept. One run given twice is compared with itself
 * ("no difference"): a pipeline whose candidate is its baseline, a re-run of main, must not break.
 */
export const MAX_COMPARE_RUNS = 3;

export interface CompareOrder {
  a: string;
  candidates: string[];
  /** Ids given beyond MAX_COMPARE_RUNS (not compared). */
  dropped: string[];
}

export function orderCompareRuns(
  ids: readonly string[],
  options: { baselineId?: string | null; a?: string | null } = {},
): CompareOrder | null {
  const unique = [...new Set(ids.filter((id) => id !== ""))];
  const kept = unique.slice(0, MAX_COMPARE_RUNS);
  const dropped = unique.slice(MAX_COMPARE_RUNS);
  const given = ids.filter((id) => id !== "").length;
  if (kept.length === 1 && given >= 2) return { a: kept[0]!, candidates: [kept[0]!], dropped };
  if (kept.length < 2) return null;
  const a =
    options.a && kept.includes(options.a)
      ? options.a
      : options.baselineId && kept.includes(options.baselineId)
        ? options.baselineId
        : kept[0]!;
  return { a, candidates: kept.filter((id) => id !== a), dropped };
}

/** `runs=a,b,c` → ids (trimmed, empty parts dropped). */
export function parseRunIds(param: string | null | undefined): string[] {
  return (param ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
