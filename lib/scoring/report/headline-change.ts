import type { ScoringRun } from "../core/types";
import { sameValue } from "../core/same-value";
import { describeScenario } from "../scenario/describe-scenario";
import type { Scenario } from "../scenario/scenario";
import { DEFAULT_SCHEME, headlineMetric, scoredTaskCount } from "./report-metrics";
import type { Report } from "./report-types";

/*
 * A change of headline metric alone moves nothing but the headline: every metric is computed whichever one
 * heads the report. The run page's worker answers it from the report on screen instead of scoring the run
 * again (80 ms at 10,000 rollouts, most of a change of metric).
 */

/** Whether two scenarios differ in nothing but the headline metric (the scheme included, as it defaults). */
export function onlyHeadlineMetricDiffers(a: Scenario, b: Scenario): boolean {
  const { headline: ha, ...restA } = a;
  const { headline: hb, ...restB } = b;
  return (ha?.scheme ?? DEFAULT_SCHEME) === (hb?.scheme ?? DEFAULT_SCHEME) && sameValue(restA, restB);
}

/**
 * computeReport(run, scenario) from `report`, computeReport(run, report.scenario), when the two scenarios differ
 * only in the headline metric and both headline metrics are metrics of the run; null otherwise (computeReport
 * then adds a warning for the missing one).
 */
export function withHeadlineMetric(report: Report, run: ScoringRun, scenario: Scenario): Report | null {
  if (!onlyHeadlineMetricDiffers(report.scenario, scenario)) return null;
  if (!Object.hasOwn(report.metrics, report.headline.metric)) return null;
  const eligible = (name: string) => (Object.hasOwn(report.metrics, name) ? report.metrics[name]!.eligibleTasks : 0);
  const { metric, fallback } = headlineMetric(scenario.headline?.metric, {
    eligibleTasks: eligible,
    scoredTasks: scoredTaskCount(report.tasks),
  });
  if (!Object.hasOwn(report.metrics, metric)) return null;
  const m = report.metrics[metric]!;
  return {
    ...report,
    scenario,
    scenarioDescription: describeScenario(scenario, run),
    headline: {
      metric,
      scheme: report.headline.scheme,
      value: m.value,
      se: m.se,
      ci95: m.ci95,
      eligibleTasks: m.eligibleTasks,
      tasks: m.tasks,
      coverage: m.coverage,
      fallback,
    },
  };
}
