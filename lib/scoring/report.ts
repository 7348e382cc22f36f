import { describeScenario } from "./describe-scenario";
import { failuresAndGate } from "./report-failures";
import { DEFAULT_SCHEME, groupReports, headline, metricReports } from "./report-metrics";
import type { Report, RolloutReport, TaskReport } from "./report-types";
import type { Scenario } from "./scenario";
import { scoreRun, type ScoredRun } from "./score-run";
import type { ScoringRun } from "./types";

function taskReports(scored: ScoredRun): TaskReport[] {
  return scored.tasks.map(({ task, cells, summary }) => {
    const metrics: TaskReport["metrics"] = {};
    const pooled: TaskReport["pooled"] = {};
    for (const m of scored.metrics) {
      const cell = cells.get(m);
      metrics[m] = cell ? cell.value : null;
      pooled[m] = cell ? { value: cell.pooled, votes: cell.votes } : null;
    }
    return {
      key: task.key,
      taskId: task.taskId,
      name: task.name,
      group: task.group,
      weight: task.weight,
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
      metrics,
      pooled,
    };
  });
}

function rolloutReports(scored: ScoredRun): RolloutReport[] {
  return scored.rollouts.map(({ verdict, cells }, i) => {
    const source = scored.run.rollouts[i];
    const metrics: RolloutReport["metrics"] = {};
    for (const m of scored.metrics) metrics[m] = cells.get(m)?.value ?? null;
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
      metrics,
    };
  });
}

/** Each counted rollout one vote: the cells already hold the unscored policy (0 under "fail", absent under "exclude"). */
function rolloutTotals(scored: ScoredRun, scoredCount: number): Pick<Report, "passRate" | "meanReward"> {
  let passes = 0;
  let counted = 0;
  let rewardSum = 0;
  let rewardCount = 0;
  for (const { cells } of scored.rollouts) {
    const completion = cells.get("completion");
    if (completion) {
      counted += 1;
      passes += completion.value;
    }
    const reward = cells.get("reward");
    if (reward) {
      rewardSum += reward.value;
      rewardCount += 1;
    }
  }
  return {
    passRate: { value: counted > 0 ? passes / counted : null, passes, scored: scoredCount, counted },
    meanReward: { value: rewardCount > 0 ? rewardSum / rewardCount : null, scored: scoredCount, counted: rewardCount },
  };
}

/** The score report of a run under a what-if scenario (`{}` or absent: as recorded). Never mutates `run`. */
export function computeReport(run: ScoringRun, scenario: Scenario = {}): Report {
  const scored = scoreRun(run, scenario);
  const { failures, gate } = failuresAndGate(scored.rollouts);
  const metrics = metricReports(scored, scenario.headline?.scheme ?? DEFAULT_SCHEME, gate);
  const head = headline(scored, metrics);
  const warnings = [...(run.warnings ?? []), ...scored.warnings];
  if (!Object.hasOwn(metrics, head.metric)) warnings.push(`Headline metric ${head.metric} is not a metric of this run`);
  const scoredCount = scored.rollouts.filter((r) => r.verdict.status === "scored").length;
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
    groups: groupReports(scored),
    tasks: taskReports(scored),
    rollouts: rolloutReports(scored),
    failures,
    warnings,
  };
  if (run.regrades !== undefined) report.regrades = run.regrades;
  return report;
}
