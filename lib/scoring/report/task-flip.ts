import { metricKind } from "../core/dimensions";
import { addGraded, checkScore, isGraded, verdictFromTotals, type GradedTotals } from "../core/rollout";
import type { ScoringCheck, ScoringRollout } from "../core/types";
import { flipChanges, flippedCheck, verdictDiffers, type ScenarioEdits } from "../scenario/apply-scenario";
import { budgetStanding, type BudgetKey } from "../scenario/budget";
import type { ScoredRun } from "./score-run";

/** A flip of one check in every rollout of a task: the check key (or label) and the verdict it gives. */
export interface TaskFlipEntry {
  check: string;
  passed: boolean;
}

/** A task's figure for one metric in TaskCells layout; votes 0: not eligible. */
export interface TaskCell {
  value: number;
  pooled: number;
  votes: number;
}

/** What re-scoring reads that is the same for every task and flip. */
export interface Rescoring {
  scored: ScoredRun;
  /** The scenario's edits of the whole run (checks as it leaves them, checksChanged, pass threshold). */
  edits: ScenarioEdits;
  /** The scenario's budget limits (budgetLimits). */
  limits: [BudgetKey, number][];
}

/**
 * One task of a scored run, re-scored under single flips. A flip changes only the rollouts where it changes a
 * check's verdict; those are scored again from their checks, the others keep their cells, and the cells are
 * averaged in rollout order as TaskCells.of does, so a task's figure is the one a whole report would give (to
 * float rounding where `dimension` adds a flip's changes to the recorded cells).
 * What a rollout contributes follows RolloutScorer (score-rollouts.ts): completion is passed as 1/0 (after the
 * budget), reward is the reward with one vote per graded check, a dimension (a custom one named like a core
 * metric included) the mean score of its graded checks; under "fail" an unscored rollout counts 0 for
 * completion, reward and every dimension some rollout of its task grades.
 */
export class TaskFlip {
  private readonly recorded: ScoringRollout[];
  private readonly base: (readonly ScoringCheck[])[];
  /** Per check key or label: where it occurs in the task, as pairs (rollout k, check j), each check once. */
  private readonly named = new Map<string, number[]>();
  /** Per rollout of the task: whether the current flip changes one of its checks. */
  private readonly changed: Uint8Array;
  /** The rollouts `changed` marks, to clear them for the next flip. */
  private readonly changedList: number[] = [];
  /** Per rollout, `dimension` only: what the current flip adds to its Σ score and to its graded checks. */
  private readonly addedSum: Float64Array;
  private readonly addedCount: Float64Array;
  private flip: TaskFlipEntry = { check: "", passed: false };
  /** Dimensions of the checks the current flip changes. */
  private readonly dimensions: string[] = [];
  private readonly totals: GradedTotals = { count: 0, scoreSum: 0, weightedSum: 0, gatePassed: false };
  /** The last rollout cell scoreRollout wrote. */
  private readonly cell = { value: 0, sum: 0, votes: 0 };

  constructor(
    /** Positions of the task's rollouts in the run. */
    private readonly rows: readonly number[],
    private readonly context: Rescoring,
    /**
     * A dimension whose figure is read often (the headline's): its rollout cells are the recorded ones plus
     * what the flip adds, with no rollout scored again.
     */
    private readonly dimension: string | null = null,
  ) {
    this.recorded = rows.map((r) => context.scored.run.rollouts[r]!);
    this.base = rows.map((r) => context.edits.checks[r]!);
    this.changed = new Uint8Array(rows.length);
    this.addedSum = new Float64Array(rows.length);
    this.addedCount = new Float64Array(rows.length);
    this.base.forEach((list, k) =>
      list.forEach((c, j) => {
        this.at(c.key).push(k, j);
        if (c.label !== c.key) this.at(c.label).push(k, j);
      }),
    );
  }

  private at(name: string): number[] {
    let list = this.named.get(name);
    if (!list) this.named.set(name, (list = []));
    return list;
  }

  /** The task's checks as the scenario leaves them, per rollout. */
  get checks(): readonly (readonly ScoringCheck[])[] {
    return this.base;
  }

  /** Whether check c is one the current flip changes. */
  private flips(c: ScoringCheck): boolean {
    const { check, passed } = this.flip;
    return (c.key === check || c.label === check) && flipChanges(c, passed);
  }

  /** Makes `flip` the current one; false when it changes no verdict of the task. */
  apply(flip: TaskFlipEntry): boolean {
    this.flip = flip;
    this.dimensions.length = 0;
    for (const k of this.changedList) {
      this.changed[k] = 0;
      this.addedSum[k] = 0;
      this.addedCount[k] = 0;
    }
    this.changedList.length = 0;
    const at = this.named.get(flip.check) ?? [];
    const score = flip.passed ? 1 : 0;
    for (let i = 0; i < at.length; i += 2) {
      const k = at[i]!;
      const c = this.base[k]![at[i + 1]!]!;
      if (!flipChanges(c, flip.passed)) continue;
      if (this.changed[k] === 0) {
        this.changed[k] = 1;
        this.changedList.push(k);
      }
      if (!this.dimensions.includes(c.dimension)) this.dimensions.push(c.dimension);
      if (c.dimension !== this.dimension) continue;
      if (isGraded(c)) this.addedSum[k]! += score - checkScore(c);
      else {
        this.addedSum[k]! += score;
        this.addedCount[k]! += 1;
      }
    }
    return this.changedList.length > 0;
  }

