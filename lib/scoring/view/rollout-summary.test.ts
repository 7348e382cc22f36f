import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { arbScenario } from "../__fixtures__/arbitrary-scenario";
import { computeReport } from "../report/report";
import { effortScatter, scatterMeasures } from "./effort-scatter";
import { failureOrigin } from "./failure-origin";
import { rewardHistogram } from "./reward-histogram";
import { rolloutStrips } from "./rollout-strips";
import {
  applySummaryDelta,
  rolloutSummary,
  stripLookup,
  summaryDelta,
  summaryKeeper,
  tableWarnings,
} from "./rollout-summary";
import { rowTable } from "../report/rollout-table";
import { WARNING_LIMIT } from "./run-warnings";

describe("rolloutSummary", () => {
  it("holds what the page drew from the rollout rows, under any scenario", () => {
    fc.assert(
      fc.property(
        arbRun.chain((r) => arbScenario(r).map((scenario) => ({ r, scenario }))),
        ({ r, scenario }) => {
          const report = computeReport(r, scenario);
          const summary = structuredClone(rolloutSummary(report));
          const strips = rolloutStrips(report.rollouts);
          const lookup = stripLookup(summary.strips);
          for (const task of new Set([...Object.keys(strips), ...report.tasks.map((t) => t.key)]))
            expect(lookup(task)).toStrictEqual(Object.hasOwn(strips, task) ? strips[task] : []);
          expect(lookup("no such task")).toEqual([]);
          const warnings = tableWarnings(report.warnings, rowTable(report.rollouts));
          expect(summary.warnings).toStrictEqual(warnings.slice(0, WARNING_LIMIT));
          expect(summary.warningsTotal).toBe(warnings.length);
          expect(summary.bins).toStrictEqual(rewardHistogram(report.rollouts));
          expect(summary.origin).toStrictEqual(failureOrigin(report));
          expect(summary.scatters).toStrictEqual(
            scatterMeasures(report.rollouts).flatMap((m) => effortScatter(report.rollouts, m) ?? []),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("kept across scenarios of one run (its layout made once), equals the summary made afresh under each", () => {
    fc.assert(
      fc.property(
        arbRun.chain((r) =>
          fc.array(arbScenario(r), { minLength: 2, maxLength: 4 }).map((scenarios) => ({ r, scenarios })),
        ),
        ({ r, scenarios }) => {
          const keep = summaryKeeper();
          for (const scenario of [{}, ...scenarios]) {
            const report = computeReport(r, scenario);
            expect(keep(report.warnings, rowTable(report.rollouts))).toStrictEqual(rolloutSummary(report));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("goes as a delta without the run's own strip parts after a summary of the same layout", () => {
    fc.assert(
      fc.property(
        arbRun.chain((r) => arbScenario(r).map((scenario) => ({ r, scenario }))),
        ({ r, scenario }) => {
          const keep = summaryKeeper();
          const table = (s: typeof scenario) => {
            const report = computeReport(r, s);
            return [report.warnings, rowTable(report.rollouts)] as const;
          };
          const first = keep(...table({}));
          const next = keep(...table(scenario));
          const delta = structuredClone(summaryDelta(first, next));
          expect("ids" in delta.strips).toBe(false);
          for (const scatter of delta.scatters) expect("points" in scatter || "unscored" in scatter).toBe(false);
          expect(applySummaryDelta(first, delta)).toStrictEqual(next);
          // Sent again unchanged, each scatter keeps the points it had: the page draws none again.
          const again = applySummaryDelta(next, structuredClone(summaryDelta(next, next)));
          for (const [i, scatter] of again.scatters.entries()) expect(scatter.points).toBe(next.scatters[i]!.points);
          // Against a summary of another layout (none sent before), it goes whole.
          expect(summaryDelta(null, next)).toBe(next);
          expect(summaryDelta(rolloutSummary(computeReport(r, scenario)), next)).toBe(next);
        },
      ),
      { numRuns: 100 },
    );
    const strips = { reward: new Float64Array(0), flags: new Uint8Array(0) };
    const delta = { ...rolloutSummary({ warnings: [], rollouts: [] }), strips };
    expect(() => applySummaryDelta(null, delta)).toThrow(/none was sent before/);
    const scatter = {
      measure: "tokens",
      y: "pass",
      per: "task",
      unrecorded: 0,
      ys: new Float64Array(0),
      passed: new Uint8Array(0),
    } as const;
    const withStrips = { ...rolloutSummary({ warnings: [], rollouts: [] }), scatters: [scatter] };
    expect(() => applySummaryDelta(null, withStrips)).toThrow(/none was sent before/);
  });

  it("keeps a null reward apart from a reward of 0, and unscored points as such", () => {
    const base = { source: null, failedRequired: [], warnings: [], checksChanged: false, metrics: {}, measures: {} };
    const rows = [
      { ...base, id: "a", task: "t", status: "scored" as const, passed: false, reward: 0 },
      { ...base, id: "b", task: "t", status: "unscored" as const, passed: false, reward: null },
      { ...base, id: "c", task: "u", status: "scored" as const, passed: true, reward: 1 },
    ];
    const lookup = stripLookup(rolloutSummary({ warnings: [], rollouts: rows as never }).strips);
    expect(lookup("t")).toEqual([
      { id: "a", reward: 0, passed: false, status: "scored" },
      { id: "b", reward: null, passed: false, status: "unscored" },
    ]);
    expect(lookup("u")).toEqual([{ id: "c", reward: 1, passed: true, status: "scored" }]);
  });
});
