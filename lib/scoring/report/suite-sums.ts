import type { TaskCells } from "../core/dimensions";
import { hasVote, schemeWeight, schemeX, type Scheme } from "../core/schemes";

/**
 * One metric's suite value under one scheme, Σw·x / Σw over the tasks (schemes.ts), kept as sums so the value
 * with one task's figure replaced costs O(groups) instead of a pass over every task. Adds in task order, as
 * metricReport does, so `base` is the report's value.
 */
export class SuiteSums {
  private sw = 0;
  private swx = 0;
  /** group scheme: per group, its eligible tasks and Σ their values. */
  private readonly groupTasks: Float64Array;
  private readonly groupSum: Float64Array;
  readonly eligibleTasks: number;
  readonly base: number | null;

  /**
   * `m`: the metric's column in `cells`; `weights` per task (the effective custom weight); `taskGroup` per
   * task and `groupWeight` per group as in ScoredRun.
   */
  constructor(
    private readonly cells: TaskCells,
    private readonly m: number,
    private readonly scheme: Scheme,
    private readonly weights: readonly number[],
    private readonly taskGroup: Int32Array,
    private readonly groupWeight: readonly number[],
  ) {
    this.groupTasks = new Float64Array(groupWeight.length);
    this.groupSum = new Float64Array(groupWeight.length);
    let eligible = 0;
    for (let t = 0; t < weights.length; t++) {
      const i = this.at(t);
      const votes = cells.votes[i]!;
      if (votes === 0) continue;
      eligible += 1;
      this.groupTasks[taskGroup[t]!]! += 1;
      this.groupSum[taskGroup[t]!]! += cells.value[i]!;
      const w = this.weight(t, votes);
      if (!hasVote(w)) continue;
      this.sw += w;
      this.swx += w * schemeX(scheme, cells.value[i]!, cells.pooled[i]!);
    }
    this.eligibleTasks = eligible;
    this.base = this.scheme === "group" ? this.groupValueWith(-1, 0, 0) : this.sw > 0 ? this.swx / this.sw : null;
  }

  private at(t: number): number {
    return t * this.cells.width + this.m;
  }

  /** Whether task t has a figure for the metric. */
  eligible(t: number): boolean {
    return this.cells.votes[this.at(t)] !== 0;
  }

  /** Task t's weight under every scheme but group (which groupValueWith weighs per group). */
  private weight(t: number, votes: number): number {
    return schemeWeight(this.scheme, { votes, weight: this.weights[t]!, groupWeight: 1, groupSize: 1 });
  }

  /** The suite value with task t's figure replaced (votes 0: t not eligible). */
  valueWith(t: number, value: number, pooled: number, votes: number): number | null {
    if (this.scheme === "group") return this.groupValueWith(t, value, votes);
    let { sw, swx } = this;
    const i = this.at(t);
    const oldVotes = this.cells.votes[i]!;
    const wOld = oldVotes === 0 ? 0 : this.weight(t, oldVotes);
    if (hasVote(wOld)) {
      sw -= wOld;
      swx -= wOld * schemeX(this.scheme, this.cells.value[i]!, this.cells.pooled[i]!);
    }
    const wNew = votes === 0 ? 0 : this.weight(t, votes);
    if (hasVote(wNew)) {
      sw += wNew;
      swx += wNew * schemeX(this.scheme, value, pooled);
    }
    return sw > 0 ? swx / sw : null;
  }

  /** Each group's task-equal mean weighted by its group weight; t = -1: the tasks as they are. */
  private groupValueWith(t: number, value: number, votes: number): number | null {
    const changed = t >= 0 ? this.taskGroup[t]! : -1;
    let sw = 0;
    let swx = 0;
    for (let g = 0; g < this.groupTasks.length; g++) {
      let n = this.groupTasks[g]!;
      let sum = this.groupSum[g]!;
      if (g === changed) {
        const i = this.at(t);
        if (this.cells.votes[i] !== 0) {
          n -= 1;
          sum -= this.cells.value[i]!;
        }
        if (votes !== 0) {
          n += 1;
          sum += value;
        }
      }
      const w = this.groupWeight[g]! / n;
      if (n === 0 || !hasVote(w)) continue;
      sw += this.groupWeight[g]!;
      swx += w * sum;
    }
    return sw > 0 ? swx / sw : null;
  }
}