  /** Whether the current flip changes a check of this dimension. */
  touches(dimension: string): boolean {
    return this.dimensions.includes(dimension);
  }

  /** The task's figure for `metric` under the current flip. */
  taskCell(metric: string): TaskCell {
    const { scored } = this.context;
    const m = scored.metrics.indexOf(metric);
    if (m < 0) return { value: 0, pooled: 0, votes: 0 };
    const cells = scored.rolloutCells;
    const dimension = metricKind(metric) === "dimension";
    const failUnscored = scored.policy === "fail" && (!dimension || this.gradesDimension(metric));
    let n = 0;
    let valueSum = 0;
    let sum = 0;
    let votes = 0;
    for (let k = 0; k < this.rows.length; k++) {
      const rollout = this.recorded[k]!;
      let value = 0;
      let cellSum = 0;
      let cellVotes: number;
      if (rollout.status !== "scored") {
        cellVotes = failUnscored ? 1 : 0;
      } else if (this.changed[k] && metric !== this.dimension) {
        this.scoreRollout(k, metric);
        ({ value, sum: cellSum, votes: cellVotes } = this.cell);
      } else {
        const i = this.rows[k]! * cells.width + m;
        value = cells.value[i]!;
        cellSum = cells.sum[i]!;
        cellVotes = cells.votes[i]!;
        if (this.changed[k] && (this.addedSum[k] !== 0 || this.addedCount[k] !== 0)) {
          cellSum += this.addedSum[k]!;
          cellVotes += this.addedCount[k]!;
          value = cellSum / cellVotes;
        }
      }
      if (cellVotes === 0) continue;
      n += 1;
      valueSum += value;
      sum += cellSum;
      votes += cellVotes;
    }
    return n === 0 ? { value: 0, pooled: 0, votes: 0 } : { value: valueSum / n, pooled: sum / votes, votes };
  }

  /** Whether some rollout of the task, scored or not, grades the dimension under the current flip. */
  private gradesDimension(metric: string): boolean {
    if (this.touches(metric)) return true; // a flip grades every check it changes
    return this.base.some((list) => list.some((c) => c.dimension === metric && isGraded(c)));
  }

  /** Scores scored rollout k of the task under the current flip, writing its cell for `metric` to this.cell. */
  private scoreRollout(k: number, metric: string): void {
    const rollout = this.recorded[k]!;
    const own = rollout.checks;
    const list = this.base[k]!;
    const totals = this.totals;
    totals.count = 0;
    totals.scoreSum = 0;
    totals.weightedSum = 0;
    totals.gatePassed = false;
    let failedRequired = 0;
    let dimensionSum = 0;
    let dimensionCount = 0;
    // A dimension's cell reads only its checks' scores; the verdict (and so checksChanged) only completion's and reward's.
    const verdict = metric === "completion" || metric === "reward";
    // As applyScenario decides it: whether some check reads differently from the recorded one.
    let checksChanged = false;
    for (let j = 0; j < list.length; j++) {
      const c = this.flips(list[j]!) ? flippedCheck(list[j]!, this.flip.passed) : list[j]!;
      if (!isGraded(c)) {
        if (verdict && !checksChanged && verdictDiffers(own[j]!, c)) checksChanged = true;
        continue;
      }
      const score = checkScore(c);
      if (verdict) {
        if (!checksChanged && verdictDiffers(own[j]!, c)) checksChanged = true;
        if (c.required && c.passed === false) failedRequired += 1;
        addGraded(totals, rollout, c, score);
      }
      if (c.dimension === metric) {
        dimensionSum += score;
        dimensionCount += 1;
      }
    }
    const cell = this.cell;
    if (dimensionCount > 0) {
      cell.value = dimensionSum / dimensionCount;
      cell.sum = dimensionSum;
      cell.votes = dimensionCount;
      return;
    }
    cell.value = cell.sum = cell.votes = 0;
    if (!verdict) return;
    const { passThreshold } = this.context.edits;
    const { passed, reward } = verdictFromTotals(rollout, totals, failedRequired, { passThreshold, checksChanged });
    if (metric === "completion") {
      const { limits } = this.context;
      const over = limits.length > 0 && budgetStanding(rollout.measures, limits) === "over";
      cell.value = cell.sum = passed && !over ? 1 : 0;
      cell.votes = 1;
    } else if (reward !== null) {
      cell.votes = Math.max(1, totals.count);
      cell.value = reward;
      cell.sum = reward * cell.votes;
    }
  }
}
