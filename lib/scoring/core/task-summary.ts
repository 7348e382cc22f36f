import { passAtKMaps } from "./pass-at-k";
import type { RolloutVerdict } from "./rollout";

/** How the suite treats rollouts that were never scored (docs/scoring.md#unscored-rollouts). */
export type UnscoredPolicy = "exclude" | "fail";

/** solid: every counted rollout passes; unreliable: some do; never-passes: none do; unscored: none counted. */
export type Diagnosis = "solid" | "unreliable" | "never-passes" | "unscored";
/** Only for never-passes: near-miss when the mean reward is at least 0.5, else far-off. */
export type Capability = "near-miss" | "far-off";

export interface TaskSummary {
  /** Every rollout of the task. */
  rollouts: number;
  scored: number;
  /** n′: the rollouts the figures below are over (scored, or all under the "fail" policy). */
  counted: number;
  passes: number;
  passRate: number | null;
  meanReward: number | null;
  best: number | null;
  worst: number | null;
  spread: number | null;
  passAtK: Record<string, number>;
  passHatK: Record<string, number>;
  diagnosis: Diagnosis;
  capability: Capability | null;
}

export const NEAR_MISS_REWARD = 0.5;

/**
 * Figures across the rollouts of one task. Under the "fail" policy an unscored rollout counts as a failed
 * rollout with reward 0; under "exclude" it only appears in `rollouts`.
 */
export function summarizeTask(
  verdicts: readonly Pick<RolloutVerdict, "status" | "passed" | "reward">[],
  policy: UnscoredPolicy,
): TaskSummary {
  let scored = 0;
  let counted = 0;
  let passes = 0;
  let rewardSum = 0;
  let rewardCount = 0;
  let best: number | null = null;
  let worst: number | null = null;
  for (const v of verdicts) {
    const isScored = v.status === "scored";
    if (isScored) scored += 1;
    if (!isScored && policy === "exclude") continue;
    counted += 1;
    if (v.passed) passes += 1;
    const reward = isScored ? v.reward : 0;
    if (reward === null) continue;
    rewardSum += reward;
    rewardCount += 1;
    best = best === null ? reward : Math.max(best, reward);
    worst = worst === null ? reward : Math.min(worst, reward);
  }
  const meanReward = rewardCount > 0 ? rewardSum / rewardCount : null;
  const { passAtK, passHatK } = passAtKMaps(counted, passes);
  const diagnosis: Diagnosis =
    counted === 0 ? "unscored" : passes === counted ? "solid" : passes > 0 ? "unreliable" : "never-passes";
  const capability: Capability | null =
    diagnosis !== "never-passes"
      ? null
      : meanReward !== null && meanReward >= NEAR_MISS_REWARD
        ? "near-miss"
        : "far-off";
  return {
    rollouts: verdicts.length,
    scored,
    counted,
    passes,
    passRate: counted > 0 ? passes / counted : null,
    meanReward,
    best,
    worst,
    spread: best !== null && worst !== null ? best - worst : null,
    passAtK,
    passHatK,
    diagnosis,
    capability,
  };
}
