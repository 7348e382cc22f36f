import { effort, measureRow } from "./effort";
import { describeScenario } from "../scenario/describe-scenario";
import { DEFAULT_SCHEME, groupReports, headline, metricReports } from "./report-metrics";
import type { Report, RolloutReport, TaskReport } from "./report-types";
import type { Scenario } from "../scenario/scenario";
import { scoreRun, type ScoredRun } from "./score-run";
import type { ScoringRun } from "../core/types";
import { estimate } from "../core/stats";
import { runPassAtK } from "../core/pass-at-k";
import { countUnscoredReasons } from "../core/unscored-reason";
import type { WeightedValue } from "../core/schemes";

/**
 * The version of what a report means. Raise it when a figure stored from a report (a run's summary, its stored
 * first screen) would read differently from the same run scored now: stored ones of another version are
 * rewritten (lib/ingest/refresh-summaries.ts) rather than shown beside new ones.
 * 2: the default headline by coverage (report-metrics.ts, headlineMetric).
 * 3: effort per pass over the passes among the rollouts that record a measure; totals with their coverage.
 */
export const SCORING_VERSION = 3;

/**
 * Every metric as a key (null), in metric order. Row objects are cloned from it and then filled, so each is
 * made with its final set of keys at once instead of growing key by key (10,000 rows × every metric).
 */
function metricTemplate<T>(metrics: readonly string[]): Record<string, T | null> {
  const template: Record<string, T | null> = {};
  for (const m of metrics) template[m] = null;
  return template;
}

function taskReports(scored: ScoredRun): TaskReport[] {
  const { metrics, taskCells: cells } = scored;
  const template = metricTemplate<never>(metrics);
  return scored.tasks.map(({ task, weight, summary }, t) => {
    const taskMetrics: TaskReport["metrics"] = { ...template };
    const pooled: TaskReport["pooled"] = { ...template };
    for (let m = 0; m < metrics.length; m++) {
      const i = t * cells.width + m;
      const eligible = cells.votes[i] !== 0;
      taskMetrics[metrics[m]!] = eligible ? cells.value[i]! : null;
      pooled[metrics[m]!] = eligible ? { value: cells.pooled[i]!, votes: cells.votes[i]! } : null;
    }
    return {
      key: task.key,
      taskId: task.taskId,
      name: task.name,
      group: task.group,
      weight,
      rollouts: summary.rollouts,
      scored: summary.scored,
      passes: summary.passes,
      passRate: summary.passRate,
      meanReward: summary.meanReward,
      best: summary.best,
      worst: summary.worst,
      spread: summary.spread,
      passAtK: summary.passAtK,
      passHatK: summary.passHatK,
      diagnosis: summary.diagnosis,
      capability: summary.capability,
      metrics: taskMetrics,
      pooled,
    };
  });
}

function rolloutReports(scored: ScoredRun): RolloutReport[] {
  const { metrics, rolloutCells: cells } = scored;
  const template = metricTemplate<never>(metrics);
  return scored.rollouts.map((verdict, r) => {
    const source = scored.run.rollouts[r];
    const rolloutMetrics: RolloutReport["metrics"] = { ...template };
    for (let m = 0; m < metrics.length; m++) {
      const i = r * cells.width + m;
      rolloutMetrics[metrics[m]!] = cells.votes[i] !== 0 ? cells.value[i]! : null;
    }
    return {
      id: verdict.id,
      task: verdict.task,
      source: source?.source ?? null,
      status: verdict.status,
      passed: verdict.passed,
      reward: verdict.reward,
      failedRequired: verdict.failedRequired,
      warnings: source?.warnings ?? [],
      checksChanged: verdict.checksChanged,
      metrics: rolloutMetrics,
      measures: measureRow(source?.measures),
    };
  });
}

/** Each counted rollout one vote: the cells already hold the unscored policy (0 under "fail", absent under "exclude"). */
function rolloutTotals(scored: ScoredRun, scoredCount: number): Pick<Report, "passRate" | "meanReward"> {
  // Column sums rather than a loop here: see RolloutScorer (score-rollouts.ts) on long loops in V8.
  const { rolloutCells: cells, metrics } = scored;
  const completion = metrics.indexOf("completion");
  const reward = metrics.indexOf("reward");
  const counted = cells.count(completion);
  const passes = cells.sumValues(completion);
  const rewardCount = cells.count(reward);
  const rewardSum = cells.sumValues(reward);
  // Σ passes / Σ counted is the mean of the tasks' pooled pass rates weighted by their counted rollouts, so the
  // task-clustered ratio-estimator SE applies as it does to the headline.
  const { taskCells } = scored;
  const perTask: WeightedValue[] = [];
  for (let t = 0; t < scored.tasks.length; t++) {
    const i = t * taskCells.width + completion;
    const votes = completion >= 0 ? taskCells.votes[i]! : 0;
    if (votes > 0) perTask.push({ key: scored.tasks[t]!.task.key, x: taskCells.pooled[i]!, w: votes });
  }
  const { se, ci95 } = estimate(perTask, [0, 1]);
  return {
    passRate: { value: counted > 0 ? passes / counted : null, passes, scored: scoredCount, counted, se, ci95 },
    meanReward: { value: rewardCount > 0 ? rewardSum / rewardCount : null, scored: scoredCount, counted: rewardCount },
  };
}

/** The score report of a run under a what-if scenario (`{}` or absent: as recorded). Never mutates `run`. */
export function computeReport(run: ScoringRun, scenario: Scenario = {}): Report {
  const scored = scoreRun(run, scenario);
  const { failures, gate } = scored;
  const metrics = metricReports(scored, scenario.headline?.scheme ?? DEFAULT_SCHEME, gate);
  const head = headline(scored, metrics);
  const warnings = [...(run.warnings ?? []), ...scored.warnings];
  if (!Object.hasOwn(metrics, head.metric)) warnings.push(`Headline metric ${head.metric} is not a metric of this run`);
  const scoredCount = scored.rollouts.filter((r) => r.status === "scored").length;
  const spent = effort(
    scored.rollouts.map((v, r) => ({ id: v.id, task: v.task, passed: v.passed, measures: run.rollouts[r]?.measures })),
  );
  const report: Report = {
    run: { name: run.name, format: run.format },
    scenario,
    scenarioDescription: describeScenario(scenario, run),
    counts: {
      tasks: scored.tasks.length,
      rollouts: scored.rollouts.length,
      scored: scoredCount,
      unscored: scored.rollouts.length - scoredCount,
    },
    headline: head,
    metrics,
    ...rolloutTotals(scored, scoredCount),
    diagnosis: { solid: 0, unreliable: 0, "never-passes": 0, unscored: 0 },
    unscoredReasons: countUnscoredReasons(run.rollouts),
    groups: groupReports(scored),
    tasks: taskReports(scored),
    rollouts: rolloutReports(scored),
    failures,
    ...runPassAtK(scored.tasks.map((t) => t.summary)),
    effort: spent.measures,
    effortOutliers: spent.outliers,
    warnings,
  };
  if (scored.budget !== null) report.budget = scored.budget;
  for (const t of report.tasks) report.diagnosis[t.diagnosis] += 1;
  if (run.regrades !== undefined) report.regrades = run.regrades;
  return report;
}
