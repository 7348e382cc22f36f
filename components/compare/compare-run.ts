import type { RunMeta } from "@/lib/store/records";
import type { Regrade } from "@/lib/formats/types";

/** What the compare page needs of a stored run besides its scoring data; plain JSON. */
export interface CompareRun {
  id: string;
  name: string;
  agent: string | null;
  model: string | null;
  format: string;
  baseline: boolean;
  taskIds: Record<string, string>;
  rolloutIds: Record<string, string>;
  regrades: Regrade[];
  /** BenchFlow's regrade summary sentence and reason, when the run has regrades. */
  regradeSummary: string | null;
  regradeReason: string | null;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

export function toCompareRun(meta: RunMeta): CompareRun {
  const { id, name, agent, model, format, baseline, taskIds, rolloutIds, regrades, metadata } = meta;
  return {
    id,
    name,
    agent,
    model,
    format,
    baseline,
    taskIds,
    rolloutIds,
    regrades,
    regradeSummary: text(metadata.regradeSummary),
    regradeReason: text(metadata.regradeReason),
  };
}

const own = (map: Record<string, string>, key: string) => (Object.hasOwn(map, key) ? map[key] : undefined);

export function runHref(run: Pick<CompareRun, "id">): string {
  return `/runs/${encodeURIComponent(run.id)}`;
}

/** The run's task page for a task key, or null when the run has no such task. */
export function taskPageHref(run: Pick<CompareRun, "id" | "taskIds">, key: string): string | null {
  const row = own(run.taskIds, key);
  return row ? `/runs/${encodeURIComponent(run.id)}/tasks/${encodeURIComponent(row)}` : null;
}

export function rolloutPageHref(run: Pick<CompareRun, "id" | "rolloutIds">, rolloutId: string): string | null {
  const row = own(run.rolloutIds, rolloutId);
  return row ? `/runs/${encodeURIComponent(run.id)}/rollouts/${encodeURIComponent(row)}` : null;
}

/** "A", "B", "C": the letter each run goes by on the page (A is the baseline of the comparison). */
export const LETTERS = ["A", "B", "C", "D"] as const;
export const letter = (i: number) => LETTERS[i] ?? String(i + 1);
