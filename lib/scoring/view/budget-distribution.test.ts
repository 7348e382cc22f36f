import { describe, expect, it } from "vitest";
import { budgetDistribution } from "./budget-distribution";

const scored = (measures?: Record<string, number>) => ({ status: "scored" as const, measures });

describe("budgetDistribution", () => {
  const rollouts = [
    scored({ costUsd: 0.1, toolCalls: 4 }),
    scored({ costUsd: 0.4, toolCalls: 8 }),
    scored({ costUsd: 0.8 }),
    scored(),
    { status: "unscored" as const, measures: { costUsd: 5, toolCalls: 100 } },
  ];

  it("lists only the measures a scored rollout records, in budget order, with who records them", () => {
    const d = budgetDistribution(rollouts, undefined, 4);
    expect(d.map((m) => m.key)).toEqual(["costUsd", "toolCalls"]);
    expect(d[0]).toMatchObject({ scored: 4, recorded: 3, unknown: 1, min: 0.1, max: 0.8, limit: null, over: 0 });
    expect(d[1]).toMatchObject({ scored: 4, recorded: 2, unknown: 2, min: 4, max: 8, step: 1 });
    expect(d[0]?.step).toBeCloseTo(0.001, 12);
  });

  it("bins over [0, max], the largest value in the last bin, split at the limit", () => {
    const [cost] = budgetDistribution(rollouts, { costUsd: 0.4 }, 4);
    // Bins of 0.2: 0.1 in the first, 0.4 in the third (its lower edge), 0.8 in the last; only 0.8 exceeds 0.4.
    expect(cost?.bins.map((b) => [b.within, b.over])).toEqual([
      [1, 0],
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(cost?.bins[3]?.to).toBeCloseTo(0.8, 12);
    expect(cost).toMatchObject({ limit: 0.4, over: 1, unknown: 1 });
  });

  it("puts every value in one bin when all are 0, and is empty for a run without measures", () => {
    const [calls] = budgetDistribution([scored({ toolCalls: 0 }), scored({ toolCalls: 0 })], { toolCalls: 0 }, 3);
    expect(calls?.bins.map((b) => b.within)).toEqual([2, 0, 0]);
    expect(calls).toMatchObject({ over: 0, step: 1 });
    expect(budgetDistribution([scored(), scored({ steps: 3 })], { costUsd: 1 })).toEqual([]);
  });
});
