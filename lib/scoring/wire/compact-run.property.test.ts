import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { decodeRun, encodeRun, type CompactRun } from "./compact-run";

describe("compact run properties", () => {
  it("decodeRun(encodeRun(run)) is run", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        expect(decodeRun(encodeRun(r))).toStrictEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it("the compact form survives JSON as the run itself does", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        const wire = JSON.parse(JSON.stringify(encodeRun(r))) as CompactRun;
        expect(decodeRun(wire)).toStrictEqual(JSON.parse(JSON.stringify(r)));
      }),
      { numRuns: 300 },
    );
  });
});
