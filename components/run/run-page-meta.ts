import type { RunMeta } from "@/lib/store/records";

/** What the run page needs of a stored run besides its scoring data; plain JSON for the client. */
export interface RunPageMeta extends Pick<
  RunMeta,
  | "id"
  | "name"
  | "agent"
  | "model"
  | "format"
  | "createdAt"
  | "ingestedAt"
  | "baseline"
  | "labels"
  | "taskIds"
  | "rolloutIds"
> {
  /** Format notes kept in the run's metadata: BenchFlow's regrade sentence, Harbor's own mean and why it differs. */
  regradeSummary: string | null;
  regradeReason: string | null;
  harborMean: number | null;
  harborMeanNote: string | null;
}

const text = (v: unknown) => (typeof v === "string" ? v : null);

export function toRunPageMeta(meta: RunMeta): RunPageMeta {
  const { id, name, agent, model, format, createdAt, ingestedAt, baseline, labels, taskIds, rolloutIds, metadata } =
    meta;
  return {
    id,
    name,
    agent,
    model,
    format,
    createdAt,
    ingestedAt,
    baseline,
    labels,
    taskIds,
    rolloutIds,
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

/**
 * RunPageMeta as the page sends it to the browser: the row-id maps (a key per task and rollout, 0.4 MB for
 * 10,000 rollouts) become arrays aligned with the run's tasks and rollouts, whose keys the run carries anyway.
 * Entries for keys the run does not have are kept as they are.
 */
export interface RunPageMetaWire extends Omit<RunPageMeta, "taskIds" | "rolloutIds"> {
  taskRows: (string | null)[];
  rolloutRows: (string | null)[];
  otherTaskIds: Record<string, string>;
  otherRolloutIds: Record<string, string>;
}

type Keyed = { tasks: readonly { key: string }[]; rollouts: readonly { id: string }[] };

function align(
  map: Record<string, string>,
  keys: string[],
): { rows: (string | null)[]; others: Record<string, string> } {
  const rows = keys.map((k) => (Object.hasOwn(map, k) ? (map[k] ?? null) : null));
  const known = new Set(keys);
  return { rows, others: Object.fromEntries(Object.entries(map).filter(([k]) => !known.has(k))) };
}

function unalign(rows: (string | null)[], keys: string[], others: Record<string, string>): Record<string, string> {
  const entries: [string, string][] = [];
  rows.forEach((row, i) => {
    const key = keys[i];
    if (row !== null && key !== undefined) entries.push([key, row]);
  });
  return Object.fromEntries([...entries, ...Object.entries(others)]);
}

export function packRunPageMeta(meta: RunPageMeta, run: Keyed): RunPageMetaWire {
  const { taskIds, rolloutIds, ...rest } = meta;
  const tasks = align(
    taskIds,
    run.tasks.map((t) => t.key),
  );
  const rollouts = align(
    rolloutIds,
    run.rollouts.map((r) => r.id),
  );
  return {
    ...rest,
    taskRows: tasks.rows,
    rolloutRows: rollouts.rows,
    otherTaskIds: tasks.others,
    otherRolloutIds: rollouts.others,
  };
}

export function unpackRunPageMeta(wire: RunPageMetaWire, run: Keyed): RunPageMeta {
  const { taskRows, rolloutRows, otherTaskIds, otherRolloutIds, ...rest } = wire;
  return {
    ...rest,
    taskIds: unalign(
      taskRows,
      run.tasks.map((t) => t.key),
      otherTaskIds,
    ),
    rolloutIds: unalign(
      rolloutRows,
      run.rollouts.map((r) => r.id),
      otherRolloutIds,
    ),
  };
}
