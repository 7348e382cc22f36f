import type { MetricKind } from "../core/dimensions";
import type { MeasureKey } from "../core/measures";
import type { RunPassAtK } from "../core/pass-at-k";
import type { EffortOutlier, MeasureEffort } from "./effort";
import type { BudgetReport } from "../scenario/budget";
import type { Scenario } from "../scenario/scenario";
import type { Scheme } from "../core/schemes";
import type { Interval } from "../core/stats";
import type { Diagnosis, TaskSummary } from "../core/task-summary";

/** A task row as the run page holds it: its pooled figures stay in the worker (the page reads SchemeVotes). */
export type PageTaskReport = Omit<TaskReport, "pooled">;

/** Task keys as the run page holds them (namedTasks, page-report.ts): the first few, and how many in all. */
export interface NamedTasks {
  tasks: string[];
  taskCount: number;
}

/** A failed check as the run page holds it: its first task keys and how many it has. */
export type PageFailedCheck = Omit<FailedCheckReport, "tasks"> & NamedTasks;

/**
 * A report as the run page holds it (pageReportOf, page-report.ts): no rollout rows, task rows without their
 * pooled figures (its worker keeps the rest, lib/scoring/view/rollout-summary.ts), each failed check with its
 * first task keys, each authority gate with its first violations (`violations` counts them all). At 100,000
 * rollouts the whole lists are 2 MB for the page to receive at every flip.
 */
export type PageReport = Omit<Report, "rollouts" | "tasks" | "failures"> & {
  tasks: PageTaskReport[];
  failures: { checks: PageFailedCheck[]; tags: Report["failures"]["tags"] };
};

/**
 * The score report (docs/scoring.md#the-report-json), as `tally score --json` and GET /api/runs/:id/report return it.
 * Contract: plain JSON; fractions unrounded; null wherever a figure is undefined (no eligible task, T < 2).
 */

export interface Report {
  run: { name: string; format: string };
  /** The scenario the report was computed under (`{}`: as recorded) and its plain-language description. */
  scenario: Scenario;
  scenarioDescription: string[];
  counts: { tasks: number; rollouts: number; scored: number; unscored: number };
  headline: ReportHeadline;
  /** Keyed by metric: correctness, completion, authority, grounding, reward, then custom dimensions. */
  metrics: Record<string, MetricReport>;
  /** Each counted rollout one vote (scored ones; all under the "unscored as failure" policy). */
  /**
   * With its standard error and 95% interval clustered by task (rollouts of one task are not independent): the
   * pass rate is the mean of each task's pass rate weighted by its counted rollouts (docs/scoring.md).
   */
  passRate: {
    value: number | null;
    passes: number;
    scored: number;
    counted: number;
    se: number | null;
    ci95: Interval | null;
  };
  meanReward: { value: number | null; scored: number; counted: number };
  /** Tasks counted by diagnosis (every key present, 0 when none). */
  diagnosis: Record<Diagnosis, number>;
  /** Why the unscored rollouts are unscored, counted by reason, most first (unscoredReasonOf). */
  unscoredReasons: { reason: string; count: number }[];
  /** Run-level pass@k and pass^k ({k: value}): the task-equal mean of each counted task's estimate, k = 1 … maxK. */
  passAtK: RunPassAtK["passAtK"];
  passHatK: RunPassAtK["passHatK"];
  /** The tasks those curves average (`tasks` of `of`) and their largest k. */
  passAtKCoverage: RunPassAtK["passAtKCoverage"];
  groups: GroupReport[];
  tasks: TaskReport[];
  rollouts: RolloutReport[];
  failures: { checks: FailedCheckReport[]; tags: { tag: string; count: number }[] };
  /**
   * Cost and effort beside success, over every rollout of the run, scored or not (coverage: `recorded` of
   * `rollouts`); `perPass` divides by the passes among the rollouts that record the measure, `perRollout` by
   * `recorded`. Every measure key is present; one no rollout records has `recorded: 0` and null figures.
   */
  effort: Record<MeasureKey, MeasureEffort>;
  /**
   * Rollouts, scored or not, whose tool calls, tokens or duration exceed 3× their task's median, largest ratio
   * first.
   */
  effortOutliers: EffortOutlier[];
  /** Run warnings, then scenario entries that matched nothing. */
  warnings: string[];
  /** Only when the scenario sets an execution budget: how many scored rollouts it failed, and how many it could not judge. */
  budget?: BudgetReport;
  /**
   * Fragile verdicts: the single check flips that move the headline most, largest |delta| first (levers.ts).
   * Only where asked for (the report API and `tally score --json`): it tries every check of every task.
   */
  levers?: Lever[];
  /** Only when the run has BenchFlow regrades. */
  regrades?: readonly { rollout: string; originalReward: number | null; newReward: number | null; change: string }[];
}

