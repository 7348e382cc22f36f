import { describe, expect, it } from "vitest";
import { logGamma } from "../core/student-t";
import { seeded } from "../core/seeded";
import { fisherOneSided } from "./fisher-exact";

/** The tails summed term by term, each binomial from logGamma: the definition the recurrence must match. */
function direct(k1: number, n1: number, k2: number, n2: number) {
  const lc = (n: number, k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
  const N = n1 + n2;
  const K = k1 + k2;
  let lower = 0;
  let higher = 0;
  for (let x = Math.max(0, n2 - (N - K)); x <= Math.min(n2, K); x++) {
    const p = Math.exp(lc(K, x) + lc(N - K, n2 - x) - lc(N, n2));
    if (x <= k2) lower += p;
    if (x >= k2) higher += p;
  }
  return { lower: Math.min(1, lower), higher: Math.min(1, higher) };
}

describe("fisherOneSided", () => {
  it("gives the hand-worked tails", () => {
    // 3 of 3 before, 0 of 3 after: P(X ≤ 0) = C(3,0)·C(3,3) / C(6,3) = 1/20.
    const all = fisherOneSided(3, 3, 0, 3);
    expect(all.lower).toBeCloseTo(1 / 20, 12);
    expect(all.higher).toBeCloseTo(1, 12);
    // 3 of 4, then 1 of 4: P(X ≤ 1) = (1 + 16) / 70; P(X ≥ 1) = 69 / 70.
    const tea = fisherOneSided(3, 4, 1, 4);
    expect(tea.lower).toBeCloseTo(17 / 70, 12);
    expect(tea.higher).toBeCloseTo(69 / 70, 12);
  });

  it("matches the term-by-term sum on 2,000 random tables, tails down to 1e-200", () => {
    const random = seeded(3);
    for (let i = 0; i < 2000; i++) {
      const n1 = 1 + Math.floor(random() * 200);
      const n2 = 1 + Math.floor(random() * 200);
      const k1 = Math.floor(random() * (n1 + 1));
      const k2 = Math.floor(random() * (n2 + 1));
      const got = fisherOneSided(k1, n1, k2, n2);
      const want = direct(k1, n1, k2, n2);
      for (const tail of ["lower", "higher"] as const) {
        if (want[tail] < 1e-200) continue;
        expect(Math.abs(got[tail] - want[tail]) / want[tail]).toBeLessThan(1e-9);
      }
    }
  });
});
