import { describe, expect, it } from "vitest";
import { runsDeltaToBaseline } from "./baseline-deltas";

const run = (id: string, value: number | null, baseline = false, metric = "correctness", scheme = "task") => ({
  id,
  baseline,
  summary: { headline: { metric, scheme, value } },
});

describe("runsDeltaToBaseline", () => {
  it("each run's headline minus the baseline's; null for the baseline itself", () => {
    const d = runsDeltaToBaseline([run("a", 0.6, true), run("b", 0.75), run("c", 0.5)]);
    expect(d.a).toBeNull();
    expect(d.b).toBeCloseTo(0.15, 10);
    expect(d.c).toBeCloseTo(-0.1, 10);
  });

  it("null when the headline metric or scheme differs, or a value is missing", () => {
    const d = runsDeltaToBaseline([
      run("a", 0.6, true),
      run("m", 0.7, false, "completion"),
      run("s", 0.7, false, "correctness", "check"),
      run("n", null),
      { id: "none", baseline: false, summary: null },
    ]);
    expect(d).toEqual({ a: null, m: null, s: null, n: null, none: null });
  });

  it("all null without a baseline, or when the baseline has no value", () => {
    expect(runsDeltaToBaseline([run("a", 0.6), run("b", 0.7)])).toEqual({ a: null, b: null });
    expect(runsDeltaToBaseline([run("a", null, true), run("b", 0.7)])).toEqual({ a: null, b: null });
  });
});
