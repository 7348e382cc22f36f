import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbScenario, arbScoredRun } from "../../__fixtures__/arbitrary-scenario";
import { columnsOf } from "../../columns/columns-of";
import { compareRuns } from "../compare";
import { compareRobustness, headlineRobustness, policyReports } from "../robustness";

// Comparisons and robustness of runs given as columns against the same of runs given as objects.

const arbPair = arbScoredRun.chain((a) =>
  fc.tuple(arbScoredRun, arbScenario(a)).map(([b, scenario]) => ({ a, b, scenario })),
);

describe("compare and robustness from columns", () => {
  it("compareRuns, compareRobustness and headlineRobustness read the same from columns as from objects", () => {
    fc.assert(
      fc.property(arbPair, ({ a, b, scenario }) => {
        const ca = columnsOf(a);
        const cb = columnsOf(b);
        expect(compareRuns(ca, cb, { scenario, metric: "reward" })).toStrictEqual(
          compareRuns(a, b, { scenario, metric: "reward" }),
        );
        expect(compareRobustness(ca, cb, scenario)).toStrictEqual(compareRobustness(a, b, scenario));
        expect(headlineRobustness(policyReports(ca, scenario), scenario)).toStrictEqual(
          headlineRobustness(policyReports(a, scenario), scenario),
        );
      }),
      { numRuns: 200 },
    );
  });
});
