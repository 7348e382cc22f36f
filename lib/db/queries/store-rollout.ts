import type { Db } from "../client";
import { rolloutRowId, taskRowId } from "../ids";
import { toJson } from "../json";
import type { InputFile, NormalizedRollout, NormalizedTask } from "@/lib/formats/types";
import { sha256Hex } from "@/lib/formats/hash";

export type StoreOutcome = "stored" | "duplicate" | { conflict: string };

/**
 * Stores one rollout with its checks, its task row and the raw bytes of every file it was read from, in one
 * transaction: a crash leaves either the whole rollout or nothing. A rollout id already in the run with the
 * same source bytes is a duplicate (nothing written); with other bytes it is a conflict the caller reports.
 */
export async function storeRollout(
  db: Db,
  runId: string,
  task: NormalizedTask,
  rollout: NormalizedRollout,
  verdict: { passed: boolean; reward: number | null },
  files: ReadonlyMap<string, InputFile>,
): Promise<StoreOutcome> {
  const id = rolloutRowId(runId, rollout.id);
  const existing = await db.rollout.findUnique({ where: { id }, select: { sourceSha256: true, sourcePath: true } });
  if (existing) {
    return existing.sourceSha256 === rollout.source.sha256
      ? "duplicate"
      : { conflict: `rollout ${rollout.id} is already in this run from other content (${existing.sourcePath})` };
  }
  const taskId = taskRowId(runId, task.key);
  const raw = rollout.files.flatMap((path) => {
    const file = files.get(path);
    return file ? [{ path, file, sha256: path === rollout.files[0] ? rollout.source.sha256 : sha256Hex(file.bytes) }] : [];
  });

  await db.$transaction(async (tx) => {
    for (const { path, file, sha256 } of raw) {
      await tx.rawFile.upsert({
        where: { sha256 },
        create: { sha256, size: file.bytes.byteLength, bytes: new Uint8Array(file.bytes) },
        update: {},
      });
      await tx.runFile.upsert({
        where: { runId_path: { runId, path } },
        create: { runId, path, sha256 },
        update: { sha256 },
      });
    }
    await tx.task.upsert({
      where: { id: taskId },
      create: { id: taskId, runId, key: task.key, taskId: task.taskId, name: task.name, group: task.group, weight: task.weight, summary: toJson(null) },
      update: {},
    });
    await tx.rollout.create({
      data: {
        id,
        runId,
        taskRef: taskId,
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
        files: toJson(raw.map(({ path, sha256 }) => ({ path, sha256 }))),
        warnings: toJson(rollout.warnings),
        metadata: toJson(rollout.metadata),
        checks: {
          createMany: {
            data: rollout.checks.map((c) => ({
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
          },
        },
      },
    });
  });
  return "stored";
}

/** Keeps the bytes of a refused file with the reason, so nothing a user uploaded is lost. */
export async function storeRejectedFile(db: Db, file: InputFile, error: string): Promise<void> {
  const sha256 = sha256Hex(file.bytes);
  await db.$transaction(async (tx) => {
    await tx.rawFile.upsert({
      where: { sha256 },
      create: { sha256, size: file.bytes.byteLength, bytes: new Uint8Array(file.bytes) },
      update: {},
    });
    await tx.rejectedFile.upsert({
      where: { sha256_path: { sha256, path: file.path } },
      create: { sha256, path: file.path, error },
      update: { error },
    });
  });
}
