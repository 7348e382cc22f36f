import type { RunColumns } from "../../columns/run-columns";
import type { UnscoredPolicy } from "../../core/task-summary";
import type { Scenario } from "../../scenario/scenario";
import type { Report } from "../report-types";
import { headlineRobustnessOf, scenarioPolicy, type HeadlineRobustness } from "../robustness";
import { scorerOf, type ColumnScorer } from "./column-scorer";

/**
 * headlineRobustness (robustness.ts) from a run's columns: each estimate is one pass over the task figures of
 * the scorer kept for its policy, instead of a list of task objects per scheme. `own` is the report under the
 * scenario (its headline metric and counts). The other policy is scored only when some rollout is unscored.
 */
export function columnHeadlineRobustness(
  columns: RunColumns,
  scenario: Scenario,
  own: Pick<Report, "headline" | "counts">,
): HeadlineRobustness {
  const policy = scenarioPolicy(scenario);
  const scorer = scorerOf(columns, scenario);
  const weights = scorer.prepare(scenario).weights;
  // The other policy's scorer (scorerOf keeps one per policy), prepared when its first estimate is asked.
  let other: ColumnScorer | null = null;
  const scorerUnder = (p: UnscoredPolicy) => {
    if (p === policy) return scorer;
    if (other === null) {
      const under = { ...scenario, unscored: p };
      other = scorerOf(columns, under);
      other.prepare(under);
    }
    return other;
  };
  const metric = own.headline.metric;
  return headlineRobustnessOf(
    {
      metric,
      weighted: weights.some((w) => w !== 1),
      unscoredMatters: own.counts.unscored > 0,
      estimate: (p, scheme) => scorerUnder(p).schemeEstimate(metric, scheme),
    },
    scenario,
  );
}