/** What a figure covers: the tasks it is computed over, of the run's tasks ("3 of 85 tasks"). */
export interface Coverage {
  tasks: number;
  of: number;
}

export interface ReportHeadline {
  metric: string;
  scheme: Scheme;
  value: number | null;
  se: number | null;
  ci95: Interval | null;
  eligibleTasks: number;
  tasks: number;
  coverage: Coverage;
  /** Why the default headline is completion: correctness is not graded on every task with a scored rollout. */
  fallback: string | null;
}

export interface MetricReport {
  metric: string;
  kind: MetricKind;
  /** The active headline scheme; `value`, `se` and `ci95` are under it. */
  scheme: Scheme;
  value: number | null;
  /** The "check" scheme value: every graded check (completion: scored rollout) one vote. */
  pooled: number | null;
  schemes: Record<Scheme, number | null>;
  se: number | null;
  ci95: Interval | null;
  /** Coverage: eligible tasks of all tasks ("2 eligible tasks of 3"). */
  eligibleTasks: number;
  tasks: number;
  /** The same, as the figure's coverage: `{tasks: eligibleTasks, of: tasks}`. */
  coverage: Coverage;
  /** Σ votes under the check scheme: graded checks (dimensions), counted rollouts (completion), … */
  votes: number;
  /** completion only. */
  passes?: number;
  counted?: number;
  /** completion only: tasks whose every counted rollout passed. */
  completeTasks?: number;
  /** authority only: the zero-violation release gate over every authority check of the run. */
  gate?: AuthorityGate;
}

export interface AuthorityGate {
  passed: boolean;
  violations: number;
  /** Graded authority checks in the run (0: the gate passes vacuously). */
  checks: number;
  list: { task: string; rollout: string; check: string; label: string }[];
}

export interface GroupReport {
  group: string;
  tasks: number;
  /** Task-equal means inside the group. */
  metrics: Record<string, { value: number | null; eligibleTasks: number }>;
}

/** A task's line of the report: its rollout summary (without the count it was taken over) and its metrics. */
export interface TaskReport extends Omit<TaskSummary, "counted"> {
  key: string;
  taskId: string;
  name: string | null;
  group: string | null;
  /** Effective custom weight (declared, or the scenario's). */
  weight: number;
  /** Task value per metric (mean over eligible rollouts); null when not eligible. */
  metrics: Record<string, number | null>;
  /** Within-task pooled value and votes per metric, what the "check" scheme and comparisons need. */
  pooled: Record<string, { value: number; votes: number } | null>;
}

export interface RolloutReport {
  id: string;
  task: string;
  source: string | null;
  status: "scored" | "unscored";
  passed: boolean;
  reward: number | null;
  failedRequired: string[];
  warnings: readonly string[];
  /** A scenario changed one of its checks, so its reward was recomputed from its checks. */
  checksChanged: boolean;
  /** The values this rollout contributes (0 for unscored under the "fail" policy; null: not eligible). */
  metrics: Record<string, number | null>;
  /** Every measure key: the recorded figure, null when not recorded. */
  measures: Record<MeasureKey, number | null>;
}

/** A required check that failed somewhere; identity is (dimension, key, label) across tasks. */
export interface FailedCheckReport {
  key: string;
  label: string;
  dimension: string;
  failures: number;
  /** Rollouts in which the check was graded. */
  rollouts: number;
  tasks: string[];
}

/**
 * A check verdict that, counted the other way in every rollout of its task (the scenario flip
 * `{task, check, passed}`), moves the headline by `delta` (a fraction: −0.167 is −16.7 pp).
 */
export interface Lever {
  /** Task key. */
  task: string;
  /** Check key. */
  check: string;
  label: string;
  /** The verdict the flip gives the check. */
  passed: boolean;
  delta: number;
}
