import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../../__fixtures__/arbitrary-run";
import { arbAggregation, arbFlip, arbScenario, arbScoredRun } from "../../__fixtures__/arbitrary-scenario";
import { columnsOf } from "../../columns/columns-of";
import type { ScoringRun } from "../../core/types";
import type { Scenario } from "../../scenario/scenario";
import { rolloutSummary, rolloutSummaryOf, summaryKeeper } from "../../view/rollout-summary";
import { computeReport } from "../report";
import { ColumnScorer } from "./column-scorer";

// The run page's report (no rollout rows) and its rollouts read from the scorer's columns, against
// computeReport's report and rows, on arbitrary runs and scenarios, scenario after scenario.

const arbSequence = (arb: fc.Arbitrary<ScoringRun>) =>
  arb.chain((r) =>
    fc
      .array(
        fc.oneof(
          arbScenario(r),
          arbFlip(r).map((flip): Scenario => ({ flips: [flip] })),
          arbAggregation(r).map((a): Scenario => ({ ...a })),
        ),
        { minLength: 1, maxLength: 5 },
      )
      .map((scenarios) => ({ r, scenarios })),
  );

describe("pageReport and rolloutTable", () => {
  it("are computeReport's report without its rows, and what its rows say, scenario after scenario", () => {
    fc.assert(
      fc.property(arbSequence(fc.oneof(arbScoredRun, arbRun)), ({ r, scenarios }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        for (const s of scenarios) {
          const page = scorer.pageReport(s);
          const { rollouts, ...expected } = computeReport(r, s);
          expect(rolloutSummaryOf(page.warnings, scorer.rolloutTable())).toStrictEqual(
            rolloutSummary({ warnings: page.warnings, rollouts }),
          );
          expect(page).toStrictEqual(expected);
          expect(scorer.state.passed.slice()).toStrictEqual(Uint8Array.from(rollouts, (x) => (x.passed ? 1 : 0)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("makes no rollout row, now or when the next scenario is scored", () => {
    fc.assert(
      fc.property(arbSequence(arbScoredRun), ({ r, scenarios }) => {
        const scorer = new ColumnScorer(columnsOf(r));
        for (const s of scenarios) scorer.pageReport(s);
        // Making a rollout's row clears its mark; none was ever made, so every mark set by the first scoring stays.
        expect(scorer.state.rolloutStale.every((x) => x === 1)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("summaryKeeper", () => {
  it("gives the last summary again while the verdicts and warnings are the same, a new one when they change", () => {
    fc.assert(
      fc.property(
        arbScoredRun.chain((r) => fc.tuple(fc.constant(r), arbScenario(r), arbFlip(r))),
        ([r, scenario, flip]) => {
          const scorer = new ColumnScorer(columnsOf(r));
          const keep = summaryKeeper();
          const summaryOf = (s: Scenario) => keep(scorer.pageReport(s).warnings, scorer.rolloutTable());
          const first = summaryOf(scenario);
          const scheme = scenario.headline?.scheme === "task" ? "check" : "task";
          const same = summaryOf({ ...scenario, headline: { ...scenario.headline, scheme } });
          const sameWarnings =
            JSON.stringify(computeReport(r, scenario).warnings) ===
            JSON.stringify(computeReport(r, { ...scenario, headline: { ...scenario.headline, scheme } }).warnings);
          if (sameWarnings) expect(same).toBe(first);
          const flipped = { ...scenario, flips: [...(scenario.flips ?? []), flip] };
          const after = summaryOf(flipped);
          expect(after).toStrictEqual(rolloutSummary(computeReport(r, flipped)));
          const before = computeReport(r, { ...scenario, headline: { ...scenario.headline, scheme } });
          const now = computeReport(r, flipped);
          const moved = now.rollouts.some(
            (x, i) =>
              x.passed !== before.rollouts[i]!.passed ||
              !Object.is(x.reward, before.rollouts[i]!.reward) ||
              x.failedRequired.length > 0 !== before.rollouts[i]!.failedRequired.length > 0,
          );
          if (moved) expect(after).not.toBe(same);
        },
      ),
      { numRuns: 200 },
    );
  });
});
