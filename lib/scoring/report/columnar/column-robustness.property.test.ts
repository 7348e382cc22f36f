import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../../__fixtures__/arbitrary-run";
import { arbScenario, arbScoredRun } from "../../__fixtures__/arbitrary-scenario";
import { columnsOf } from "../../columns/columns-of";
import type { ScoringRun } from "../../core/types";
import { computeReport } from "../report";
import { headlineRobustness, policyReports } from "../robustness";
import { columnHeadlineRobustness } from "./column-robustness";
import { scoreColumns } from "./column-scorer";

// The run page's robustness table from the columns against the one from the reports' task lists, value for
// value, on arbitrary runs and scenarios, and on one scorer scenario after scenario.

const withScenarios = (arb: fc.Arbitrary<ScoringRun>) =>
  arb.chain((r) => fc.tuple(arbScenario(r), arbScenario(r)).map(([first, second]) => ({ r, first, second })));

describe("columnHeadlineRobustness equals headlineRobustness", () => {
  it("on runs whose scores mean something and on runs of any values, scenario after scenario", () => {
    for (const arb of [arbScoredRun, arbRun])
      fc.assert(
        fc.property(withScenarios(arb), ({ r, first, second }) => {
          const columns = columnsOf(r);
          for (const scenario of [first, second, {}]) {
            const own = scoreColumns(columns, scenario);
            const expected = headlineRobustness(policyReports(r, scenario, computeReport(r, scenario)), scenario);
            expect(columnHeadlineRobustness(columns, scenario, own)).toStrictEqual(expected);
          }
        }),
        { numRuns: 200 },
      );
  });
});
