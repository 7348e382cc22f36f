import { describe, expect, it } from "vitest";
import { rewardHistogram } from "./reward-histogram";

describe("rewardHistogram", () => {
  it("counts scored rollouts in 10 bins over [0, 1], 1 in the last bin", () => {
    const bins = rewardHistogram([
      { status: "scored", reward: 0 },
      { status: "scored", reward: 0.3 },
      { status: "scored", reward: 0.75 },
      { status: "scored", reward: 0.8 },
      { status: "scored", reward: 1 },
      { status: "scored", reward: 1.5 },
      { status: "scored", reward: null },
      { status: "unscored", reward: null },
    ]);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([1, 0, 0, 1, 0, 0, 0, 1, 1, 2]);
    expect(bins[0]).toEqual({ from: 0, to: 0.1, count: 1 });
    expect(bins[9]?.to).toBe(1);
  });

  it("is all zeros for no rollouts", () => {
    expect(rewardHistogram([]).every((b) => b.count === 0)).toBe(true);
  });
});
