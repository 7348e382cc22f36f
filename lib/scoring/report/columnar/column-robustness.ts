import type { RunColumns } from "../../columns/run-columns";
import type { Scenario } from "../../scenario/scenario";
import type { Report } from "../report-types";
import { headlineRobustnessOf, scenarioPolicy, type HeadlineRobustness } from "../robustness";
import { scorerOf } from "./column-scorer";

/**
 * headlineRobustness (robustness.ts) from a run's columns: each estimate is one pass over the task figures of
 * the scorer kept for its policy, instead of a list of task objects per scheme. `own` is the report under the
 * scenario (its headline metric and counts). The other policy is scored only when some rollout is unscored.
 */
export function columnHeadlineRobustness(columns: RunColumns, scenario: Scenario, own: Report): HeadlineRobustness {
  const policy = scenarioPolicy(scenario);
  const scorers = new Map([[policy, scorerOf(columns, scenario)]]);
  const scorerUnder = (p: typeof policy) => {
    let scorer = scorers.get(p);
    if (!scorer) scorers.set(p, (scorer = scorerOf(columns, { ...scenario, unscored: p })));
    return scorer;
  };
  // Each scorer holds the scenario it last scored: prepared once here, before its first estimate.
  const prepared = new Set<typeof policy>();
  const metric = own.headline.metric;
  return headlineRobustnessOf(
    {
      metric,
      weighted: scorerUnder(policy)
        .prepare(scenario)
        .weights.some((w) => w !== 1),
      unscoredMatters: own.counts.unscored > 0,
      estimate: (p, scheme) => {
        const scorer = scorerUnder(p);
        if (p !== policy && !prepared.has(p)) {
          scorer.prepare({ ...scenario, unscored: p });
          prepared.add(p);
        }
        return scorer.schemeEstimate(metric, scheme);
      },
    },
    scenario,
  );
}
