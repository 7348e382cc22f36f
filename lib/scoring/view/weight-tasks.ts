import type { TaskReport } from "../report/report-types";
import type { TaskFacts } from "../report/task-facts";

/** A task as the what-if weights list shows it. */
export type WeightTask = Pick<TaskReport, "key" | "name" | "weight">;

/**
 * A run's tasks for the weights list packed as columns: at 20,000 tasks, one object per task and a second list
 * of the declared weights made most of the compare page's data. `names` is null when no task has a name;
 * `declared` holds only the declared weights that differ from `weights`, by position.
 */
export interface PackedWeightTasks {
  keys: string[];
  names: (string | null)[] | null;
  weights: number[];
  declared: [number, number][];
}

/**
 * Packs a report's tasks (in order, read from its task facts: no row per task) with each one's declared weight
 * (`declared[t]` for task row t).
 */
export function packWeightTasks(
  tasks: Pick<TaskFacts, "count" | "key" | "name" | "weight">,
  declared: readonly number[],
): PackedWeightTasks {
  const keys: string[] = [];
  const names: (string | null)[] = [];
  const weights: number[] = [];
  const other: [number, number][] = [];
  for (let t = 0; t < tasks.count; t++) {
    keys.push(tasks.key(t));
    names.push(tasks.name(t));
    weights.push(tasks.weight(t));
    if (!Object.is(declared[t], weights[t])) other.push([t, declared[t]!]);
  }
  return { keys, names: names.some((n) => n !== null) ? names : null, weights, declared: other };
}

/** The tasks and their declared weights by key (a later task of a repeated key wins), as packed. */
export function unpackWeightTasks(p: PackedWeightTasks): { tasks: WeightTask[]; declared: Map<string, number> } {
  const other = new Map(p.declared);
  const declared = new Map<string, number>();
  const tasks = p.keys.map((key, i) => {
    declared.set(key, other.get(i) ?? p.weights[i]!);
    return { key, name: p.names?.[i] ?? null, weight: p.weights[i]! };
  });
  return { tasks, declared };
}
