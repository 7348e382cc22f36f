import type { ScenarioEdits } from "../scenario/apply-scenario";
import { RolloutCells } from "../core/dimensions";
import { BudgetTally, type Budget, type BudgetReport } from "../scenario/budget";
import { FailureTally } from "./report-failures";
import type { AuthorityGate, Report } from "./report-types";
import { addGraded, checkScore, isGraded, verdictFromTotals } from "../core/rollout";
import type { GradedTotals, RolloutVerdict, VerdictOptions } from "../core/rollout";
import type { RunIndex } from "../core/run-index";
import type { Interval } from "../core/stats";
import type { UnscoredPolicy } from "../core/task-summary";
import type { ScoringRollout, ScoringRun } from "../core/types";

/** What scoring reads of a scenario's edits. */
export type RolloutEdits = Pick<ScenarioEdits, "checks" | "checksChanged" | "passThreshold">;

/** A rollout's verdict as the report shows it (rolloutVerdict without the per-check detail). */
export type ScoredRollout = Pick<
  RolloutVerdict,
  "id" | "task" | "status" | "passed" | "reward" | "failedRequired" | "checksChanged"
>;

/** The verdicts of every rollout and their cells, from one pass over the checks. */
export interface ScoredRollouts {
  rollouts: ScoredRollout[];
  cells: RolloutCells;
  failures: Report["failures"];
  gate: AuthorityGate;
  /** [min(0, rewards), max(1, rewards)] over the reward column: where reward intervals are clipped. */
  rewardRange: Interval;
  /** What the scenario's execution budget did; null when it sets none. */
  budget: BudgetReport | null;
}

/**
 * Scores every rollout of a run, its checks as a scenario's edits leave them, and counts the failures table
 * and authority gate (FailureTally) in the same pass over the checks.
 * A rollout's cells: completion (passed as 1/0, one vote), reward (when it has one; votes = graded checks,
 * at least 1) and each dimension it grades (mean score; votes = graded checks), written in that order so a
 * dimension named like a core metric wins, as it always has. Under the "fail" policy an unscored rollout is
 * 0, with one vote, for completion, reward and every dimension graded in some rollout of its task; under
 * "exclude" it has no cell.
 */
export function scoreRollouts(
  run: ScoringRun,
  index: RunIndex,
  edits: RolloutEdits,
  policy: UnscoredPolicy,
  budget?: Budget,
): ScoredRollouts {
  const scorer = new RolloutScorer(run, index, edits, policy, budget);
  const rollouts = run.rollouts.map((rollout, r) => scorer.score(rollout, r));
  if (policy === "fail") rollouts.forEach((v, r) => v.status === "scored" || scorer.failUnscored(r));
  return {
    rollouts,
    cells: scorer.cells,
    rewardRange: scorer.cells.extent(index.metrics.indexOf("reward"), 0, 1),
    budget: scorer.budget.result(),
    ...scorer.failures.result(),
  };
}

/**
 * The state of scoreRollouts, with the work per rollout in methods: called once per rollout, they are
 * compiled like any hot function, where one long loop would rely on on-stack replacement and, in V8,
 * keep falling back to the interpreter on the code after the loop.
 */
class RolloutScorer {
  readonly cells: RolloutCells;
  readonly failures: FailureTally;
  readonly budget: BudgetTally;
  private readonly width: number;
  private readonly completion: number;
  private readonly reward: number;
  /** Per rollout, reused: Σ score and count per dimension column. */
  private readonly dimSum: Float64Array;
  private readonly dimCount: Float64Array;
  private readonly totals: GradedTotals = { count: 0, scoreSum: 0, weightedSum: 0, gatePassed: false };
  /** Under "fail": which dimensions each task grades in any of its rollouts (scored or not). */
  private readonly taskGrades: Uint8Array | null;
  private readonly unchanged: VerdictOptions;
  private readonly changed: VerdictOptions;

  constructor(
    run: ScoringRun,
    private readonly index: RunIndex,
    private readonly edits: RolloutEdits,
    policy: UnscoredPolicy,
    budget: Budget | undefined,
  ) {
    this.width = index.metrics.length;
    this.completion = index.metrics.indexOf("completion");
    this.reward = index.metrics.indexOf("reward");
    this.cells = new RolloutCells(run.rollouts.length, this.width);
    this.failures = new FailureTally(index);
    this.budget = new BudgetTally(budget);
    this.dimSum = new Float64Array(this.width);
    this.dimCount = new Float64Array(this.width);
    this.taskGrades = policy === "fail" ? new Uint8Array(index.tasks.length * this.width) : null;
    this.unchanged = { passThreshold: edits.passThreshold, checksChanged: false };
    this.changed = { passThreshold: edits.passThreshold, checksChanged: true };
  }

  score(rollout: ScoringRollout, r: number): ScoredRollout {
    const checks = this.edits.checks[r]!;
    const { dimSum, dimCount, totals, width } = this;
    const start = this.index.checkStart[r]!;
    for (let m = 0; m < width; m++) {
      dimSum[m] = 0; // a loop: fill() is a builtin call, costly on arrays this small
      dimCount[m] = 0;
    }
    totals.count = 0;
    totals.scoreSum = 0;
    totals.weightedSum = 0;
    totals.gatePassed = false;
    const failedRequired: string[] = [];
    for (let j = 0; j < checks.length; j++) {
      const c = checks[j]!;
      if (!isGraded(c)) continue;
      this.failures.graded(c, start + j, rollout, r);
      if (c.required && c.passed === false) failedRequired.push(c.label);
      const score = checkScore(c);
      addGraded(totals, rollout, c, score);
      const column = this.index.checkColumn[start + j]!;
      dimSum[column]! += score;
      dimCount[column]! += 1;
    }
    const checksChanged = this.edits.checksChanged[r] ?? false;
    const options = checksChanged ? this.changed : this.unchanged;
    const verdict = verdictFromTotals(rollout, totals, failedRequired.length, options);
    const { reward } = verdict;
    // The budget decides pass or fail only: reward and dimension cells are the checks' own.
    const passed =
      rollout.status === "scored" && this.budget.active
        ? this.budget.judge(rollout.measures, verdict.passed)
        : verdict.passed;

    if (this.taskGrades) {
      const row = this.index.rolloutTask[r]! * width;
      for (let m = 0; m < width; m++) if (dimCount[m]! > 0) this.taskGrades[row + m] = 1;
    }
    if (rollout.status === "scored") {
      const completion = passed ? 1 : 0;
      this.cells.set(r, this.completion, completion, completion, 1);
      if (reward !== null) {
        const votes = Math.max(1, totals.count);
        this.cells.set(r, this.reward, reward, reward * votes, votes);
      }
      for (let m = 0; m < width; m++) {
        const count = dimCount[m]!;
        if (count > 0) this.cells.set(r, m, dimSum[m]! / count, dimSum[m]!, count);
      }
    }
    return {
      id: rollout.id,
      task: rollout.task,
      status: rollout.status,
      passed,
      reward,
      failedRequired,
      checksChanged,
    };
  }

  /** Under "fail", once every rollout is scored: unscored rollout r counts 0 wherever its task is graded. */
  failUnscored(r: number): void {
    this.cells.set(r, this.completion, 0, 0, 1);
    this.cells.set(r, this.reward, 0, 0, 1);
    const row = this.index.rolloutTask[r]! * this.width;
    for (let m = 0; m < this.width; m++) if (this.taskGrades![row + m] === 1) this.cells.set(r, m, 0, 0, 1);
  }
}
