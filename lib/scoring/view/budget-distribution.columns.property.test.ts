import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { columnsOf } from "../columns/columns-of";
import { budgetDistribution, budgetDistributionOfColumns } from "./budget-distribution";

// The compare page reads the budget's distribution from the runs' columns; it must be the one of their rollouts.
describe("budgetDistributionOfColumns equals budgetDistribution of the rollouts", () => {
  it("over one or two runs, with and without limits", () => {
    fc.assert(
      fc.property(
        fc.array(arbRun, { minLength: 1, maxLength: 2 }),
        fc.constantFrom(undefined, { costUsd: 0.5, toolCalls: 3 }, { tokens: 1000, durationMs: 10 }),
        (runs, budget) => {
          expect(budgetDistributionOfColumns(runs.map(columnsOf), budget)).toStrictEqual(
            budgetDistribution(
              runs.flatMap((r) => r.rollouts),
              budget,
            ),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a largest value a tenth of which is 0 (5e-324) falls in the first bin", () => {
    const rollout = (task: string, costUsd: number) =>
      ({
        id: task,
        task,
        status: "scored",
        rule: "checks",
        reportedPassed: true,
        reportedReward: null,
        penalties: 0,
        gate: null,
        checks: [],
        measures: { costUsd },
      }) as const;
    const rollouts = [rollout("t0", 5e-324), rollout("t1", 0)];
    const [cost] = budgetDistribution(rollouts, undefined);
    expect(cost?.bins[0]?.within).toBe(2);
    const run = { name: "", format: "silo", tasks: [], rollouts, passThreshold: 0 };
    expect(budgetDistributionOfColumns([columnsOf(run as never)], undefined)).toStrictEqual(
      budgetDistribution(rollouts, undefined),
    );
  });
});
