import type { CellVerdict } from "./check-grid";

/**
 * The checks of two rollouts by key, for the side by side: A's verdict and B's in one row, the rows that
 * differ first. Verdicts are the effective ones (rolloutCheckCells), so a row reads as the grid does. A side
 * may carry more than the verdict (the page's detail text): each row keeps the sides as given.
 */

/** One check of one rollout, as the side by side compares it. */
export interface CheckSide {
  key: string;
  label: string;
  required: boolean;
  verdict: CellVerdict;
  /** Effective score when graded, else null. */
  score: number | null;
}

export interface CheckDiffRow<Side extends CheckSide = CheckSide> {
  /** The check key, with "#n" for the n-th repeat of a key inside one rollout (as the checks grid). */
  id: string;
  key: string;
  /** A's label when A has the check, else B's. */
  label: string;
  /** Required in either rollout. */
  required: boolean;
  a: Side | null;
  b: Side | null;
  /** Only one side has the check, or the verdicts or scores differ. */
  differs: boolean;
}

function byId<Side extends CheckSide>(checks: readonly Side[]): Map<string, Side> {
  const seen = new Map<string, number>();
  const out = new Map<string, Side>();
  for (const check of checks) {
    const repeat = seen.get(check.key) ?? 0;
    seen.set(check.key, repeat + 1);
    out.set(repeat === 0 ? check.key : `${check.key}#${repeat}`, check);
  }
  return out;
}

/** The checks of two to four rollouts by key: one side per rollout (null where it lacks the check). */
export interface CheckColumnsRow<Side extends CheckSide = CheckSide> {
  id: string;
  key: string;
  /** The label of the first rollout that has the check. */
  label: string;
  /** Required in any rollout. */
  required: boolean;
  sides: (Side | null)[];
  /** Some rollout lacks the check, or the verdicts or scores differ. */
  differs: boolean;
}

/**
 * Rows in the first rollout's order, then each next rollout's extra checks in its order; the rows that differ
 * come first, each group in that order.
 */
export function checkColumnsRows<Side extends CheckSide>(
  columns: readonly (readonly Side[])[],
): CheckColumnsRow<Side>[] {
  const maps = columns.map(byId);
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const map of maps)
    for (const id of map.keys())
      if (!seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
  const rows = ids.map((id): CheckColumnsRow<Side> => {
    const sides = maps.map((m) => m.get(id) ?? null);
    const any = sides.find((s) => s !== null)!;
    return {
      id,
      key: any.key,
      label: any.label,
      required: sides.some((s) => s?.required ?? false),
      sides,
      differs: sides.some((s) => !s || s.verdict !== any.verdict || s.score !== any.score),
    };
  });
  return [...rows.filter((r) => r.differs), ...rows.filter((r) => !r.differs)];
}

/** Rows in A's order then B's extra checks in B's order; the rows that differ come first, each group in that order. */
export function checkDiffRows<Side extends CheckSide>(a: readonly Side[], b: readonly Side[]): CheckDiffRow<Side>[] {
  return checkColumnsRows([a, b]).map(({ sides: [l, r], ...row }) => ({ ...row, a: l ?? null, b: r ?? null }));
}
