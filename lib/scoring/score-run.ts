import { scenarioEdits } from "./apply-scenario";
import { TaskCells, type RolloutCells } from "./dimensions";
import { failuresAndGate } from "./report-failures";
import type { AuthorityGate, Report } from "./report-types";
import { runIndex, type RunIndex } from "./run-index";
import { ownValue, type Scenario } from "./scenario";
import { scoreRollouts, type RolloutEdits, type ScoredRollout } from "./score-rollouts";
import type { Interval } from "./stats";
import { summarizeTask, type TaskSummary, type UnscoredPolicy } from "./task-summary";
import type { ScoringRun, ScoringTask } from "./types";

export type { ScoredRollout } from "./score-rollouts";

/**
 * Everything that follows from a run's checks, its pass threshold and the unscored policy: verdicts, cells,
 * task summaries and failures. Task weights, group weights and the headline do not enter it.
 */
export interface RunVerdicts {
  /** In the run's rollout order. */
  rollouts: ScoredRollout[];
  /** What each rollout contributes to each metric under the unscored policy (votes 0: not eligible). */
  rolloutCells: RolloutCells;
  /** Aligned with index.tasks. */
  summaries: TaskSummary[];
  taskCells: TaskCells;
  /** [min(0, rewards), max(1, rewards)]: where reward intervals are clipped. */
  rewardRange: Interval;
  failures: Report["failures"];
  gate: AuthorityGate;
}

export interface ScoredTask {
  /** With the scenario's weight applied. */
  task: ScoringTask;
  /** Index into `index.groups`. */
  group: number;
  summary: TaskSummary;
}

/** A run with a scenario applied and every verdict and per-task figure computed, in one pass over its checks. */
export interface ScoredRun {
  /** The run as recorded (its checks as the scenario leaves them are read through scenarioEdits). */
  run: ScoringRun;
  scenario: Scenario;
  policy: UnscoredPolicy;
  index: RunIndex;
  /** index.metrics: the columns of the cell tables. */
  metrics: string[];
  /** Aligned with index.tasks. */
  tasks: ScoredTask[];
  taskCells: TaskCells;
  rollouts: ScoredRollout[];
  rolloutCells: RolloutCells;
  failures: Report["failures"];
  gate: AuthorityGate;
  /**
   * The verdicts (rollouts, summaries, failures) are the run's recorded ones, shared with every report of
   * the run that changes no verdict: a report copies their arrays before handing them out.
   */
  shared: boolean;
  /** Per group (aligned with index.groups): the scenario's group weight, else 1. */
  groupWeight: number[];
  /** Metric ranges for clipping intervals; reward stretches to rewards outside [0, 1]. */
  ranges: (metric: string) => Interval;
  warnings: string[];
}

function scoreVerdicts(run: ScoringRun, index: RunIndex, edits: RolloutEdits, policy: UnscoredPolicy): RunVerdicts {
  const { rollouts, cells, rewardRange } = scoreRollouts(run, index, edits, policy);
  const byTask: ScoredRollout[][] = index.tasks.map(() => []);
  rollouts.forEach((v, r) => byTask[index.rolloutTask[r]!]!.push(v));
  return {
    rollouts,
    rolloutCells: cells,
    summaries: byTask.map((own) => summarizeTask(own, policy)),
    taskCells: TaskCells.of(cells, index.rolloutTask, index.tasks.length),
    rewardRange,
    ...failuresAndGate(run.rollouts, index, edits),
  };
}

/** Whether a scenario can change a verdict; when it cannot, the run's recorded verdicts serve. */
function changesVerdicts(scenario: Scenario): boolean {
  return (
    (scenario.flips?.length ?? 0) > 0 ||
    (scenario.required?.length ?? 0) > 0 ||
    Object.keys(scenario.componentWeights ?? {}).length > 0 ||
    scenario.passThreshold !== undefined
  );
}

/**
 * The recorded verdicts of a run, per unscored policy, kept per run object (runs are immutable data, see
 * runIndex) and dropped with the run's index: moving a weight or group-weight slider, or switching the
 * headline, then only redoes the aggregation. Reports never hand out these objects themselves (ScoredRun
 * `shared`: report.ts copies the arrays it shows), so one report cannot alter the next.
 */
const recorded = new WeakMap<ScoringRun, { index: RunIndex } & Partial<Record<UnscoredPolicy, RunVerdicts>>>();

function recordedVerdicts(run: ScoringRun, index: RunIndex, policy: UnscoredPolicy): RunVerdicts {
  let entry = recorded.get(run);
  if (!entry || entry.index !== index) recorded.set(run, (entry = { index }));
  const asRecorded: RolloutEdits = { checks: run.rollouts.map((r) => r.checks), checksChanged: [], passThreshold: run.passThreshold };
  return (entry[policy] ??= scoreVerdicts(run, index, asRecorded, policy));
}

export function scoreRun(run: ScoringRun, scenario: Scenario = {}): ScoredRun {
  const index = runIndex(run);
  const edits = scenarioEdits(run, scenario);
  const policy: UnscoredPolicy = scenario.unscored ?? "exclude";
  // Without a verdict change the edits change no check and keep the threshold: the verdicts are the recorded ones.
  const shared = !changesVerdicts(scenario);
  const verdicts = shared ? recordedVerdicts(run, index, policy) : scoreVerdicts(run, index, edits, policy);
  const rewardRange = verdicts.rewardRange;
  const unitRange: Interval = [0, 1];

  return {
    run,
    scenario,
    policy,
    index,
    metrics: index.metrics,
    tasks: edits.tasks.map((task, t) => ({ task, group: index.taskGroup[t]!, summary: verdicts.summaries[t]! })),
    taskCells: verdicts.taskCells,
    rollouts: verdicts.rollouts,
    rolloutCells: verdicts.rolloutCells,
    failures: verdicts.failures,
    gate: verdicts.gate,
    shared,
    groupWeight: index.groups.map((g) => ownValue(scenario.groupWeights, g) ?? 1),
    ranges: (metric) => (metric === "reward" ? rewardRange : unitRange),
    warnings: edits.warnings,
  };
}
