import type { ScoringRun } from "../core/types";

/**
 * The run with BenchFlow's regraded rewards in place of the recorded ones (scenario `regraded: true`): each
 * scored rollout with a regrade that gave a reward is scored with that reward. Which rollouts are scored
 * does not change, as with every scenario. Rollouts without a regrade are shared with the input.
 */
export function withRegradedRewards(run: ScoringRun): { run: ScoringRun; applied: number } {
  const regraded = new Map<string, number>();
  for (const r of run.regrades ?? []) if (r.newReward !== null) regraded.set(r.rollout, r.newReward);
  if (regraded.size === 0) return { run, applied: 0 };
  let applied = 0;
  const rollouts = run.rollouts.map((rollout) => {
    const reward = regraded.get(rollout.id);
    if (reward === undefined || rollout.status !== "scored" || rollout.reportedReward === reward) return rollout;
    applied += 1;
    return { ...rollout, reportedReward: reward };
  });
  return applied === 0 ? { run, applied } : { run: { ...run, rollouts }, applied };
}
