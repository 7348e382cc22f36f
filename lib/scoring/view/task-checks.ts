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

/**
 * commonTaskChecks of runs given as columns. A task's keys are those of the check sequences its rollouts have
 * (most tasks of a run share a few): each task is read as its sequences, and the sorted keys of each
 * combination of sequences across the runs are made once.
 */
export function commonTaskChecksOf(runs: readonly RunColumns[]): { task: string; checks: string[] }[] {
  const perRun = runs.map((c) => {
    const sequences = new Map<string, number[]>();
    for (let r = 0; r < c.rolloutTask.length; r++) {
      const task = c.strings[c.taskKey[c.rolloutTask[r]!]!]!;
      const seq = c.rolloutSequence[r]!;
      const list = sequences.get(task);
      if (!list) sequences.set(task, [seq]);
      else if (!list.includes(seq)) list.push(seq);
    }
    const keysOf = (seq: number) => {
      const keys: string[] = [];
      for (let p = c.sequenceStart[seq]!; p < c.sequenceStart[seq + 1]!; p++)
        keys.push(c.strings[c.templateKey[c.sequenceTemplate[p]!]!]!);
      return keys;
    };
    return { sequences, keysOf };
  });
  const [first, ...rest] = perRun;
  if (!first) return [];
  const made = new Map<string, string[]>();
  const out: { task: string; checks: string[] }[] = [];
  for (const task of [...first.sequences.keys()].filter((t) => rest.every((run) => run.sequences.has(t))).sort()) {
    const lists = perRun.map((run) => [...run.sequences.get(task)!].sort((x, y) => x - y));
    const signature = lists.map((l) => l.join(",")).join("|");
    let checks = made.get(signature);
    if (!checks) {
      const keys = new Set<string>();
      lists.forEach((l, i) => {
        for (const seq of l) for (const key of perRun[i]!.keysOf(seq)) keys.add(key);
      });
      made.set(signature, (checks = [...keys].sort()));
    }
    if (checks.length > 0) out.push({ task, checks });
  }
  return out;
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
  // Tasks often hand the same list (commonTaskChecksOf makes each distinct list once): read by identity first.
  const byList = new Map<readonly string[], number>();
  const lists: string[][] = [];
  const out: [string, number][] = [];
  for (const { task, checks } of tasks) {
    let id = byList.get(checks);
    if (id === undefined) {
      const key = JSON.stringify(checks);
      id = ids.get(key);
      if (id === undefined) {
        ids.set(key, (id = lists.length));
        lists.push([...checks]);
      }
      byList.set(checks, id);
    }
    out.push([task, id]);
  }
  return { lists, tasks: out };
}

/**
 * TaskCheckSets of tasks sorted by key (commonTaskChecksOf's), packed against a run's task keys: each key's list
 * index by its position in `keys` (-1: no list), so the 20,000 task keys the page already holds are not sent
 * again. Every task given must be among `keys`.
 */
export interface PackedTaskChecks {
  lists: string[][];
  listOf: number[];
}

export function packTaskChecks(sets: TaskCheckSets, keys: readonly string[]): PackedTaskChecks {
  const list = new Map(sets.tasks);
  return { lists: sets.lists, listOf: keys.map((key) => list.get(key) ?? -1) };
}

/** The TaskCheckSets packed (tasks sorted by key, each once). */
export function unpackTaskChecks(p: PackedTaskChecks, keys: readonly string[]): TaskCheckSets {
  const list = new Map<string, number>();
  keys.forEach((key, i) => {
    if (p.listOf[i]! >= 0) list.set(key, p.listOf[i]!);
  });
  return { lists: p.lists, tasks: [...list].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)) };
}
