import type { RolloutReport, TaskReport } from "../report-types";
import type { FixedParts } from "./fixed-parts";
import type { ScoredColumns } from "./scored-columns";
import { capabilityOf, diagnosisOf } from "./verdict-totals";

/** The failed checks of every rollout that failed none: one list, never changed. */
const NONE_FAILED: string[] = [];

/** Every metric as a key (null), in metric order: rows are cloned from it, made with their final keys at once. */
function template(metrics: readonly string[]): Record<string, null> {
  const out: Record<string, null> = {};
  for (const m of metrics) out[m] = null;
  return out;
}

/**
 * The report's task and rollout rows, kept between reports of one run: a row is made again only when a scoring
 * changed its figures (ScoredColumns' stale marks) or, for a task row, its weight, so a flip makes the rows it
 * changes and a change of scheme makes none. Rows are never changed once made, so reports share them, and
 * rollouts that failed the same checks share one list of their labels.
 */
export class ReportRows {
  private readonly rollouts: (RolloutReport | undefined)[];
  private readonly tasks: (TaskReport | undefined)[];
  private readonly weights: Float64Array;
  private readonly template: Record<string, null>;

  constructor(
    private readonly state: ScoredColumns,
    private readonly fixed: FixedParts,
  ) {
    const model = state.model;
    this.rollouts = new Array<RolloutReport | undefined>(model.columns.rolloutTask.length);
    this.tasks = new Array<TaskReport | undefined>(model.tasks.length);
    this.weights = new Float64Array(model.tasks.length);
    this.template = template(model.metrics);
  }

  rolloutRows(): RolloutReport[] {
    const stale = this.state.rolloutStale;
    // No row changed since the last list (a change of metric, scheme or weights): that list again, so reports
    // of the same verdicts hold the same list and a reader compares them in one step.
    if (this.rolloutList !== null && stale.indexOf(1) === -1) return this.rolloutList;
    const out = new Array<RolloutReport>(this.rollouts.length);
    for (let r = 0; r < out.length; r++) {
      let row = this.rollouts[r];
      if (row === undefined || stale[r] === 1) {
        this.rollouts[r] = row = this.rolloutRow(r);
        stale[r] = 0;
      }
      out[r] = row;
    }
    this.rolloutList = out;
    return out;
  }

  /** The list rolloutRows last gave; null once a row in it was made again alone (rolloutRowAt). */
  private rolloutList: RolloutReport[] | null = null;

  taskRows(weights: readonly number[]): TaskReport[] {
    const stale = this.state.taskStale;
    const out = new Array<TaskReport>(this.tasks.length);
    for (let t = 0; t < out.length; t++) {
      let row = this.tasks[t];
      if (row === undefined || stale[t] === 1 || !Object.is(this.weights[t], weights[t])) {
        this.tasks[t] = row = this.taskRow(t, weights[t]!);
        this.weights[t] = weights[t]!;
        stale[t] = 0;
      }
      out[t] = row;
    }
    return out;
  }

  /** Rollout r's row alone (the list's, made when stale and kept), for a page that shows a few rollouts. */
  rolloutRowAt(r: number): RolloutReport {
    const stale = this.state.rolloutStale;
    let row = this.rollouts[r];
    if (row === undefined || stale[r] === 1) {
      this.rollouts[r] = row = this.rolloutRow(r);
      stale[r] = 0;
      this.rolloutList = null;
    }
    return row;
  }

  /** Task t's row alone under its weight (the list's, made when stale and kept). */
  taskRowAt(t: number, weight: number): TaskReport {
    const stale = this.state.taskStale;
    let row = this.tasks[t];
    if (row === undefined || stale[t] === 1 || !Object.is(this.weights[t], weight)) {
      this.tasks[t] = row = this.taskRow(t, weight);
      this.weights[t] = weight;
      stale[t] = 0;
    }
    return row;
  }

  /** Per sequence, then per mask of failed positions: the labels, one list shared by every such rollout. */
  private readonly failed = new Map<number, Map<number, string[]>>();

  private failedRequired(r: number): string[] {
    const { state } = this;
    const mask = state.failedMask[r]!;
    if (state.failedLabels.has(r)) return state.failedRequired(r);
    if (mask === 0) return NONE_FAILED;
    const seq = state.model.columns.rolloutSequence[r]!;
    let bySeq = this.failed.get(seq);
    if (!bySeq) this.failed.set(seq, (bySeq = new Map<number, string[]>()));
    let list = bySeq.get(mask);
    if (!list) bySeq.set(mask, (list = state.failedRequired(r)));
    return list;
  }

  private rolloutRow(r: number): RolloutReport {
    const { state, fixed } = this;
    const { model, cells } = state;
    const W = state.width;
    const metrics: RolloutReport["metrics"] = { ...this.template };
    for (let m = 0; m < W; m++) {
      const i = r * W + m;
      metrics[model.metrics[m]!] = cells.votes[i] !== 0 ? cells.value[i]! : null;
    }
    return {
      id: model.ids[r]!,
      task: model.tasks[model.columns.rolloutTask[r]!]!.key,
      source: fixed.sourceAt(r),
      status: fixed.statusAt(r),
      passed: state.passed[r] === 1,
      reward: state.hasReward[r] === 1 ? state.reward[r]! : null,
      failedRequired: this.failedRequired(r),
      warnings: fixed.warningsAt(r),
      checksChanged: state.changed[r] === 1,
      metrics,
      measures: fixed.measureRowAt(r),
    };
  }

  private taskRow(t: number, weight: number): TaskReport {
    const { state } = this;
    const { model, taskCells: cells } = state;
    const W = state.width;
    const task = model.tasks[t]!;
    const taskMetrics: TaskReport["metrics"] = { ...this.template };
    const pooled: TaskReport["pooled"] = { ...this.template };
    for (let m = 0; m < W; m++) {
      const i = t * W + m;
      const eligible = cells.votes[i] !== 0;
      taskMetrics[model.metrics[m]!] = eligible ? cells.value[i]! : null;
      pooled[model.metrics[m]!] = eligible ? { value: cells.pooled[i]!, votes: cells.votes[i]! } : null;
    }
    const counted = state.counted[t]!;
    const passes = state.passes[t]!;
    const rewards = state.rewardCount[t]!;
    const meanReward = rewards > 0 ? state.meanReward[t]! : null;
    const best = rewards > 0 ? state.best[t]! : null;
    const worst = rewards > 0 ? state.worst[t]! : null;
    const diagnosis = diagnosisOf(counted, passes);
    const maps = state.passAtK[t]!;
    return {
      key: task.key,
      taskId: task.taskId,
      name: task.name,
      group: task.group,
      weight,
      rollouts: model.taskStart[t + 1]! - model.taskStart[t]!,
      scored: state.scored[t]!,
      passes,
      passRate: counted > 0 ? passes / counted : null,
      meanReward,
      best,
      worst,
      spread: best !== null && worst !== null ? best - worst : null,
      passAtK: maps.passAtK,
      passHatK: maps.passHatK,
      diagnosis,
      capability: capabilityOf(diagnosis, meanReward),
      metrics: taskMetrics,
      pooled,
    };
  }
}
