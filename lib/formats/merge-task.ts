import type { NormalizedTask } from "./types";

/**
 * Adds a rollout's task to a run's task list: the first declaration wins, a later name fills a missing one, and
 * rollouts that disagree on the weight get one warning naming both weights.
 */
export function mergeTask(tasks: Map<string, NormalizedTask>, task: NormalizedTask, warnings: string[]): void {
  const known = tasks.get(task.key);
  if (!known) {
    tasks.set(task.key, { ...task });
    return;
  }
  known.name ??= task.name;
  if (known.weight !== task.weight) {
    const message = `task ${task.key}: rollouts declare different weights (${known.weight}, ${task.weight}); using ${known.weight}`;
    if (!warnings.includes(message)) warnings.push(message);
  }
}

/**
 * The rollouts and tasks of one run, in first-seen order: a repeated rollout id becomes `id~2` with a warning
 * (never a silent overwrite), and each task key appears once (mergeTask).
 */
export function uniqueRolloutsAndTasks<R extends { id: string; warnings: string[] }>(
  items: readonly { rollout: R; task: NormalizedTask }[],
  warnings: string[],
): { rollouts: R[]; tasks: Map<string, NormalizedTask> } {
  const tasks = new Map<string, NormalizedTask>();
  const seen = new Map<string, number>();
  const rollouts = items.map(({ rollout, task }) => {
    mergeTask(tasks, task, warnings);
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
  return { rollouts, tasks };
}
