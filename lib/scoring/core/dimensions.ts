import type { ScoringRun } from "./types";

/** The metrics every report shows, in display order; custom dimensions follow, sorted by name. */
export const CORE_METRICS = ["correctness", "completion", "authority", "grounding", "reward"] as const;
export type CoreMetric = (typeof CORE_METRICS)[number];

export const DEFAULT_DIMENSION = "correctness";

/** dimension: mean check score; completion: passed as 1/0; reward: the rollout's reward. */
export type MetricKind = "dimension" | "completion" | "reward";

export function metricKind(metric: string): MetricKind {
  return metric === "completion" ? "completion" : metric === "reward" ? "reward" : "dimension";
}

/** Core metrics plus every custom dimension a check of the run names (graded or not). */
export function metricNames(run: Pick<ScoringRun, "rollouts">): string[] {
  const dimensions = new Set<string>();
  for (const r of run.rollouts) for (const c of r.checks) dimensions.add(c.dimension);
  return metricsOf(dimensions);
}

/** Core metrics, then the custom ones among `dimensions` (distinct), sorted by name. */
export function metricsOf(dimensions: Iterable<string>): string[] {
  const core = new Set<string>(CORE_METRICS);
  return [...CORE_METRICS, ...[...dimensions].filter((d) => !core.has(d)).sort()];
}

/**
 * What each rollout contributes to each metric, in flat row-major arrays (index row × width + metric, metric
 * as in metricNames), so scoring 10,000 rollouts fills three arrays instead of allocating a Map and an object
 * per rollout and metric:
 * - value: what task means average (mean check score, passed as 1/0, the reward);
 * - sum over votes: what the "check" scheme pools (graded checks of the dimension; 1 per rollout for
 *   completion; the number of graded checks, at least 1, for reward, so pooled reward equals Σ reward·n / Σ n).
 * votes = 0 marks a rollout that is not eligible for the metric (every eligible cell has at least one vote).
 */
export class RolloutCells {
  readonly value: Float64Array;
  readonly sum: Float64Array;
  readonly votes: Float64Array;

  constructor(
    readonly rows: number,
    readonly width: number,
  ) {
    this.value = new Float64Array(rows * width);
    this.sum = new Float64Array(rows * width);
    this.votes = new Float64Array(rows * width);
  }

  set(row: number, metric: number, value: number, sum: number, votes: number): void {
    const i = row * this.width + metric;
    this.value[i] = value;
    this.sum[i] = sum;
    this.votes[i] = votes;
  }

  /** Eligible cells of one metric, and the Σ of their values in row order. */
  count(metric: number): number {
    let n = 0;
    for (let i = metric; i < this.votes.length; i += this.width) if (this.votes[i] !== 0) n += 1;
    return n;
  }

  sumValues(metric: number): number {
    let sum = 0;
    for (let i = metric; i < this.votes.length; i += this.width) if (this.votes[i] !== 0) sum += this.value[i]!;
    return sum;
  }

  /** [min(lo, values), max(hi, values)] over the eligible cells of one metric. */
  extent(metric: number, lo: number, hi: number): [number, number] {
    for (let i = metric; i < this.value.length; i += this.width) {
      if (this.votes[i] === 0) continue;
      lo = Math.min(lo, this.value[i]!);
      hi = Math.max(hi, this.value[i]!);
    }
    return [lo, hi];
  }
}

/**
 * Each task's figure per metric, laid out as RolloutCells: `value` is the mean over its eligible rollouts,
 * `pooled` = Σ sum / Σ votes (the check scheme); votes = 0: no eligible rollout.
 */
export class TaskCells {
  readonly value: Float64Array;
  readonly pooled: Float64Array;
  readonly votes: Float64Array;

  constructor(
    readonly rows: number,
    readonly width: number,
  ) {
    this.value = new Float64Array(rows * width);
    this.pooled = new Float64Array(rows * width);
    this.votes = new Float64Array(rows * width);
  }

  /**
   * Averages the rollouts' cells into their tasks (rollout r belongs to task rolloutTask[r]), adding in
   * rollout order so every sum is the same float as a per-task loop would give.
   */
  static of(cells: RolloutCells, rolloutTask: Int32Array, tasks: number): TaskCells {
    const out = new TaskCells(tasks, cells.width);
    const acc = { n: new Float64Array(tasks * cells.width), sum: new Float64Array(tasks * cells.width) };
    rolloutTask.forEach((t, r) => out.add(cells, r, t, acc));
    out.finish(acc);
    return out;
  }

  // One call per rollout rather than one long loop (see RolloutScorer in score-rollouts.ts).
  private add(cells: RolloutCells, r: number, t: number, acc: { n: Float64Array; sum: Float64Array }): void {
    const from = r * this.width;
    const to = t * this.width;
    for (let m = 0; m < this.width; m++) {
      const votes = cells.votes[from + m]!;
      if (votes === 0) continue;
      this.value[to + m]! += cells.value[from + m]!; // Σ value until finish
      acc.sum[to + m]! += cells.sum[from + m]!;
      this.votes[to + m]! += votes;
      acc.n[to + m]! += 1;
    }
  }

  private finish(acc: { n: Float64Array; sum: Float64Array }): void {
    for (let i = 0; i < this.value.length; i++) {
      if (acc.n[i] === 0) continue;
      this.value[i] = this.value[i]! / acc.n[i]!;
      this.pooled[i] = acc.sum[i]! / this.votes[i]!;
    }
  }
}
