import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../../__fixtures__/arbitrary-run";
import { arbScenario, arbScoredRun } from "../../__fixtures__/arbitrary-scenario";
import { columnsOf } from "../../columns/columns-of";
import { MEASURE_KEYS } from "../../core/measures";
import type { ScoringRun } from "../../core/types";
import { compareReports } from "../compare";
import { failureGroupsOfColumns } from "../failure-groups";
import { computeReport } from "../report";
import { policyReports, robustness } from "../robustness";
import { rolloutFactsOf } from "../rollout-facts";
import { taskFactsOf, type TaskFacts } from "../task-facts";
import { ColumnScorer, scoreColumns } from "./column-scorer";

// A comparison of reports scored from columns reads their rollouts from the scorer's state, never from rows;
// it must equal the comparison of the object scorer's reports (read from their rows), value for value, and so
// must it once the scorer has scored another scenario (the facts are then read from the rows it made).

const withScenario = (arb: fc.Arbitrary<ScoringRun>) =>
  arb.chain((r) => arbScenario(r).map((scenario) => ({ r, scenario })));

describe("a comparison from columns equals the comparison from rows", () => {
  it("of a run as recorded against the run under a scenario", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const columns = columnsOf(r);
        const a = scoreColumns(columns, {});
        const b = new ColumnScorer(columns).score(scenario);
        const expected = compareReports(computeReport(r, {}), computeReport(r, scenario));
        expect(compareReports(a, b)).toStrictEqual(expected);
        expect(compareReports(a, b, { metric: "reward", headline: { metric: "reward" } })).toStrictEqual(
          compareReports(computeReport(r, {}), computeReport(r, scenario), {
            metric: "reward",
            headline: { metric: "reward" },
          }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("on runs of any values, and after the scorer moved on to another scenario", () => {
    fc.assert(
      fc.property(withScenario(arbRun), ({ r, scenario }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        const a = scorer.score({});
        const early = rolloutFactsOf(a).metricValues("completion");
        const b = scorer.score(scenario);
        expect(compareReports(a, b)).toStrictEqual(compareReports(computeReport(r, {}), computeReport(r, scenario)));
        expect(rolloutFactsOf(a).metricValues("completion")).toStrictEqual(early);
      }),
      { numRuns: 200 },
    );
  });

  it("in each fact, and in the failure groups read from the verdict bits", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const columns = columnsOf(r);
        const report = new ColumnScorer(columns).score(scenario);
        const rows = structuredClone(computeReport(r, scenario));
        const [ours, theirs] = [rolloutFactsOf(report), rolloutFactsOf(rows)];
        for (const metric of ["completion", "reward", "correctness", "nothing"])
          expect(ours.metricValues(metric)).toStrictEqual(theirs.metricValues(metric));
        expect(ours.measureMeans(MEASURE_KEYS)).toStrictEqual(theirs.measureMeans(MEASURE_KEYS));
        expect(ours.passed()).toStrictEqual(theirs.passed());
        expect(failureGroupsOfColumns(columns, ours.passed())).toStrictEqual(
          failureGroupsOfColumns(columns, rows.rollouts),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("in each task fact, before and after the scorer moved on", () => {
    fc.assert(
      fc.property(withScenario(arbRun), ({ r, scenario }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        const report = scorer.score(scenario);
        const rows = computeReport(r, scenario);
        const read = (f: TaskFacts) =>
          Array.from({ length: f.count }, (_, t) => [
            f.key(t),
            f.name(t),
            f.group(t),
            f.weight(t),
            f.passRate(t),
            ...["completion", "reward", "correctness", "nothing"].flatMap((m) => [
              f.value(t, m),
              f.pooled(t, m),
              f.eligible(t, m),
            ]),
          ]);
        const expected = read(taskFactsOf(rows));
        expect(read(taskFactsOf(report))).toStrictEqual(expected);
        scorer.score({});
        expect(read(taskFactsOf(report))).toStrictEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("in the robustness of the comparison", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const columns = columnsOf(r);
        const fromColumns = robustness(policyReports(columns, {}), policyReports(columns, scenario), scenario);
        const fromRows = robustness(policyReports(r, {}, computeReport(r, {})), policyReports(r, scenario), scenario);
        expect(fromColumns).toStrictEqual(fromRows);
      }),
      { numRuns: 100 },
    );
  });
});
