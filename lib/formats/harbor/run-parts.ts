import type { NormalizedRollout, NormalizedTask } from "../types";

/** Rollout ids unique in their run: a repeated id gets `~2`, `~3` and a warning saying so. */
export function uniqueRolloutIds(rollouts: readonly NormalizedRollout[]): NormalizedRollout[] {
  const seen = new Map<string, number>();
  return rollouts.map((rollout) => {
    const n = (seen.get(rollout.id) ?? 0) + 1;
    seen.set(rollout.id, n);
    if (n === 1) return rollout;
    const id = `${rollout.id}~${n}`;
    return {
      ...rollout,
      id,
      warnings: [...rollout.warnings, `rollout id ${rollout.id} appears more than once; stored as ${id}`],
    };
  });
}

/** One task per key, in first-seen order. */
export function uniqueTasks(tasks: readonly NormalizedTask[]): NormalizedTask[] {
  const byKey = new Map<string, NormalizedTask>();
  for (const task of tasks) if (!byKey.has(task.key)) byKey.set(task.key, task);
  return [...byKey.values()];
}

/** The earliest start among the rollouts, else `fallback`. */
export function earliestStart(rollouts: readonly NormalizedRollout[], fallback: string | null): string | null {
  const starts = rollouts
    .map((r) => r.startedAt)
    .filter((s): s is string => s !== null)
    .sort();
  return starts[0] ?? fallback;
}
