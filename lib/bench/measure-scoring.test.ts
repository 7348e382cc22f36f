import { describe, expect, it } from "vitest";
import { measureScoring } from "./measure-scoring";

describe("measureScoring", () => {
  it("times every figure on a small generated run, the columns beside computeReport", () => {
    const m = measureScoring(50, 0.2);
    expect(m).toMatchObject({ rollouts: 50, checks: 600 });
    expect(m.objects).not.toBeNull();
    for (const t of [...Object.values(m.columns), ...Object.values(m.objects ?? {})]) {
      expect(t.runs).toBeGreaterThan(0);
      expect(t.min).toBeLessThanOrEqual(t.median);
      expect(t.median).toBeLessThanOrEqual(t.max);
    }
  });
});
