import { rolloutRowId, taskRowId } from "@/lib/db/ids";
import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile, NormalizedTask } from "@/lib/formats/types";
import {
  checkRow,
  rawFileRow,
  rolloutRow,
  taskRow,
  type CheckRow,
  type RawFileRow,
  type RolloutRow,
  type RunFileRow,
  type TaskRow,
} from "./rows";
import { isMovedSource } from "./moved-sources";
import type { RolloutToStore, StoreOutcome } from "./store";

/** What a stored rollout with the same row id was read from. */
export interface ExistingRollout {
  sourceSha256: string;
  sourcePath: string;
}

/**
 * Every row a batch writes, by table. Raw files, run files and tasks may already be stored (an earlier batch,
 * another run): the stores skip those on conflict. Rollouts and checks are always new.
 */
export interface BatchRows {
  rawFiles: RawFileRow[];
  runFiles: RunFileRow[];
  tasks: TaskRow[];
  rollouts: RolloutRow[];
  checks: CheckRow[];
}

export interface BatchPlan {
  outcomes: StoreOutcome[];
  rows: BatchRows;
}

/** The row ids a batch's rollouts get (to look up which are stored already). */
export function batchRowIds(runId: string, items: readonly RolloutToStore[]): string[] {
  return items.map((i) => rolloutRowId(runId, i.rollout.id));
}

/**
 * Decides each rollout's outcome (stored, duplicate of the same bytes, conflict) and builds the rows of the
 * stored ones. Pure: the store looks up `existing` (by row id) and `moved` (the source paths of the run's
 * rollouts read from bytes the batch has, by sha256: see moved-sources.ts), and writes the rows in one
 * transaction.
 */
export function planBatch(
  runId: string,
  items: readonly RolloutToStore[],
  ids: readonly string[],
  existing: ReadonlyMap<string, ExistingRollout>,
  files: ReadonlyMap<string, InputFile>,
  moved: ReadonlyMap<string, readonly string[]> = new Map(),
): BatchPlan {
  const seen = new Set<string>();
  const outcomes: StoreOutcome[] = items.map(({ rollout }, n) => {
    const id = ids[n]!;
    const found = existing.get(id);
    if (found) {
      return found.sourceSha256 === rollout.source.sha256
        ? "duplicate"
        : { conflict: `rollout ${rollout.id} is already in this run from other content (${found.sourcePath})` };
    }
    if (moved.get(rollout.source.sha256)?.some((p) => isMovedSource(p, rollout.source.path))) return "duplicate";
    if (seen.has(id)) return { conflict: `rollout ${rollout.id} appears twice in this batch` };
    seen.add(id);
    return "stored";
  });
  const rows: BatchRows = { rawFiles: [], runFiles: [], tasks: [], rollouts: [], checks: [] };
  // Row ids are sha256-derived: compute each once, not once per check.
  const taskRefs = new Map<string, string>();
  const taskRefOf = (key: string) => {
    let id = taskRefs.get(key);
    if (id === undefined) taskRefs.set(key, (id = taskRowId(runId, key)));
    return id;
  };
  const raw = new Map<string, { sha256: string; bytes: Uint8Array }>();
  const tasks = new Map<string, NormalizedTask>();
  const now = new Date();
  items.forEach(({ task, rollout, verdict, trace }, n) => {
    if (outcomes[n] !== "stored") return;
    const id = ids[n]!;
    const stored = rollout.files.flatMap((path, f) => {
      const file = files.get(path);
      if (!file) return [];
      const sha256 = f === 0 ? rollout.source.sha256 : sha256Hex(file.bytes);
      raw.set(path, { sha256, bytes: file.bytes });
      return [{ path, sha256 }];
    });
    const taskRef = taskRefOf(task.key);
    tasks.set(taskRef, task);
    rows.rollouts.push(rolloutRow({ id, runId, taskRef, rollout, verdict, files: stored, trace: trace?.() ?? null }));
    for (const c of rollout.checks) rows.checks.push(checkRow(id, c));
  });
  const bytesBySha = new Map<string, Uint8Array>();
  for (const [path, { sha256, bytes }] of raw) {
    bytesBySha.set(sha256, bytes);
    rows.runFiles.push({ runId, path, sha256 });
  }
  for (const [sha256, bytes] of bytesBySha) rows.rawFiles.push(rawFileRow(sha256, bytes, now));
  for (const [id, task] of tasks) rows.tasks.push(taskRow(id, runId, task));
  return { outcomes, rows };
}
