import { describe, expect, it } from "vitest";
import { checkAnchor, stepAnchor, stepIndexOfHash, stepNumber } from "./anchors";

describe("the fragments between checks and trace steps", () => {
  it("name a step by the number shown: index 6 is step 7, #trace-step-7", () => {
    expect(stepNumber(6)).toBe(7);
    expect(stepAnchor(6)).toBe("trace-step-7");
    expect(stepAnchor(0)).toBe("trace-step-1");
    expect(stepIndexOfHash("#trace-step-7")).toBe(6);
    expect(stepIndexOfHash("#trace-step-12000")).toBe(11999);
  });

  it("round-trip every step index", () => {
    for (const index of [0, 1, 9, 99, 11999, 123456]) expect(stepIndexOfHash(`#${stepAnchor(index)}`)).toBe(index);
  });

  it("name nothing for other fragments, step 0 or a leading zero", () => {
    for (const hash of ["", "#", "#trace-step-0", "#trace-step-07", "#trace-step-", "#trace-step-7x", "#check-3"])
      expect(stepIndexOfHash(hash)).toBeNull();
  });

  it("name a check's row by its # column: the third check is #check-3", () => {
    expect(checkAnchor(2)).toBe("check-3");
  });
});
