import type { RunColumns } from "../columns/run-columns";
import type { ScoringRun } from "../core/types";

/**
 * The tasks every run has, each with the check keys found in any of its rollouts in any run, sorted: what
 * the compare page offers to flip (a flip naming a task and check applies in each run).
 */
export function commonTaskChecks(runs: readonly Pick<ScoringRun, "rollouts">[]): { task: string; checks: string[] }[] {
  return common(
    runs.map((run) => {
      const byTask = new Map<string, Set<string>>();
      for (const r of run.rollouts) {
        let keys = byTask.get(r.task);
        if (!keys) byTask.set(r.task, (keys = new Set()));
        for (const c of r.checks) keys.add(c.key);
      }
      return byTask;
    }),
  );
}

/** commonTaskChecks of runs given as columns: each task's keys read once per sequence of checks it has. */
export function commonTaskChecksOf(runs: readonly RunColumns[]): { task: string; checks: string[] }[] {
  return common(
    runs.map((c) => {
      const s = c.strings;
      const byTask = new Map<string, Set<string>>();
      const seen = new Set<number>();
      for (let r = 0; r < c.rolloutTask.length; r++) {
        const t = c.rolloutTask[r]!;
        const seq = c.rolloutSequence[r]!;
        const task = s[c.taskKey[t]!]!;
        let keys = byTask.get(task);
        if (!keys) byTask.set(task, (keys = new Set()));
        const pair = t * c.sequenceStart.length + seq;
        if (seen.has(pair)) continue;
        seen.add(pair);
        for (let p = c.sequenceStart[seq]!; p < c.sequenceStart[seq + 1]!; p++)
          keys.add(s[c.templateKey[c.sequenceTemplate[p]!]!]!);
      }
      return byTask;
    }),
  );
}

function common(perRun: readonly Map<string, Set<string>>[]): { task: string; checks: string[] }[] {
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

/** Task check lists with each distinct list once: 20,000 tasks of a run mostly share a few lists. */
export interface TaskCheckSets {
  lists: string[][];
  /** Each task with the index of its list in `lists`, in the order given. */
  tasks: [task: string, list: number][];
}

export function taskCheckSets(tasks: readonly { task: string; checks: readonly string[] }[]): TaskCheckSets {
  const ids = new Map<string, number>();
  const lists: string[][] = [];
  const out: [string, number][] = [];
  for (const { task, checks } of tasks) {
    const key = JSON.stringify(checks);
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = lists.length));
      lists.push([...checks]);
    }
    out.push([task, id]);
  }
  return { lists, tasks: out };
}
