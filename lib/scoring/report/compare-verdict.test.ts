import { describe, expect, it } from "vitest";
import { deltaVerdict } from "./compare-verdict";

describe("deltaVerdict", () => {
  it("reads the interval against 0", () => {
    expect(deltaVerdict({ delta: 0.1, se: 0.02, ci95: [0.05, 0.15] })).toBe("better");
    expect(deltaVerdict({ delta: -0.1, se: 0.02, ci95: [-0.15, -0.05] })).toBe("worse");
    expect(deltaVerdict({ delta: 0.05, se: 0.07, ci95: [-0.09, 0.2] })).toBe("unclear");
  });

  it("an interval touching 0 is not a clear difference", () => {
    expect(deltaVerdict({ delta: 0.1, se: 0.05, ci95: [0, 0.2] })).toBe("unclear");
    expect(deltaVerdict({ delta: -0.1, se: 0.05, ci95: [-0.2, 0] })).toBe("unclear");
  });

  it("a run against itself is the same; a constant shift is a clear difference", () => {
    expect(deltaVerdict({ delta: 0, se: 0, ci95: [0, 0] })).toBe("same");
    expect(deltaVerdict({ delta: 1, se: 0, ci95: [1, 1] })).toBe("better");
  });

  it("no interval with fewer than two common tasks", () => {
    expect(deltaVerdict({ delta: 0.5, se: null, ci95: null })).toBe("no-interval");
    expect(deltaVerdict({ delta: null, se: null, ci95: null })).toBe("no-interval");
  });
});
