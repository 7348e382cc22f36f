import type { ScoringRun } from "../core/types";

/**
 * Each task's first rollout by id (code-unit order, the same on every machine): the one the compare page's
 * per-task side-by-side link opens in each run.
 */
export function firstRolloutByTask(run: Pick<ScoringRun, "rollouts">): Record<string, string> {
  const first: Record<string, string> = {};
  for (const { id, task } of run.rollouts) {
    const now = first[task];
    if (now === undefined || id < now) first[task] = id;
  }
  return first;
}
