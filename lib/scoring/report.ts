import { describeScenario } from "./describe-scenario";
import { DEFAULT_SCHEME, groupReports, headline, metricReports } from "./report-metrics";
import type { AuthorityGate, Report, RolloutReport, TaskReport } from "./report-types";
import type { Scenario } from "./scenario";
import { scoreRun, type ScoredRun } from "./score-run";
import type { ScoringRun } from "./types";

function taskReports(scored: ScoredRun): TaskReport[] {
  const { metrics, taskCells: cells } = scored;
  return scored.tasks.map(({ task, summary }, t) => {
    const taskMetrics: TaskReport["metrics"] = {};
    const pooled: TaskReport["pooled"] = {};
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
      weight: task.weight,
      rollouts: summary.rollouts,
      scored: summary.scored,
      passes: summary.passes,
      passRate: summary.passRate,
      meanReward: summary.meanReward,
      best: summary.best,
      worst: summary.worst,
      spread: summary.spread,
      passAtK: scored.shared ? { ...summary.passAtK } : summary.passAtK,
      passHatK: scored.shared ? { ...summary.passHatK } : summary.passHatK,
      diagnosis: summary.diagnosis,
      capability: summary.capability,
      metrics: taskMetrics,
      pooled,
    };
  });
}

function rolloutReports(scored: ScoredRun): RolloutReport[] {
  const { metrics, rolloutCells: cells } = scored;
  return scored.rollouts.map((verdict, r) => {
    const source = scored.run.rollouts[r];
    const rolloutMetrics: RolloutReport["metrics"] = {};
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
      failedRequired: scored.shared ? verdict.failedRequired.slice() : verdict.failedRequired,
      warnings: source?.warnings ?? [],
      checksChanged: verdict.checksChanged,
      metrics: rolloutMetrics,
    };
  });
}

/** Each counted rollout one vote: the cells already hold the unscored policy (0 under "fail", absent under "exclude"). */
function rolloutTotals(scored: ScoredRun, scoredCount: number): Pick<Report, "passRate" | "meanReward"> {
  const { rolloutCells: cells, metrics } = scored;
  const completion = metrics.indexOf("completion");
  const reward = metrics.indexOf("reward");
  let passes = 0;
  let counted = 0;
  let rewardSum = 0;
  let rewardCount = 0;
  for (let r = 0; r < cells.rows; r++) {
    const row = r * cells.width;
    if (cells.votes[row + completion] !== 0) {
      counted += 1;
      passes += cells.value[row + completion]!;
    }
    if (cells.votes[row + reward] !== 0) {
      rewardSum += cells.value[row + reward]!;
      rewardCount += 1;
    }
  }
  return {
    passRate: { value: counted > 0 ? passes / counted : null, passes, scored: scoredCount, counted },
    meanReward: { value: rewardCount > 0 ? rewardSum / rewardCount : null, scored: scoredCount, counted: rewardCount },
  };
}

/**
 * The failures table and authority gate, copied when the verdicts are the run's shared recorded ones
 * (ScoredRun `shared`), so no report hands out an array another report shows. The same goes for each
 * rollout's failedRequired and each task's pass@k maps, copied where they are built.
 */
function ownFailures({ failures, gate, shared }: ScoredRun): { failures: Report["failures"]; gate: AuthorityGate } {
  if (!shared) return { failures, gate };
  return {
    failures: {
      checks: failures.checks.map((c) => ({ ...c, tasks: c.tasks.slice() })),
      tags: failures.tags.map((t) => ({ ...t })),
    },
    gate: { ...gate, list: gate.list.map((v) => ({ ...v })) },
  };
}

/** The score report of a run under a what-if scenario (`{}` or absent: as recorded). Never mutates `run`. */
export function computeReport(run: ScoringRun, scenario: Scenario = {}): Report {
  const scored = scoreRun(run, scenario);
  const { failures, gate } = ownFailures(scored);
  const metrics = metricReports(scored, scenario.headline?.scheme ?? DEFAULT_SCHEME, gate);
  const head = headline(scored, metrics);
  const warnings = [...(run.warnings ?? []), ...scored.warnings];
  if (!Object.hasOwn(metrics, head.metric)) warnings.push(`Headline metric ${head.metric} is not a metric of this run`);
  const scoredCount = scored.rollouts.filter((r) => r.status === "scored").length;
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
