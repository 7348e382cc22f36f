import { describe, expect, it } from "vitest";
import { incompleteBeta, studentTCdf, studentTQuantile } from "./student-t";

describe("Student-t quantile", () => {
  it.each([
    [1, 12.7062047],
    [2, 4.3026527],
    [3, 3.1824463],
    [10, 2.2281389],
    [30, 2.0422725],
    [100, 1.9839715],
    [1e6, 1.959966],
  ])("t(0.975, %d) = %f", (df, q) => {
    expect(Math.abs(studentTQuantile(0.975, df) - q)).toBeLessThan(1e-6);
  });

  it("is symmetric and inverts the CDF", () => {
    expect(studentTQuantile(0.025, 5)).toBeCloseTo(-studentTQuantile(0.975, 5), 12);
    expect(studentTQuantile(0.5, 7)).toBe(0);
    for (const df of [1, 2.5, 9, 50]) expect(studentTCdf(studentTQuantile(0.9, df), df)).toBeCloseTo(0.9, 10);
  });

  it("has closed forms at df = 1 and 2", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(Math.tan(Math.PI * 0.475), 9);
    const p = 0.975;
    expect(studentTQuantile(p, 2)).toBeCloseTo((2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 9);
  });

  it("computes the regularised incomplete beta", () => {
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.2, 2, 3)).toBeCloseTo(0.1808, 12);
  });
});
