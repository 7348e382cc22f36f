import { metricsOf } from "./dimensions";
import { runTasks, taskResolver } from "./run-tasks";
import { NO_GROUP } from "./schemes";
import type { ScoringRun, ScoringTask } from "./types";

/**
 * What scoring needs to know about a run that no scenario can change: its tasks, which task and group each
 * rollout belongs to, its metrics and which metric each check's dimension is. A scenario replaces checks
 * one for one and never adds, drops or moves a rollout, a check or a task, nor changes a dimension, so the
 * index of a run also fits every run applyScenario derives from it.
 */
export interface RunIndex {
  /** runTasks(run): declared tasks, then a default one per undeclared task key. */
  tasks: ScoringTask[];
  resolve: (ref: string) => ScoringTask[];
  /** Task key → index into `tasks`. */
  taskRow: ReadonlyMap<string, number>;
  /** Per task (aligned with `tasks`): index into `groups`. */
  taskGroup: Int32Array;
  /** Group names (NO_GROUP for tasks without one), in order of first appearance. */
  groups: string[];
  /** Per rollout: index into `tasks`. */
  rolloutTask: Int32Array;
  /** metricNames(run): core metrics, then custom dimensions sorted. */
  metrics: string[];
  /** Checks of rollout r are checkColumn[checkStart[r] .. checkStart[r + 1]): each one's metric index. */
  checkStart: Int32Array;
  checkColumn: Int32Array;
  /** Check keys and labels as ids (`names` maps a key or label to its id), so scenarios match numbers. */
  names: ReadonlyMap<string, number>;
  checkKey: Int32Array;
  checkLabel: Int32Array;
  /** Per check: index into `identities`, the distinct (dimension, key, label) triples in order of appearance. */
  checkIdentity: Int32Array;
  identities: CheckIdentity[];
  /** Per check: index into `tags`, the distinct failure tags in order of appearance; -1 when it has none. */
  checkTag: Int32Array;
  tags: string[];
}

/** What makes two checks the same check across rollouts and tasks (the failures table's rows). */
export interface CheckIdentity {
  dimension: string;
  key: string;
  label: string;
}

/**
 * A memo of this pure function, per run object. A ScoringRun is read-only by type (lib/scoring/core/types.ts),
 * so an object's index never goes stale: moving a what-if slider re-scores the same run without re-indexing
 * 100,000 checks. Held weakly, so it goes with the run.
 */
const cache = new WeakMap<Pick<ScoringRun, "tasks" | "rollouts">, RunIndex>();

export function runIndex(run: Pick<ScoringRun, "tasks" | "rollouts">): RunIndex {
  let index = cache.get(run);
  if (!index) cache.set(run, (index = buildIndex(run)));
  return index;
}

function buildIndex(run: Pick<ScoringRun, "tasks" | "rollouts">): RunIndex {
  const tasks = runTasks(run);
  // A key declared twice names its first row: the row of every rollout with that key.
  const taskRow = new Map<string, number>();
  const groupRows = new Interner();
  const taskGroup = new Int32Array(tasks.length);
  tasks.forEach((t, i) => {
    if (!taskRow.has(t.key)) taskRow.set(t.key, i);
    taskGroup[i] = groupRows.id(t.group ?? NO_GROUP);
  });

  const { rollouts } = run;
  const rolloutTask = new Int32Array(rollouts.length);
  const checkStart = new Int32Array(rollouts.length + 1);
  let checks = 0;
  for (let r = 0; r < rollouts.length; r++) {
    rolloutTask[r] = taskRow.get(rollouts[r]!.task)!; // runTasks has a task for every rollout's key
    checkStart[r] = checks;
    checks += rollouts[r]!.checks.length;
  }
  checkStart[rollouts.length] = checks;

  // One pass over every check: its dimension, key, label and tag as dense ids.
  const dimensions = new PositionCache(new Interner());
  const names = new Interner(); // keys and labels share ids: a scenario names a check by either
  const keys = new PositionCache(names);
  const labels = new PositionCache(names);
  const tagIds = new PositionCache(new Interner());
  const checkDimension = new Int32Array(checks);
  const checkKey = new Int32Array(checks);
  const checkLabel = new Int32Array(checks);
  const checkTag = new Int32Array(checks);
  let i = 0;
  for (const r of rollouts) {
    for (let j = 0; j < r.checks.length; j++, i++) {
      const c = r.checks[j]!;
      checkDimension[i] = dimensions.at(j, c.dimension);
      checkKey[i] = keys.at(j, c.key);
      checkLabel[i] = labels.at(j, c.label);
      checkTag[i] = c.failureTag === null ? -1 : tagIds.at(j, c.failureTag);
    }
  }

  const metrics = metricsOf(dimensions.interner.list); // metricNames(run), without another pass over the checks
  const columnOf = dimensions.interner.list.map((d) => metrics.indexOf(d));
  const checkColumn = new Int32Array(checks);
  for (let k = 0; k < checks; k++) checkColumn[k] = columnOf[checkDimension[k]!]!;

  // (dimension, key, label) triples, numbered in order of appearance. A triple's number is exact while
  // dimensions × names² < 2^53, i.e. for far more distinct keys and labels than a browser could hold.
  const identityIds = new Map<number, number>();
  const identities: CheckIdentity[] = [];
  const checkIdentity = new Int32Array(checks);
  const n = names.list.length;
  const tripleAt: number[] = []; // the triple and its id last met at each check position
  const identityAt: number[] = [];
  for (let r = 0, k = 0; r < rollouts.length; r++) {
    for (let j = 0; j < rollouts[r]!.checks.length; j++, k++) {
      const triple = (checkDimension[k]! * n + checkKey[k]!) * n + checkLabel[k]!;
      if (tripleAt[j] === triple) {
        checkIdentity[k] = identityAt[j]!;
        continue;
      }
      let id = identityIds.get(triple);
      if (id === undefined) {
        identityIds.set(triple, (id = identities.length));
        identities.push({
          dimension: dimensions.interner.list[checkDimension[k]!]!,
          key: names.list[checkKey[k]!]!,
          label: names.list[checkLabel[k]!]!,
        });
      }
      tripleAt[j] = triple;
      checkIdentity[k] = identityAt[j] = id;
    }
  }

  return {
    tasks,
    resolve: taskResolver(tasks),
    taskRow,
    taskGroup,
    groups: groupRows.list,
    rolloutTask,
    metrics,
    checkStart,
    checkColumn,
    names: names.ids,
    checkKey,
    checkLabel,
    checkIdentity,
    identities,
    checkTag,
    tags: tagIds.interner.list,
  };
}

/** Dense ids for strings, in order of first appearance. */
class Interner {
  readonly ids = new Map<string, number>();
  readonly list: string[] = [];

  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      this.ids.set(s, (id = this.list.length));
      this.list.push(s);
    }
    return id;
  }
}

/**
 * An Interner that first compares with the string last met at the same check position: rollouts mostly
 * list the same checks in the same order, and comparing two strings costs less than hashing one.
 */
class PositionCache {
  private readonly strings: string[] = [];
  private readonly ids: number[] = [];

  constructor(readonly interner: Interner) {}

  at(position: number, s: string): number {
    if (this.strings[position] === s) return this.ids[position]!;
    const id = this.interner.id(s);
    this.strings[position] = s;
    this.ids[position] = id;
    return id;
  }
}
