/** The false discovery rate Tally controls by default wherever it lists several tests at once. */
export const DEFAULT_FDR = 0.05;

export interface FdrResult {
  /** Benjamini–Hochberg adjusted p-values, in the order given (monotone, at most 1). */
  adjusted: number[];
  /** Which tests are discoveries at `q`: adjusted p ≤ q. */
  rejected: boolean[];
  q: number;
}

/**
 * Benjamini–Hochberg (1995) step-up: sort the m p-values, p₍ᵢ₎·m/i, then the running minimum from the largest
 * down; a test is a discovery when its adjusted p-value is at most q. Controls the expected share of false
 * discoveries among those called at q (for independent or positively dependent tests).
 */
export function benjaminiHochberg(pValues: readonly number[], q: number = DEFAULT_FDR): FdrResult {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const adjusted = new Array<number>(m).fill(1);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    adjusted[i] = Math.min(1, running);
  }
  return { adjusted, rejected: adjusted.map((p) => p <= q), q };
}
