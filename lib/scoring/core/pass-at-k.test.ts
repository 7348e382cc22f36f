import { describe, expect, it } from "vitest";
import { passAtK, passAtKCurve, passAtKMaps, passHatK, runPassAtK } from "./pass-at-k";

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

describe("pass@k and pass^k", () => {
  it("golden: n = 5, c = 3 (finance/TASK-007)", () => {
    expect([1, 2, 3].map((k) => passAtK(5, 3, k))).toEqual([expect.closeTo(0.6, 10), expect.closeTo(0.9, 10), 1]);
    expect([1, 2, 3].map((k) => passHatK(5, 3, k))).toEqual([
      expect.closeTo(0.6, 10),
      expect.closeTo(0.3, 10),
      expect.closeTo(0.1, 10),
    ]);
    expect(passHatK(5, 3, 4)).toBe(0);
    expect(passAtK(5, 3, 5)).toBe(1);
  });

  it("matches the binomial-coefficient definition for every small n, c, k", () => {
    for (let n = 1; n <= 12; n++)
      for (let c = 0; c <= n; c++)
        for (let k = 1; k <= n; k++) {
          expect(passAtK(n, c, k)).toBeCloseTo(1 - choose(n - c, k) / choose(n, k), 12);
          expect(passHatK(n, c, k)).toBeCloseTo(choose(c, k) / choose(n, k), 12);
        }
  });

  it("stays finite and monotone for n = 1000", () => {
    const curve = passAtKCurve(1000, 137);
    expect(curve).toHaveLength(1000);
    for (const p of curve) {
      expect(Number.isFinite(p.passAtK) && Number.isFinite(p.passHatK)).toBe(true);
      expect(p.passAtK).toBeGreaterThanOrEqual(0);
      expect(p.passAtK).toBeLessThanOrEqual(1);
    }
    for (let i = 1; i < curve.length; i++) {
      expect(curve[i]!.passAtK).toBeGreaterThanOrEqual(curve[i - 1]!.passAtK - 1e-15);
      expect(curve[i]!.passHatK).toBeLessThanOrEqual(curve[i - 1]!.passHatK + 1e-15);
    }
    expect(passAtK(1000, 137, 1)).toBeCloseTo(0.137, 12);
    expect(passHatK(1000, 137, 2)).toBeCloseTo((137 * 136) / (1000 * 999), 15);
  });

  it("has the report's map shape, empty for n = 0", () => {
    expect(passAtKMaps(1, 0)).toEqual({ passAtK: { "1": 0 }, passHatK: { "1": 0 } });
    expect(passAtKMaps(0, 0)).toEqual({ passAtK: {}, passHatK: {} });
  });

  it("rejects impossible counts", () => {
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passHatK(3, 1, 0)).toThrow(RangeError);
  });

  it("takes a run of 300,000 tasks (a spread of their counts into Math.min threw RangeError)", () => {
    const tasks = Array.from({ length: 300_000 }, (_, i) => ({ counted: i === 7 ? 2 : 3, passes: i % 2 }));
    const run = runPassAtK(tasks);
    expect(run.passAtKCoverage).toEqual({ maxK: 2, tasks: 300_000, of: 300_000 });
    // The odd tasks pass once in three (pass@1 = 1/3), task 7 once in two (1/2); the even ones never.
    expect(run.passAtK[1]).toBeCloseTo((149_999 / 3 + 1 / 2) / 300_000, 12);
  });
});
