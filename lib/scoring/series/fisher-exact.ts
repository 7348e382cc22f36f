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

/**
 * One-sided Fisher exact tests of two pass counts, k₁ of n₁ before and k₂ of n₂ after: with the K = k₁ + k₂
 * passes fixed, k₂ follows the hypergeometric law of n₂ draws from N = n₁ + n₂. `lower`: P(X ≤ k₂), the chance
 * of as few passes after if nothing changed; `higher`: P(X ≥ k₂).
 */
export function fisherOneSided(k1: number, n1: number, k2: number, n2: number): { lower: number; higher: number } {
  const N = n1 + n2;
  const K = k1 + k2;
  const lo = Math.max(0, n2 - (N - K));
  const hi = Math.min(n2, K);
  const base = logChoose(N, n2);
  let lower = 0;
  let higher = 0;
  for (let x = lo; x <= hi; x++) {
    const p = Math.exp(logChoose(K, x) + logChoose(N - K, n2 - x) - base);
    if (x <= k2) lower += p;
    if (x >= k2) higher += p;
  }
  return { lower: Math.min(1, lower), higher: Math.min(1, higher) };
}
