import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { decodeBinaryRun, encodeBinaryRun } from "./binary-run";

describe("binary run properties", () => {
  it("decodeBinaryRun(encodeBinaryRun(run)) is run", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        expect(decodeBinaryRun(encodeBinaryRun(r))).toStrictEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it("decodes the same bytes at any offset within a larger buffer", () => {
    fc.assert(
      fc.property(arbRun, fc.integer({ min: 1, max: 15 }), (r, offset) => {
        const bytes = encodeBinaryRun(r);
        const shifted = new Uint8Array(bytes.length + offset);
        shifted.set(bytes, offset);
        expect(decodeBinaryRun(shifted.subarray(offset))).toStrictEqual(r);
      }),
      { numRuns: 100 },
    );
  });
});
