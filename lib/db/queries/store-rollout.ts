import type { Db } from "../client";
import { rolloutRowId, taskRowId } from "../ids";
import { toJson } from "../json";
import type { InputFile, NormalizedRollout, NormalizedTask } from "@/lib/formats/types";
import { sha256Hex } from "@/lib/formats/hash";

export type StoreOutcome = "stored" | "duplicate" | { conflict: string };

export interface RolloutToStore {
  task: NormalizedTask;
  rollout: NormalizedRollout;
  verdict: { passed: boolean; reward: number | null };
}

/**
 * Stores a batch of rollouts of one run with their checks, task rows and the raw bytes of every file they were
 * read from, in ONE transaction: a crash leaves each rollout whole or absent, never half-written, and a batch
 * costs a handful of bulk inserts instead of a round trip per row. A rollout id already in the run with the
 * same source bytes is a duplicate (nothing written); with other bytes it is a conflict the caller reports.
 */
export async function storeRollouts(
  db: Db,
  runId: string,
  items: readonly RolloutToStore[],
  files: ReadonlyMap<string, InputFile>,
): Promise<StoreOutcome[]> {
  const ids = items.map((i) => rolloutRowId(runId, i.rollout.id));
  const existing = new Map(
    (await db.rollout.findMany({ where: { id: { in: ids } }, select: { id: true, sourceSha256: true, sourcePath: true } })).map((r) => [r.id, r]),
  );
  const seen = new Set<string>();
  const outcomes: StoreOutcome[] = items.map(({ rollout }, n) => {
    const id = ids[n]!;
    const found = existing.get(id);
    if (found) {
      return found.sourceSha256 === rollout.source.sha256
        ? "duplicate"
        : { conflict: `rollout ${rollout.id} is already in this run from other content (${found.sourcePath})` };
    }
    if (seen.has(id)) return { conflict: `rollout ${rollout.id} appears twice in this batch` };
    seen.add(id);
    return "stored";
  });
  const fresh = items.filter((_, n) => outcomes[n] === "stored");
  if (fresh.length === 0) return outcomes;

  const raw = new Map<string, { path: string; sha256: string; bytes: Uint8Array }>();
  const rolloutFiles = fresh.map(({ rollout }) =>
    rollout.files.flatMap((path, n) => {
      const file = files.get(path);
      if (!file) return [];
      const sha256 = n === 0 ? rollout.source.sha256 : sha256Hex(file.bytes);
      raw.set(path, { path, sha256, bytes: file.bytes });
      return [{ path, sha256 }];
    }),
  );
  const shas = [...new Set([...raw.values()].map((f) => f.sha256))];
  const knownShas = new Set((await db.rawFile.findMany({ where: { sha256: { in: shas } }, select: { sha256: true } })).map((f) => f.sha256));
  const paths = [...raw.keys()];
  const knownPaths = new Set((await db.runFile.findMany({ where: { runId, path: { in: paths } }, select: { path: true } })).map((f) => f.path));
  const taskIds = [...new Set(fresh.map(({ task }) => taskRowId(runId, task.key)))];
  const knownTasks = new Set((await db.task.findMany({ where: { id: { in: taskIds } }, select: { id: true } })).map((t) => t.id));

  const newRaw = new Map<string, Uint8Array>();
  for (const f of raw.values()) if (!knownShas.has(f.sha256)) newRaw.set(f.sha256, f.bytes);
  const newTasks = new Map<string, NormalizedTask>();
  for (const { task } of fresh) {
    const id = taskRowId(runId, task.key);
    if (!knownTasks.has(id)) newTasks.set(id, task);
  }

  await db.$transaction([
    db.rawFile.createMany({ data: [...newRaw].map(([sha256, bytes]) => ({ sha256, size: bytes.byteLength, bytes: new Uint8Array(bytes) })) }),
    db.runFile.createMany({ data: [...raw.values()].filter((f) => !knownPaths.has(f.path)).map(({ path, sha256 }) => ({ runId, path, sha256 })) }),
    db.task.createMany({
      data: [...newTasks].map(([id, t]) => ({ id, runId, key: t.key, taskId: t.taskId, name: t.name, group: t.group, weight: t.weight, summary: toJson(null) })),
    }),
    db.rollout.createMany({
      data: fresh.map(({ task, rollout, verdict }, n) => ({
        id: rolloutRowId(runId, rollout.id),
        runId,
        taskRef: taskRowId(runId, task.key),
        rolloutId: rollout.id,
        status: rollout.status,
        rule: rollout.rule,
        gate: rollout.gate,
        penalties: rollout.penalties,
        reportedPassed: rollout.reportedPassed,
        reportedReward: rollout.reportedReward,
        passed: verdict.passed,
        reward: verdict.reward,
        terminationReason: rollout.terminationReason,
        toolCalls: rollout.toolCalls,
        toolErrors: rollout.toolErrors,
        agentOutput: rollout.agentOutput,
        error: rollout.error,
        errorCategory: rollout.errorCategory,
        startedAt: rollout.startedAt ? new Date(rollout.startedAt) : null,
        finishedAt: rollout.finishedAt ? new Date(rollout.finishedAt) : null,
        durationMs: rollout.durationMs,
        costUsd: rollout.costUsd,
        tokens: rollout.tokens,
        sourcePath: rollout.source.path,
        sourceFormat: rollout.source.format,
        sourceSha256: rollout.source.sha256,
        files: toJson(rolloutFiles[n]),
        warnings: toJson(rollout.warnings),
        metadata: toJson(rollout.metadata),
      })),
    }),
    db.check.createMany({
      data: fresh.flatMap(({ rollout }) =>
        rollout.checks.map((c) => ({
          rolloutRef: rolloutRowId(runId, rollout.id),
          order: c.order,
          key: c.key,
          label: c.label,
          passed: c.passed,
          score: c.score,
          required: c.required,
          dimension: c.dimension,
          status: c.status,
          detail: c.detail,
          weight: c.weight,
          reason: c.reason,
          failureTag: c.failureTag,
          evidenceRefs: toJson(c.evidenceRefs),
          metadata: toJson(c.metadata),
        })),
      ),
    }),
  ]);
  return outcomes;
}

/** Keeps the bytes of a refused file with the reason, so nothing a user uploaded is lost. */
export async function storeRejectedFile(db: Db, file: InputFile, error: string): Promise<void> {
  const sha256 = sha256Hex(file.bytes);
  await db.$transaction([
    db.rawFile.upsert({
      where: { sha256 },
      create: { sha256, size: file.bytes.byteLength, bytes: new Uint8Array(file.bytes) },
      update: {},
    }),
    db.rejectedFile.upsert({
      where: { sha256_path: { sha256, path: file.path } },
      create: { sha256, path: file.path, error },
      update: { error },
    }),
  ]);
}
