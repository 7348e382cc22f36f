import type { ScoringRun, ScoringTask } from "./types";

/**
 * The run's tasks in declared order, plus a default task (weight 1, no group) for every task key a rollout
 * names that the run does not declare, so no rollout is ever dropped.
 */
export function runTasks(run: Pick<ScoringRun, "tasks" | "rollouts">): ScoringTask[] {
  const known = new Set(run.tasks.map((t) => t.key));
  const tasks = [...run.tasks];
  for (const r of run.rollouts) {
    if (known.has(r.task)) continue;
    known.add(r.task);
    tasks.push({ key: r.task, taskId: r.task, name: null, group: null, weight: 1 });
  }
  return tasks;
}

/**
 * Resolves a task reference as users write it: the task key (`incident/checkout`) or, failing that, the
 * bare taskId (`checkout`), which may name tasks in several groups.
 */
export function taskResolver(tasks: readonly ScoringTask[]): (ref: string) => ScoringTask[] {
  const byKey = new Map<string, ScoringTask>();
  const byId = new Map<string, ScoringTask[]>();
  for (const t of tasks) {
    byKey.set(t.key, t);
    const list = byId.get(t.taskId);
    if (list) list.push(t);
    else byId.set(t.taskId, [t]);
  }
  return (ref) => {
    const exact = byKey.get(ref);
    return exact ? [exact] : (byId.get(ref) ?? []);
  };
}
