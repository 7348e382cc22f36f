import type { RunMeta } from "@/lib/db/queries/get-run";

/** What the run page needs of a stored run besides its scoring data; plain JSON for the client. */
export interface RunPageMeta
  extends Pick<RunMeta, "id" | "name" | "agent" | "model" | "format" | "createdAt" | "ingestedAt" | "baseline" | "labels" | "taskIds" | "rolloutIds"> {
  /** Format notes kept in the run's metadata: BenchFlow's regrade sentence, Harbor's own mean and why it differs. */
  regradeSummary: string | null;
  regradeReason: string | null;
  harborMean: number | null;
  harborMeanNote: string | null;
}

const text = (v: unknown) => (typeof v === "string" ? v : null);

export function toRunPageMeta(meta: RunMeta): RunPageMeta {
  const { id, name, agent, model, format, createdAt, ingestedAt, baseline, labels, taskIds, rolloutIds, metadata } = meta;
  return {
    id, name, agent, model, format, createdAt, ingestedAt, baseline, labels, taskIds, rolloutIds,
    regradeSummary: text(metadata.regradeSummary),
    regradeReason: text(metadata.regradeReason),
    harborMean: typeof metadata.harborMean === "number" ? metadata.harborMean : null,
    harborMeanNote: text(metadata.harborMeanNote),
  };
}

/** Own-property lookups, so a task keyed "constructor" never reads Object.prototype. */
export function taskHref(meta: Pick<RunPageMeta, "id" | "taskIds">, taskKey: string): string | null {
  const rowId = Object.hasOwn(meta.taskIds, taskKey) ? meta.taskIds[taskKey] : undefined;
  return rowId ? `/runs/${encodeURIComponent(meta.id)}/tasks/${encodeURIComponent(rowId)}` : null;
}

export function rolloutHref(meta: Pick<RunPageMeta, "id" | "rolloutIds">, rolloutId: string): string | null {
  const rowId = Object.hasOwn(meta.rolloutIds, rolloutId) ? meta.rolloutIds[rolloutId] : undefined;
  return rowId ? `/runs/${encodeURIComponent(meta.id)}/rollouts/${encodeURIComponent(rowId)}` : null;
}
