import type { RolloutTable } from "../report/rollout-table";

/** Chart prep for the reward distribution: the page only draws these bins. */

export interface HistogramBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge, except the last bin, which includes 1. */
  to: number;
  count: number;
}

/**
 * Counts of scored rollouts by reward in `bins` equal bins over [0, 1]. A reward of exactly 1 falls in the
 * last bin; rewards outside [0, 1] (some harnesses allow them) are counted in the end bins.
 */
export function rewardHistogram(
  rollouts: readonly { status: "scored" | "unscored"; reward: number | null }[],
  bins = 10,
): HistogramBin[] {
  return rewardHistogramOf(
    { length: rollouts.length, scored: (r) => rollouts[r]!.status === "scored", reward: (r) => rollouts[r]!.reward },
    bins,
  );
}

/** rewardHistogram of rollouts read as a table. */
export function rewardHistogramOf(
  rollouts: Pick<RolloutTable, "length" | "scored" | "reward">,
  bins = 10,
): HistogramBin[] {
  const out: HistogramBin[] = [];
  for (let i = 0; i < bins; i++) out.push({ from: i / bins, to: (i + 1) / bins, count: 0 });
  for (let r = 0; r < rollouts.length; r++) {
    const reward = rollouts.reward(r);
    if (!rollouts.scored(r) || reward === null || Number.isNaN(reward)) continue;
    // Round before flooring so 0.3 (0.29999…·10) lands in the 0.3 bin, not the 0.2 one.
    const raw = Math.floor(Math.round(reward * bins * 1e9) / 1e9);
    const bin = out[Math.min(bins - 1, Math.max(0, raw))];
    if (bin) bin.count += 1;
  }
  return out;
}
