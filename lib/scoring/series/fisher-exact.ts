import { logGamma } from "../core/student-t";

/**
 * log(n!) for whole n, kept as they are first asked for: a series' history asks for the same few hundred
 * values millions of times (every split of every task), and logGamma is the cost of each.
 */
const logFactorials: number[] = [];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logGamma(i + 1));
  return logFactorials[n]!;
}

const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/** Below this many rollouts every binomial coefficient is an integer a double holds exactly (C(50, 25) < 2⁵³). */
const EXACT_N = 50;

/** C(n, k) by the multiplicative formula: each partial product is itself a binomial, so exact for n ≤ EXACT_N. */
function choose(n: number, k: number): number {
  let out = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) out = (out * (n - Math.min(k, n - k) + i)) / i;
  return out;
}

/** P(X = k₂) of the hypergeometric law: exact ratios of integers for small tables (a p of 1 stays 1), else by logs. */
function hypergeometric(K: number, k2: number, N: number, n2: number): number {
  if (N <= EXACT_N) return (choose(K, k2) * choose(N - K, n2 - k2)) / choose(N, n2);
  return Math.exp(logChoose(K, k2) + logChoose(N - K, n2 - k2) - logChoose(N, n2));
}

/**
 * One-sided Fisher exact tests of two pass counts, k₁ of n₁ before and k₂ of n₂ after: with the K = k₁ + k₂
 * passes fixed, k₂ follows the hypergeometric law of n₂ draws from N = n₁ + n₂. `lower`: P(X ≤ k₂), the chance
 * of as few passes after if nothing changed; `higher`: P(X ≥ k₂). A series' history runs this for every split of
 * every task, so it takes one exp, at k₂, and sums only the tail on k₂'s side of the mode, each term from its
 * neighbour by the ratio of the binomials, until the rest cannot change it; the other tail is 1 − that + P(k₂)
 * (it is the larger, at least about ½, so the subtraction loses nothing that matters).
 */
export function fisherOneSided(k1: number, n1: number, k2: number, n2: number): { lower: number; higher: number } {
  const N = n1 + n2;
  const K = k1 + k2;
  const lo = Math.max(0, n2 - (N - K));
  const hi = Math.min(n2, K);
  const M = N - K - n2;
  const atK2 = hypergeometric(K, k2, N, n2);
  const mode = Math.floor(((n2 + 1) * (K + 1)) / (N + 2));
  let tail = atK2;
  if (k2 <= mode) {
    // P(x − 1) / P(x) = x (M + x) / ((K − x + 1)(n₂ − x + 1)): falling as x moves away from the mode.
    for (let x = k2, p = atK2; x > lo; x--) {
      p *= (x * (M + x)) / ((K - x + 1) * (n2 - x + 1));
      tail += p;
      if (p * (x - lo) < tail * 1e-17) break;
    }
    return { lower: Math.min(1, tail), higher: Math.min(1, Math.max(0, 1 - tail + atK2)) };
  }
  // P(x + 1) / P(x) = (K − x)(n₂ − x) / ((x + 1)(M + x + 1)).
  for (let x = k2, p = atK2; x < hi; x++) {
    p *= ((K - x) * (n2 - x)) / ((x + 1) * (M + x + 1));
    tail += p;
    if (p * (hi - x) < tail * 1e-17) break;
  }
  return { lower: Math.min(1, Math.max(0, 1 - tail + atK2)), higher: Math.min(1, tail) };
}
