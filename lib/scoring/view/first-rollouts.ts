import type { RunColumns } from "../columns/run-columns";
import type { ScoringRollout } from "../core/types";

/**
 * Each task's first rollout by id (code-unit order, the same on every machine): the one the compare page's
 * per-task side-by-side link opens in each run.
 */
export function firstRolloutByTask(run: {
  readonly rollouts: readonly Pick<ScoringRollout, "id" | "task">[];
}): Record<string, string> {
  const first: Record<string, string> = {};
  for (const { id, task } of run.rollouts) {
    const now = first[task];
    if (now === undefined || id < now) first[task] = id;
  }
  return first;
}

/** firstRolloutByTask of a run's columns. */
export function firstRolloutsOf(c: Pick<RunColumns, "strings" | "taskKey" | "rolloutTask" | "rolloutId">) {
  const ids = c.rolloutId.all();
  const tasks = Array.from(c.taskKey, (k) => c.strings[k]!);
  return firstRolloutByTask({ rollouts: ids.map((id, r) => ({ id, task: tasks[c.rolloutTask[r]!]! })) });
}
