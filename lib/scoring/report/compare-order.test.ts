import { describe, expect, it } from "vitest";
import { orderCompareRuns, parseRunIds } from "./compare-order";

describe("orderCompareRuns", () => {
  it("the first listed run is A when none is the baseline", () => {
    expect(orderCompareRuns(["x", "y", "z"])).toEqual({ a: "x", candidates: ["y", "z"], dropped: [] });
  });

  it("the baseline run is A wherever it is listed; an explicit a wins over it", () => {
    expect(orderCompareRuns(["x", "y"], { baselineId: "y" })).toEqual({ a: "y", candidates: ["x"], dropped: [] });
    expect(orderCompareRuns(["x", "y"], { baselineId: "q" })?.a).toBe("x");
    expect(orderCompareRuns(["x", "y"], { baselineId: "y", a: "x" })?.a).toBe("x");
    expect(orderCompareRuns(["x", "y"], { a: "nope" })?.a).toBe("x");
  });

  it("deduplicates, keeps at most three runs and needs two; one run given twice is compared with itself", () => {
    expect(orderCompareRuns(["x", "x", "y", "z", "w"])).toEqual({ a: "x", candidates: ["y", "z"], dropped: ["w"] });
    expect(orderCompareRuns(["x", "x"])).toEqual({ a: "x", candidates: ["x"], dropped: [] });
    expect(orderCompareRuns(["x"])).toBeNull();
    expect(orderCompareRuns([])).toBeNull();
  });

  it("parses the runs parameter", () => {
    expect(parseRunIds(" a, b,,c ")).toEqual(["a", "b", "c"]);
    expect(parseRunIds(null)).toEqual([]);
  });
});
