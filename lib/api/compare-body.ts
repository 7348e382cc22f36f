import type { Comparison } from "@/lib/scoring/report/compare";
import type { ScorableRun } from "@/lib/scoring/report/columnar/report-of";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { policyReports, robustness, scenarioPolicy } from "@/lib/scoring/report/robustness";

export interface RunRef {
  /** Stored run id, or null when the run was read from files. */
  id: string | null;
  name: string;
}

/** Two runs as resolved for a comparison (lib/compare/resolve.ts): each with its report under the scenario, B with its comparison with A. */
export interface ComparedPair {
  a: { ref: RunRef; run: ScorableRun; report: Report };
  b: { ref: RunRef; run: ScorableRun; report: Report; comparison: Comparison };
}

/**
 * The `tally compare --json` / GET /api/compare body (docs/scoring.md#comparing-two-runs): each run with its own
 * headline (its report's, as `tally score` gives it under the same scenario), the paired comparison, the
 * verdict, and `robustness`: the headline difference under every scheme and unscored policy. One function for
 * the CLI and the API, so both answer the same for the same runs and scenario.
 */
export function compareBody({ a, b }: ComparedPair, scenario: Scenario = {}) {
  const reportsA = policyReports(a.run, scenario, a.report);
  const reportsB = policyReports(b.run, scenario, b.report);
  const policy = scenarioPolicy(scenario);
  const { comparison } = b;
  const { headline } = comparison;
  return {
    a: { ...a.ref, headline: reportsA[policy].headline },
    b: { ...b.ref, headline: reportsB[policy].headline },
    scenario,
    scenarioDescription: reportsA[policy].scenarioDescription,
    common: comparison.common,
    onlyA: comparison.onlyA,
    onlyB: comparison.onlyB,
    notComparable: { onlyA: comparison.onlyAKeys, onlyB: comparison.onlyBKeys },
    headline: {
      metric: headline.metric,
      scheme: headline.scheme,
      a: headline.a,
      b: headline.b,
      delta: headline.delta,
      se: headline.se,
      ci95: headline.ci95,
      tasks: headline.tasks,
    },
    metrics: comparison.metrics,
    flips: comparison.flips,
    taskMetric: comparison.taskMetric,
    tasks: comparison.tasks,
    taskTests: comparison.taskTests,
    power: comparison.power,
    regression: comparison.regression,
    gate: comparison.gate,
    effort: comparison.effort,
    passAtK: comparison.passAtK,
    robustness: robustness(reportsA, reportsB, scenario),
  };
}

export type CompareBody = ReturnType<typeof compareBody>;
