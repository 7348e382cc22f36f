import { describe, expect, it } from "vitest";
import { parseCompareUrlQuery } from "@/lib/api/schemas/compare";
import { legacyCompareSearch } from "./query";

const parse = (search: string, maxRuns?: number) => parseCompareUrlQuery(new URLSearchParams(search), maxRuns);

describe("compare parameters", () => {
  it("reads runs, an explicit a and a metric", () => {
    expect(parse("runs=x,%20y&a=y&metric=correctness").data).toEqual({
      runs: ["x", "y"],
      a: "y",
      metric: "correctness",
    });
    expect(parse("runs=x,y,z").data).toEqual({ runs: ["x", "y", "z"] });
  });

  it("refuses fewer than two runs, more than allowed, and a malformed metric, naming the field", () => {
    expect(parse("runs=x,x").data, "one run given twice is compared with itself").toEqual({ runs: ["x", "x"] });
    for (const search of ["", "runs=x", "runs=a,b,c,d", "runs=x,y&metric=no%20spaces"]) {
      expect(parse(search).success, search).toBe(false);
    }
    expect(parse("runs=x,y,z", 2).error?.issues[0]).toMatchObject({
      path: ["runs"],
      message: "compare at most 2 runs",
    });
    expect(parse("runs=x,y&metric=a+b").error?.issues[0]?.path).toEqual(["metric"]);
  });

  it("rewrites the two-run style to the one style, keeping every other parameter", () => {
    expect(legacyCompareSearch(new URLSearchParams("a=x&b=y&metric=correctness&scenario=%7B%7D"))).toBe(
      "runs=x,y&a=x&metric=correctness&scenario=%7B%7D",
    );
    expect(legacyCompareSearch(new URLSearchParams("b=y"))).toBe("runs=y");
    expect(legacyCompareSearch(new URLSearchParams("runs=x,y&a=y"))).toBeNull();
    expect(legacyCompareSearch(new URLSearchParams("runs=x,y&b=q"))).toBeNull();
    expect(legacyCompareSearch(new URLSearchParams(""))).toBeNull();
  });
});
