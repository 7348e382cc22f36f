import { describe, expect, it } from "vitest";
import { sameBytes } from "./same-value";

describe("sameBytes", () => {
  it("compares typed arrays byte for byte: −0 differs from 0, NaN equals itself, views by what they see", () => {
    expect(sameBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(sameBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
    expect(sameBytes(Uint8Array.of(1), Uint8Array.of(1, 0))).toBe(false);
    expect(sameBytes(Float64Array.of(0), Float64Array.of(-0))).toBe(false);
    expect(sameBytes(Float64Array.of(Number.NaN), Float64Array.of(Number.NaN))).toBe(true);
    expect(sameBytes(Uint8Array.of(9, 1, 2).subarray(1), Uint8Array.of(1, 2))).toBe(true);
  });
});
