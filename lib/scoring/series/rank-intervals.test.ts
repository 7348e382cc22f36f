import { describe, expect, it } from "vitest";
import { seeded } from "../core/seeded";
import { rankIntervals, type RankedRun } from "./rank-intervals";

const run = (...x: number[]): RankedRun => ({ x: Float64Array.from(x), w: new Float64Array(x.length).fill(1) });

describe("rankIntervals", () => {
  it("a run ahead on every task keeps rank 1 in every draw", () => {
    const ranks = rankIntervals([run(0.5, 0.6, 0.7), run(0.9, 0.8, 0.95), run(0.1, 0.2, 0.3)], { resamples: 500 });
    expect(ranks).toEqual([
      { rank: 2, interval: [2, 2] },
      { rank: 1, interval: [1, 1] },
      { rank: 3, interval: [3, 3] },
    ]);
  });

  it("two runs that trade tasks share the range of ranks, the same for the same seed", () => {
    // A wins tasks 1–2 by .5 each and loses task 3 by .8: ahead by .2/3 overall, behind in draws heavy on task 3.
    const runs = [run(1, 1, 0), run(0.5, 0.5, 0.8)];
    const first = rankIntervals(runs, { seed: 7 });
    expect(first.map((r) => r.rank)).toEqual([1, 2]);
    expect(first[0]!.interval).toEqual([1, 2]);
    expect(first[1]!.interval).toEqual([1, 2]);
    expect(rankIntervals(runs, { seed: 7 })).toEqual(first);
  });

  it("the generator is seeded", () => {
    const a = seeded(1);
    const b = seeded(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(seeded(2)()).not.toBe(seeded(1)());
  });
});
