import type { InputFile } from "@/lib/formats/types";
import { seeded } from "@/lib/scoring/core/seeded";
import type { Store } from "@/lib/store/store";
import { ingestFiles } from "./ingest-files";

/** A generated series: `runs` runs of the same tasks, `trials` rollouts of each task per run. */
export interface SeriesShape {
  name: string;
  runs: number;
  /** How many tasks to make up (task-0001, …), or the tasks themselves. */
  tasks: number | readonly SeriesTask[];
  trials: number;
  seed: number;
}

/** A task of a generated series: its id and its chance to pass in each run (0-based, oldest first). */
export interface SeriesTask {
  id: string;
  passRate: (run: number) => number;
}

/**
 * Made-up tasks, so that every class of the series page has members: most hold a pass probability; one in ten
 * stops passing at some run, one in twenty is fixed at some run, one in ten never passes.
 */
function madeUpTasks(count: number, runs: number, random: () => number): SeriesTask[] {
  return Array.from({ length: count }, (_, t) => {
    const kind = random();
    const at = 1 + Math.floor(random() * Math.max(1, runs - 1));
    const p = random();
    const id = `task-${String(t + 1).padStart(4, "0")}`;
    if (kind < 0.1) return { id, passRate: (run: number) => (run < at ? 0.95 : 0.02) };
    if (kind < 0.15) return { id, passRate: (run: number) => (run < at ? 0.02 : 0.95) };
    if (kind < 0.25) return { id, passRate: () => 0 };
    return { id, passRate: () => p };
  });
}

/**
 * The runs of a series as tau-bench result files (one JSON list per run, `trials` entries per task), in series
 * order. Seeded: the same shape gives the same bytes.
 */
export function seriesRunFiles(shape: SeriesShape): InputFile[] {
  const random = seeded(shape.seed);
  const tasks = typeof shape.tasks === "number" ? madeUpTasks(shape.tasks, shape.runs, random) : shape.tasks;
  const encoder = new TextEncoder();
  return Array.from({ length: shape.runs }, (_, run) => {
    const entries: string[] = [];
    for (const task of tasks) {
      const p = task.passRate(run);
      const id = JSON.stringify(task.id);
      for (let trial = 0; trial < shape.trials; trial++)
        entries.push(`{"task_id":${id},"reward":${random() < p ? 1 : 0},"trial":${trial},"info":{}}`);
    }
    return {
      path: `${shape.name}-run-${String(run + 1).padStart(3, "0")}.json`,
      bytes: encoder.encode(`[${entries.join(",")}]`),
    };
  });
}

/** Stores the series' runs oldest first, named `<name> #<n>` unless `runName` says otherwise; their ids in order. */
export async function ingestSeries(
  store: Store,
  shape: SeriesShape,
  runName: (run: number) => string = (run) => `${shape.name} #${run + 1}`,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, file] of seriesRunFiles(shape).entries()) {
    const result = await ingestFiles(store, [file], { runName: runName(i), series: shape.name, format: "tau-bench" });
    const id = result.runs[0]?.id;
    if (!id) throw new Error(`run ${i + 1} of ${shape.name} was not stored: ${JSON.stringify(result.rejected)}`);
    ids.push(id);
  }
  return ids;
}
