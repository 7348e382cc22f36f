import { scenarioEdits } from "../scenario/apply-scenario";
import { withRegradedRewards } from "../scenario/regraded";
import { TaskCells, type RolloutCells } from "../core/dimensions";
import type { AuthorityGate, Report } from "./report-types";
import type { BudgetReport } from "../scenario/budget";
import { runIndex, type RunIndex } from "../core/run-index";
import { ownValue, type Scenario } from "../scenario/scenario";
import { scoreRollouts, type ScoredRollout } from "./score-rollouts";
import type { Interval } from "../core/stats";
import { summarizeTask, type TaskSummary, type UnscoredPolicy } from "../core/task-summary";
import type { ScoringRun, ScoringTask } from "../core/types";

export type { ScoredRollout } from "./score-rollouts";

export interface ScoredTask {
  /** As declared (runTasks); `weight` is the one that counts. */
  task: ScoringTask;
  /** The scenario's weight, else the declared one. */
  weight: number;
  /** Index into `index.groups`. */
  group: number;
  summary: TaskSummary;
}

/** A run with a scenario applied and every verdict and per-task figure computed, in one pass over its checks. */
export interface ScoredRun {
  /**
   * The run as recorded, with its regraded rewards when the scenario asks for them (its checks as the
   * scenario leaves them are read through scenarioEdits).
   */
  run: ScoringRun;
  scenario: Scenario;
  policy: UnscoredPolicy;
  index: RunIndex;
  /** index.metrics: the columns of the cell tables. */
  metrics: string[];
  /** Aligned with index.tasks. */
  tasks: ScoredTask[];
  taskCells: TaskCells;
  /** In the run's rollout order. */
  rollouts: ScoredRollout[];
  /** What each rollout contributes to each metric under the unscored policy (votes 0: not eligible). */
  rolloutCells: RolloutCells;
  failures: Report["failures"];
  gate: AuthorityGate;
  /** Per group (aligned with index.groups): the scenario's group weight, else 1. */
  groupWeight: number[];
  /** Where reward intervals are clipped: [0, 1] stretched to rewards outside it (other metrics: [0, 1]). */
  rewardRange: Interval;
  /** What the scenario's execution budget did; null when it sets none. */
  budget: BudgetReport | null;
  warnings: string[];
}

export function scoreRun(recorded: ScoringRun, scenario: Scenario = {}): ScoredRun {
  const regraded = scenario.regraded === true ? withRegradedRewards(recorded) : null;
  const run = regraded?.run ?? recorded;
  const index = runIndex(run);
  const edits = scenarioEdits(run, scenario);
  if (regraded !== null && regraded.applied === 0)
    edits.warnings.push("Scenario: regraded rewards asked for, but this run has no regrade that changes a reward");
  const policy: UnscoredPolicy = scenario.unscored ?? "exclude";
  const { rollouts, cells, rewardRange, failures, gate, budget } = scoreRollouts(
    run,
    index,
    edits,
    policy,
    scenario.budget,
  );
  const byTask: ScoredRollout[][] = index.tasks.map(() => []);
  rollouts.forEach((v, r) => byTask[index.rolloutTask[r]!]!.push(v));

  return {
    run,
    scenario,
    policy,
    index,
    metrics: index.metrics,
    tasks: index.tasks.map((task, t) => ({
      task,
      weight: edits.weights[t]!,
      group: index.taskGroup[t]!,
      summary: summarizeTask(byTask[t]!, policy),
    })),
    taskCells: TaskCells.of(cells, index.rolloutTask, index.tasks.length),
    rollouts,
    rolloutCells: cells,
    failures,
    gate,
    groupWeight: index.groups.map((g) => ownValue(scenario.groupWeights, g) ?? 1),
    rewardRange,
    budget,
    warnings: edits.warnings,
  };
}
