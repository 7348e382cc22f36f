import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../../__fixtures__/arbitrary-run";
import { arbScenario, arbScoredRun } from "../../__fixtures__/arbitrary-scenario";
import { scoringArticle } from "../../__fixtures__/scoring-article";
import { columnsOf } from "../../columns/columns-of";
import type { ScoringRun } from "../../core/types";
import { checkTallies } from "../check-tallies";
import { levers } from "../levers";
import { columnLevers } from "./column-levers";
import { ColumnScorer } from "./column-scorer";

// The fragile verdicts and check tallies of the columnar scorer against levers() and checkTallies() (the
// object scorer's), on arbitrary runs and scenarios and after another scenario was scored.

const withScenario = (arb: fc.Arbitrary<ScoringRun>) =>
  arb.chain((r) => fc.tuple(arbScenario(r), arbScenario(r)).map(([before, scenario]) => ({ r, before, scenario })));

describe("columnLevers equals levers, checkTallies equals checkTallies", () => {
  it("on the scoring-article run", () => {
    const scorer = new ColumnScorer(columnsOf(scoringArticle));
    scorer.prepare({});
    expect(columnLevers(scorer, 10)).toStrictEqual(levers(scoringArticle));
  });

  it.each([
    ["runs whose scores mean something", arbScoredRun],
    ["runs of any values", arbRun],
  ])("on %s, under any scenario", (_, arb) => {
    fc.assert(
      fc.property(withScenario(arb), ({ r, before, scenario }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        scorer.prepare(before);
        scorer.prepare(scenario);
        expect(columnLevers(scorer, Infinity)).toStrictEqual(levers(r, scenario, Infinity));
        expect(scorer.checkTallies()).toStrictEqual(checkTallies(r, scenario));
      }),
      { numRuns: 300 },
    );
  });
});
