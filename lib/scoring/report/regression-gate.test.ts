import { describe, expect, it } from "vitest";
import { mcnemarExact } from "../core/stats";
import { regressionGate } from "./regression-gate";

const flips = (passToFail: number, failToPass: number) => ({
  passToFail,
  failToPass,
  pValue: mcnemarExact(passToFail, failToPass),
});

describe("regressionGate", () => {
  it("passes a candidate far ahead despite a few pass->fail flips; the strict rule fails it", () => {
    // 3 against 24: p = 2 · Σ_{k≤3} C(27,k) / 2^27 < 0.001, in B's favour.
    expect(regressionGate([0.148, 0.383], flips(3, 24))).toEqual({
      regression: false,
      strict: true,
      intervalBelow: false,
      flipsAgainst: false,
    });
  });

  it("fails on an interval entirely below 0, whatever the flips", () => {
    expect(regressionGate([-0.2, -0.01], flips(0, 0))).toMatchObject({ regression: true, intervalBelow: true });
  });

  it("fails on significantly more pass->fail than fail->pass flips, even with an interval that includes 0", () => {
    // 8 against 0: p = 2 / 2^8 = 0.0078 < 0.05.
    expect(flips(8, 0).pValue).toBeCloseTo(2 / 256, 12);
    expect(regressionGate([-0.05, 0.01], flips(8, 0))).toMatchObject({ regression: true, flipsAgainst: true });
    // 5 against 1: p = 2 · (1 + 6) / 64 = 0.219, not significant.
    expect(regressionGate([-0.05, 0.01], flips(5, 1))).toMatchObject({ regression: false, strict: true });
  });

  it("passes a run compared with itself under both rules", () => {
    expect(regressionGate([0, 0], flips(0, 0))).toEqual({
      regression: false,
      strict: false,
      intervalBelow: false,
      flipsAgainst: false,
    });
  });
});
