import { describe, expect, it } from "vitest";
import { combinedBudget } from "./budget";

describe("combinedBudget", () => {
  it("sums what one budget does in each run, skipping a run without a report", () => {
    const limits = { costUsd: 0.5 };
    expect(
      combinedBudget([
        { limits, failed: 2, over: 3, unknown: 1 },
        undefined,
        { limits, failed: 1, over: 1, unknown: 0 },
      ]),
    ).toEqual({ limits, failed: 3, over: 4, unknown: 1 });
  });

  it("is undefined when no run was scored under a budget", () => {
    expect(combinedBudget([undefined, undefined])).toBeUndefined();
  });
});
