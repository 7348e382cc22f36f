/**
 * The trial number of each entry of a tau-bench results list: its `trial`, else its position among the
 * entries of the same task (older lists have no `trial`). The rollout `<task_id>#<trial>` and its source
 * `<file>#<task_id>_trial_<trial>` both use it.
 */
export function trialNumbers(entries: readonly { task_id: number | string; trial?: number | undefined }[]): number[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const n = seen.get(String(entry.task_id)) ?? 0;
    seen.set(String(entry.task_id), n + 1);
    return entry.trial ?? n;
  });
}
