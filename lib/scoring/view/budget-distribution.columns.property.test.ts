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
});
