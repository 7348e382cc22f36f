/**
 * The fragments that tie a rollout page's checks to its trace, both ways. A step goes by the number the page
 * shows, which counts from 1 (`Step.index` counts from 0): step 7 is `#trace-step-7`. A check goes by its number
 * in the checks table's # column: the third check is `#check-3`.
 */

/** The step's number and element id are lib/views/hrefs.ts's, where links to a step are built. */
export { stepAnchor, stepNumber } from "@/lib/views/hrefs";

/** The step index a URL fragment names (`#trace-step-7` → 6), or null when it names no step. */
export function stepIndexOfHash(hash: string): number | null {
  const m = /^#trace-step-([1-9]\d{0,8})$/.exec(hash);
  return m ? Number(m[1]) - 1 : null;
}

/** The id of a check's row in the rollout page's checks table, by the check's stored order (0-based). */
export const checkAnchor = (order: number): string => `check-${order + 1}`;
