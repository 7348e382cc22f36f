import type { TaskReport } from "../report/report-types";

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

/** Packs the tasks (in order) with each one's declared weight (`declared[i]` for `tasks[i]`). */
export function packWeightTasks(tasks: readonly WeightTask[], declared: readonly number[]): PackedWeightTasks {
  const named = tasks.some((t) => t.name !== null);
  const other: [number, number][] = [];
  tasks.forEach((t, i) => {
    if (!Object.is(declared[i], t.weight)) other.push([i, declared[i]!]);
  });
  return {
    keys: tasks.map((t) => t.key),
    names: named ? tasks.map((t) => t.name) : null,
    weights: tasks.map((t) => t.weight),
    declared: other,
  };
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
