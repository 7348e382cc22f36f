import { seeded } from "../core/seeded";
/** Resamples and seed of the leaderboard's bootstrap unless asked otherwise (stated wherever ranks are shown). */
export const RANK_RESAMPLES = 2000;
export const RANK_SEED = 20_261_203;

/** One run's value and weight on each task the leaderboard ranks by (aligned across runs). */
export interface RankedRun {
  x: Float64Array;
  w: Float64Array;
}

export interface RankInterval {
  /** The run's rank by its headline on the tasks as they are (1 = best; ties share the better rank). */
  rank: number;
  /** The 2.5th and 97.5th percentiles of its rank over the resamples. */
  interval: [number, number];
}

/** Ranks of values, 1 for the highest; equal values share the better rank. */
function ranksOf(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((u) => u > v).length);
}

const headline = (run: RankedRun, counts: Uint32Array) => {
  let num = 0;
  let den = 0;
  for (let t = 0; t < counts.length; t++) {
    const c = counts[t]!;
    if (c === 0) continue;
    num += c * run.w[t]! * run.x[t]!;
    den += c * run.w[t]!;
  }
  return den > 0 ? num / den : 0;
};

/**
 * Rank intervals by a task-level bootstrap: draw the tasks with replacement `resamples` times (seeded), compute
 * each run's headline on the draw (Σ w·x / Σ w, a task drawn twice counting twice), rank the runs, and take
 * each run's 2.5th and 97.5th percentile rank. Every run is scored on the same tasks in the same draw.
 */
export function rankIntervals(
  runs: readonly RankedRun[],
  { resamples = RANK_RESAMPLES, seed = RANK_SEED }: { resamples?: number; seed?: number } = {},
): RankInterval[] {
  const tasks = runs[0]?.x.length ?? 0;
  const all = new Uint32Array(tasks).fill(1);
  const point = ranksOf(runs.map((r) => headline(r, all)));
  if (tasks === 0) return point.map((rank) => ({ rank, interval: [rank, rank] }));
  const random = seeded(seed);
  const drawn = runs.map(() => new Uint16Array(resamples));
  const counts = new Uint32Array(tasks);
  for (let b = 0; b < resamples; b++) {
    counts.fill(0);
    for (let i = 0; i < tasks; i++) counts[Math.floor(random() * tasks)]! += 1;
    const ranks = ranksOf(runs.map((r) => headline(r, counts)));
    ranks.forEach((rank, i) => (drawn[i]![b] = rank));
  }
  return runs.map((_, i) => {
    const sorted = [...drawn[i]!].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(resamples - 1, Math.max(0, Math.ceil(q * resamples) - 1))]!;
    return { rank: point[i]!, interval: [at(0.025), at(0.975)] };
  });
}
