import { describe, expect, it } from "vitest";
import {
  estimate,
  mcnemarExact,
  pairedDifferences,
  pairedEstimate,
  weightedMean,
  weightedStandardError,
} from "./stats";

const wv = (pairs: [number, number][]) => pairs.map(([x, w], i) => ({ key: String(i), x, w }));

describe("weighted mean and task-clustered SE", () => {
  it("equals sd/√T with equal weights (scoring-article correctness: SE 0.147)", () => {
    const v = wv([
      [2 / 3, 1],
      [1, 1],
      [0.5, 1],
    ]);
    expect(weightedMean(v)).toBeCloseTo(0.7222222, 6);
    expect(weightedStandardError(v)).toBeCloseTo(0.1469862, 6);
    const e = estimate(v, [0, 1]);
    expect(e.ci95?.[0]).toBeCloseTo(0.7222222 - 4.3026527 * 0.1469862, 5);
    expect(e.ci95?.[1]).toBe(1);
  });

  it("weights: x = 1, 0, 0.5 with w = 2, 1, 1", () => {
    const v = wv([
      [1, 2],
      [0, 1],
      [0.5, 1],
    ]);
    expect(weightedMean(v)).toBeCloseTo(0.625, 12);
    // sqrt(3/2 · (4·0.375² + 0.625² + 0.125²)) / 4
    expect(weightedStandardError(v)).toBeCloseTo(Math.sqrt(1.5 * 0.96875) / 4, 12);
  });

  it("is null below two tasks, and an empty mean is null", () => {
    expect(weightedStandardError(wv([[0.5, 1]]))).toBeNull();
    expect(estimate(wv([[0.5, 1]]), [0, 1])).toEqual({ value: 0.5, se: null, ci95: null, tasks: 1 });
    expect(weightedMean([])).toBeNull();
  });
});

describe("paired comparison", () => {
  it("plain paired formula: mean, sd(d)/√T and t interval", () => {
    const p = pairedDifferences([0.1, 0.3, -0.1, 0.2]);
    expect(p.mean).toBeCloseTo(0.125, 12);
    expect(p.se).toBeCloseTo(Math.sqrt(0.0875 / 3) / 2, 12);
    expect(p.ci95?.[0]).toBeCloseTo(0.125 - 3.1824463 * 0.0853913, 5);
    expect(p.ci95?.[1]).toBeCloseTo(0.125 + 3.1824463 * 0.0853913, 5);
  });

  it("the weighted estimator reduces to it with equal weights (delta = b − a)", () => {
    const xa = [0.5, 0.2, 0.9, 0.4];
    const d = [0.1, 0.3, -0.1, 0.2];
    const pairs = xa.map((x, i) => ({ key: String(i), xA: x, wA: 1, xB: x + d[i]!, wB: 1 }));
    const e = pairedEstimate(pairs, [0, 1]);
    const p = pairedDifferences(d);
    expect(e.delta).toBeCloseTo(p.mean!, 12);
    expect(e.se).toBeCloseTo(p.se!, 12);
    expect(e.ci95?.[0]).toBeCloseTo(p.ci95![0], 10);
  });

  it("with one run constant equals that run's weighted SE", () => {
    const pairs = [
      { key: "a", xA: 0, wA: 2, xB: 1, wB: 2 },
      { key: "b", xA: 0, wA: 1, xB: 0, wB: 1 },
      { key: "c", xA: 0, wA: 1, xB: 0.5, wB: 1 },
    ];
    expect(pairedEstimate(pairs, [0, 1]).se).toBeCloseTo(
      weightedStandardError(
        wv([
          [1, 2],
          [0, 1],
          [0.5, 1],
        ]),
      )!,
      12,
    );
  });
});

describe("exact McNemar", () => {
  it.each([
    [3, 5, 0.7265625],
    [0, 6, 0.03125],
    [6, 0, 0.03125],
    [0, 0, 1],
    [4, 4, 1],
    [1, 10, 0.01171875],
  ])("b = %d, c = %d → p = %f", (b, c, p) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(p, 10);
  });

  it("does not underflow for thousands of discordant tasks", () => {
    const p = mcnemarExact(2400, 2600);
    expect(p).toBeGreaterThan(0.004);
    expect(p).toBeLessThan(0.006);
  });
});
