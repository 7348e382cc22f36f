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
