import { logGamma } from "../core/student-t";

const logChoose = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

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
