import { applyScenario } from "./apply-scenario";
import { metricNames, rolloutCells, taskCells, type RolloutCell, type TaskCell } from "./dimensions";
import { rolloutVerdict, type RolloutVerdict } from "./rollout";
import type { Scenario } from "./scenario";
import { NO_GROUP, type SchemeTask } from "./schemes";
import type { Interval } from "./stats";
import { summarizeTask, type TaskSummary, type UnscoredPolicy } from "./task-summary";
import type { ScoringRun, ScoringTask } from "./types";

export interface ScoredRollout {
  verdict: RolloutVerdict;
  /** What the rollout contributes to each metric under the unscored policy (absent: not eligible). */
  cells: Map<string, RolloutCell>;
}

export interface ScoredTask {
  /** With the scenario's weight applied. */
  task: ScoringTask;
  group: string;
  rollouts: ScoredRollout[];
  cells: Map<string, TaskCell>;
  summary: TaskSummary;
}

/** A run with a scenario applied and every verdict and per-task figure computed, in one pass over its checks. */
export interface ScoredRun {
  run: ScoringRun;
  scenario: Scenario;
  policy: UnscoredPolicy;
  metrics: string[];
  tasks: ScoredTask[];
  /** In the run's rollout order. */
  rollouts: ScoredRollout[];
  groupWeights: Map<string, number>;
  /** Metric ranges for clipping intervals; reward stretches to rewards outside [0, 1]. */
  ranges: (metric: string) => Interval;
  warnings: string[];
}

export function scoreRun(input: ScoringRun, scenario: Scenario = {}): ScoredRun {
  const applied = applyScenario(input, scenario);
  const run = applied.run;
  const policy: UnscoredPolicy = scenario.unscored ?? "exclude";
  const verdicts = run.rollouts.map((r, i) =>
    rolloutVerdict(r, { passThreshold: run.passThreshold, checksChanged: applied.checksChanged[i] ?? false }),
  );
  // Under "fail" an unscored rollout scores 0 on every dimension its task grades elsewhere.
  const dimsByTask = new Map<string, Set<string>>();
  if (policy === "fail") {
    for (const v of verdicts) {
      let dims = dimsByTask.get(v.task);
      if (!dims) dimsByTask.set(v.task, (dims = new Set()));
      for (const d of v.dimensions.keys()) dims.add(d);
    }
  }
  const noDims = new Set<string>();
  const rollouts = verdicts.map((verdict) => ({
    verdict,
    cells: rolloutCells(verdict, policy, dimsByTask.get(verdict.task) ?? noDims),
  }));
  const rolloutsByTask = new Map<string, ScoredRollout[]>();
  for (const r of rollouts) {
    const list = rolloutsByTask.get(r.verdict.task);
    if (list) list.push(r);
    else rolloutsByTask.set(r.verdict.task, [r]);
  }
  const tasks = run.tasks.map((task): ScoredTask => {
    const own = rolloutsByTask.get(task.key) ?? [];
    return {
      task,
      group: task.group ?? NO_GROUP,
      rollouts: own,
      cells: taskCells(own.map((r) => r.cells)),
      summary: summarizeTask(own.map((r) => r.verdict), policy),
    };
  });

  let minReward = 0;
  let maxReward = 1;
  for (const r of rollouts) {
    const reward = r.cells.get("reward")?.value;
    if (reward === undefined) continue;
    minReward = Math.min(minReward, reward);
    maxReward = Math.max(maxReward, reward);
  }
  const rewardRange: Interval = [minReward, maxReward];
  const unitRange: Interval = [0, 1];

  return {
    run,
    scenario,
    policy,
    metrics: metricNames(run),
    tasks,
    rollouts,
    groupWeights: new Map(Object.entries(scenario.groupWeights ?? {})),
    ranges: (metric) => (metric === "reward" ? rewardRange : unitRange),
    warnings: applied.warnings,
  };
}

/** The scheme view of every task for one metric. */
export function schemeTasks(scored: Pick<ScoredRun, "tasks">, metric: string): SchemeTask[] {
  return scored.tasks.map((t) => ({ key: t.task.key, group: t.group, weight: t.task.weight, cell: t.cells.get(metric) }));
}
