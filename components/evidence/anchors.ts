/**
 * The fragments that tie a rollout page's checks to its trace, both ways. A step goes by the number the page
 * shows, which counts from 1 (`Step.index` counts from 0): step 7 is `#trace-step-7`. A check goes by its number
 * in the checks table's # column: the third check is `#check-3`.
 */

/** The number a step is shown with. */
export const stepNumber = (index: number): number => index + 1;

/** The id of a step's element on the rollout page. */
export const stepAnchor = (index: number): string => `trace-step-${stepNumber(index)}`;

/** The step index a URL fragment names (`#trace-step-7` → 6), or null when it names no step. */
export function stepIndexOfHash(hash: string): number | null {
  const m = /^#trace-step-([1-9]\d{0,8})$/.exec(hash);
  return m ? Number(m[1]) - 1 : null;
}

/** The id of a check's row in the rollout page's checks table, by the check's stored order (0-based). */
export const checkAnchor = (order: number): string => `check-${order + 1}`;
