import type { Comparison } from "@/lib/scoring/report/compare";

export interface RunRef {
  /** Stored run id, or null when the run was read from files. */
  id: string | null;
  name: string;
}

/**
 * The `tally compare --json` / GET /api/compare body (docs/scoring.md#comparing-two-runs), plus per-metric
 * deltas and the verdict.
 */
export function compareBody(comparison: Comparison, a: RunRef, b: RunRef) {
  const { headline } = comparison;
  return {
    a,
    b,
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
    regression: comparison.regression,
    effort: comparison.effort,
  };
}
