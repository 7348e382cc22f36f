import type { ScoringRun } from "../core/types";

/**
 * The tasks every run has, each with the check keys found in any of its rollouts in any run, sorted: what
 * the compare page offers to flip (a flip naming a task and check applies in each run).
 */
export function commonTaskChecks(runs: readonly Pick<ScoringRun, "rollouts">[]): { task: string; checks: string[] }[] {
  const perRun = runs.map((run) => {
    const byTask = new Map<string, Set<string>>();
    for (const r of run.rollouts) {
      let keys = byTask.get(r.task);
      if (!keys) byTask.set(r.task, (keys = new Set()));
      for (const c of r.checks) keys.add(c.key);
    }
    return byTask;
  });
  const [first, ...rest] = perRun;
  if (!first) return [];
  return [...first.keys()]
    .filter((task) => rest.every((byTask) => byTask.has(task)))
    .sort()
    .map((task) => {
      const checks = new Set<string>();
      for (const byTask of perRun) for (const key of byTask.get(task) ?? []) checks.add(key);
      return { task, checks: [...checks].sort() };
    })
    .filter((t) => t.checks.length > 0);
}
