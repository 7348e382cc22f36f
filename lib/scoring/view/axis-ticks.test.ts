import { describe, expect, it } from "vitest";
import { axisTicks } from "./axis-ticks";

describe("axisTicks", () => {
  it("steps of 1, 2 or 5 × a power of ten, the domain widened to whole steps", () => {
    expect(axisTicks(0, 1)).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(axisTicks(0, 0.93)).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(axisTicks(0, 27)).toEqual({ domain: [0, 30], ticks: [0, 10, 20, 30] });
    expect(axisTicks(0, 87_000)).toEqual({ domain: [0, 100_000], ticks: [0, 20_000, 40_000, 60_000, 80_000, 100_000] });
    expect(axisTicks(-1, 1)).toEqual({ domain: [-1, 1], ticks: [-1, -0.5, 0, 0.5, 1] });
  });

  it("prints round values, not floating-point sums", () => {
    expect(axisTicks(0, 0.3, 3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
    expect(axisTicks(0.0001, 0.0009).ticks).toEqual([0, 0.0002, 0.0004, 0.0006, 0.0008, 0.001]);
  });

  it("a domain of one value gets room around it; a reversed one is turned round", () => {
    expect(axisTicks(0, 0)).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(axisTicks(4, 4).domain).toEqual([2, 6]);
    expect(axisTicks(1, 0)).toEqual(axisTicks(0, 1));
  });
});
