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

/** Rows in A's order then B's extra checks in B's order; the rows that differ come first, each group in that order. */
export function checkDiffRows<Side extends CheckSide>(a: readonly Side[], b: readonly Side[]): CheckDiffRow<Side>[] {
  const left = byId(a);
  const right = byId(b);
  const ids = [...left.keys(), ...[...right.keys()].filter((id) => !left.has(id))];
  const rows = ids.map((id): CheckDiffRow<Side> => {
    const l = left.get(id) ?? null;
    const r = right.get(id) ?? null;
    const any = (l ?? r)!;
    return {
      id,
      key: any.key,
      label: any.label,
      required: (l?.required ?? false) || (r?.required ?? false),
      a: l,
      b: r,
      differs: !l || !r || l.verdict !== r.verdict || l.score !== r.score,
    };
  });
  return [...rows.filter((r) => r.differs), ...rows.filter((r) => !r.differs)];
}
