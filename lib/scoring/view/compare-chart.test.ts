import { describe, expect, it } from "vitest";
import { deltaAxisMax, prepareDeltaChart } from "./compare-chart";

const t = (key: string, delta: number | null) => ({
  key,
  a: 0.5,
  b: delta === null ? null : 0.5 + delta,
  delta,
  flip: null,
  p: null,
  adjusted: null,
  called: null,
});

describe("prepareDeltaChart", () => {
  it("draws changed tasks sorted from largest gain to largest loss; counts the rest", () => {
    const data = prepareDeltaChart([t("x", -0.5), t("y", 0), t("z", 1 / 3), t("w", null), t("v", 2 / 3)]);
    expect(data.bars.map((b) => [b.key, b.direction])).toEqual([
      ["v", "up"],
      ["z", "up"],
      ["x", "down"],
    ]);
    expect(data).toMatchObject({ unchanged: 1, missing: 1, omitted: 0 });
    expect(data.domain).toEqual([-1, 1]);
    expect(data.ticks).toEqual([-1, -0.5, 0, 0.5, 1]);
  });

  it("keeps the largest changes when there are too many, and says how many it left out", () => {
    const data = prepareDeltaChart([t("a", 0.1), t("b", -0.9), t("c", 0.2), t("d", 0.8), t("e", -0.05)], 3);
    expect(data.bars.map((b) => b.key)).toEqual(["d", "c", "b"]);
    expect(data.omitted).toBe(2);
  });

  it("ties are ordered by key; nothing changed gives no bars and a small domain", () => {
    expect(prepareDeltaChart([t("b", 0.5), t("a", 0.5)]).bars.map((b) => b.key)).toEqual(["a", "b"]);
    const flat = prepareDeltaChart([t("a", 0), t("b", 0)]);
    expect(flat.bars).toEqual([]);
    expect(flat.unchanged).toBe(2);
    expect(flat.domain).toEqual([-0.05, 0.05]);
  });
});

describe("deltaAxisMax", () => {
  it("a nice symmetric bound above the largest |x|", () => {
    expect(deltaAxisMax(0.056, -0.092, 0.203)).toBe(0.25);
    expect(deltaAxisMax(0.04)).toBe(0.05);
    expect(deltaAxisMax(-0.5)).toBe(1);
    expect(deltaAxisMax(null, undefined)).toBe(0.05);
    expect(deltaAxisMax(1.4)).toBe(2);
    // A task from 0 to 1 (+100 pp) or 1 to 0: the axis stops at ±100 pp, never ±200 pp.
    expect(deltaAxisMax(1, -1, 0.95)).toBe(1);
  });
});
