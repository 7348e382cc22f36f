import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../../__fixtures__/arbitrary-run";
import { arbAggregation, arbFlip, arbScenario, arbScoredRun } from "../../__fixtures__/arbitrary-scenario";
import { check, rollout, run, task } from "../../__fixtures__/build";
import { columnsOf } from "../../columns/columns-of";
import { decodeColumns, encodeColumns } from "../../columns/column-bytes";
import type { ScoringRun } from "../../core/types";
import type { Scenario } from "../../scenario/scenario";
import { checkTallies } from "../check-tallies";
import { computeReport } from "../report";
import type { Report } from "../report-types";
import { ColumnScorer } from "./column-scorer";

// The columnar scorer against the object scorer (computeReport), value for value (−0 apart from 0), on
// arbitrary runs and scenarios: scored from scratch, from the bytes, and incrementally after another scenario.

const RUNS = { numRuns: 300 };

const withScenario = (arb: fc.Arbitrary<ScoringRun>) =>
  arb.chain((r) => arbScenario(r).map((scenario) => ({ r, scenario })));

describe("scoreColumns equals computeReport", () => {
  it("on runs whose scores mean something, under any scenario", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        expect(new ColumnScorer(columnsOf(r)).score(scenario)).toStrictEqual(computeReport(r, scenario));
      }),
      RUNS,
    );
  });

  it("on runs of any values (odd strings, any double, repeated keys), as recorded and under a scenario", () => {
    fc.assert(
      fc.property(withScenario(arbRun), ({ r, scenario }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        expect(scorer.score()).toStrictEqual(computeReport(r));
        expect(scorer.score(scenario)).toStrictEqual(computeReport(r, scenario));
      }),
      RUNS,
    );
  });

  it("from the run's bytes", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const columns = decodeColumns(encodeColumns(columnsOf(r)));
        expect(new ColumnScorer(columns).score(scenario)).toStrictEqual(computeReport(r, scenario));
      }),
      { numRuns: 100 },
    );
  });
});

/** A scenario, then a sequence of changes to it: flips added or dropped, weights, scheme or metric changed. */
const arbSequence = arbScoredRun.chain((r) =>
  fc
    .tuple(
      arbScenario(r),
      fc.array(
        fc.oneof(
          arbFlip(r).map((flip) => (s: Scenario): Scenario => ({ ...s, flips: [...(s.flips ?? []), flip] })),
          fc.constant((s: Scenario): Scenario => ({ ...s, flips: (s.flips ?? []).slice(1) })),
          arbAggregation(r).map((a) => (s: Scenario): Scenario => ({ ...s, ...a })),
          fc.constant((s: Scenario): Scenario => {
            const { headline: _h, weights: _w, groupWeights: _g, ...rest } = s;
            return rest;
          }),
          arbScenario(r).map((other) => (): Scenario => other),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map(([first, changes]) => {
      const scenarios = [first];
      for (const change of changes) scenarios.push(change(scenarios.at(-1)!));
      return { r, scenarios };
    }),
);

describe("scoring incrementally", () => {
  it("every report of a sequence of scenarios equals computeReport's, and an earlier report is left as it was", () => {
    fc.assert(
      fc.property(arbSequence, ({ r, scenarios }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        const reports = scenarios.map((s) => {
          const report = scorer.score(s);
          expect(report).toStrictEqual(computeReport(r, s));
          return { report, copy: structuredClone(report), s };
        });
        for (const { report, copy } of reports) expect(report).toStrictEqual(copy);
      }),
      RUNS,
    );
  });

  it("a report's rows read only after later scenarios were scored are its own scenario's", () => {
    fc.assert(
      fc.property(arbSequence, ({ r, scenarios }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        const reports = scenarios.map((s) => ({ report: scorer.score(s), s }));
        for (const { report, s } of reports.reverse()) expect(report).toStrictEqual(computeReport(r, s));
      }),
      { numRuns: 150 },
    );
  });
});

describe("the same scenario again", () => {
  it("scored twice, then after another scenario's task and rows were made alone: every report its own", () => {
    fc.assert(
      fc.property(arbSequence, ({ r, scenarios }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        const reports: { report: Report; s: Scenario }[] = [];
        scenarios.forEach((s, i) => {
          reports.push({ report: scorer.score(s), s }, { report: scorer.score(s), s });
          expect(scorer.checkTallies()).toStrictEqual(checkTallies(r, s));
          const next = scenarios[i + 1];
          if (next !== undefined && r.tasks.length > 0) {
            // A task page's path: one task scored alone and its rows read one by one, then the whole run.
            scorer.prepareTasks(next, [0]);
            for (let k = 0; k < r.rollouts.length; k++) scorer.rolloutRow(k);
            reports.push({ report: scorer.score(next), s: next });
          }
          reports.push({ report: scorer.score(s), s });
        });
        for (const { report, s } of reports) expect(report).toStrictEqual(computeReport(r, s));
      }),
      { numRuns: 150 },
    );
  });
});

describe("rows kept", () => {
  it("a change of weighting scheme gives the rollout list of the report before; dropping the flips, their rows", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        const before = scorer.score(scenario).rollouts;
        const scheme = scenario.headline?.scheme === "task" ? "check" : "task";
        expect(scorer.score({ ...scenario, headline: { ...scenario.headline, scheme } }).rollouts).toBe(before);
        const flipped = scorer.score({ ...scenario, flips: [] });
        expect(flipped.rollouts).toStrictEqual(computeReport(r, { ...scenario, flips: [] }).rollouts);
      }),
      RUNS,
    );
  });
});

describe("rollouts of many checks", () => {
  it("lists the failed checks of a rollout of more than 31 checks, before and after a flip", () => {
    const many = (id: string, failing: number[]) =>
      rollout(
        id,
        "t",
        Array.from({ length: 40 }, (_, j) => check(`c${j}`, !failing.includes(j), { label: `check ${j}` })),
      );
    const r = run([task("t")], [many("a", [2, 33, 39]), many("b", [35])]);
    const scorer = new ColumnScorer(columnsOf(r));
    expect(scorer.score()).toStrictEqual(computeReport(r));
    const flip: Scenario = { flips: [{ task: "t", rollout: "a", check: "c33", passed: true }] };
    expect(scorer.score(flip)).toStrictEqual(computeReport(r, flip));
    expect(scorer.score(flip).rollouts[0]!.failedRequired).toEqual(["check 2", "check 39"]);
  });
});
