import type { Db } from "../client";
import { fromJson } from "../json";
import type { CheckStatus } from "@/lib/scoring/core/types";
import type { JsonObject } from "@/lib/formats/types";

export interface CheckDetail {
  order: number;
  key: string;
  label: string;
  passed: boolean | null;
  score: number | null;
  required: boolean;
  dimension: string;
  status: CheckStatus;
  detail: string | null;
  weight: number | null;
  reason: string | null;
  failureTag: string | null;
  evidenceRefs: string[];
  metadata: JsonObject;
}

export interface RolloutDetail {
  /** Rollout id as the data names it (unique within its run; the rollout page's URL). */
  id: string;
  taskKey: string;
  status: "scored" | "unscored";
  rule: string;
  reportedPassed: boolean | null;
  reportedReward: number | null;
  terminationReason: string | null;
  toolCalls: number | null;
  toolErrors: number | null;
  agentOutput: string | null;
  error: string | null;
  errorCategory: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  costUsd: number | null;
  tokens: number | null;
  sourcePath: string;
  sourceFormat: string;
  sourceSha256: string;
  files: { path: string; sha256: string }[];
  warnings: string[];
  metadata: JsonObject;
  checks: CheckDetail[];
}

const include = { task: { select: { key: true } }, checks: { orderBy: { order: "asc" as const } } };

type Row = Awaited<ReturnType<Db["rollout"]["findFirstOrThrow"]>> & {
  task: { key: string };
  checks: Awaited<ReturnType<Db["check"]["findFirstOrThrow"]>>[];
};

function toDetail(r: Row): RolloutDetail {
  return {
    id: r.rolloutId,
    taskKey: r.task.key,
    status: r.status === "unscored" ? "unscored" : "scored",
    rule: r.rule,
    reportedPassed: r.reportedPassed,
    reportedReward: r.reportedReward,
    terminationReason: r.terminationReason,
    toolCalls: r.toolCalls,
    toolErrors: r.toolErrors,
    agentOutput: r.agentOutput,
    error: r.error,
    errorCategory: r.errorCategory,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.durationMs,
    costUsd: r.costUsd,
    tokens: r.tokens,
    sourcePath: r.sourcePath,
    sourceFormat: r.sourceFormat,
    sourceSha256: r.sourceSha256,
    files: fromJson(r.files, [] as { path: string; sha256: string }[]),
    warnings: fromJson(r.warnings, [] as string[]),
    metadata: fromJson<JsonObject>(r.metadata, {}),
    checks: r.checks.map((c) => ({
      order: c.order,
      key: c.key,
      label: c.label,
      passed: c.passed,
      score: c.score,
      required: c.required,
      dimension: c.dimension,
      status: c.status as CheckStatus,
      detail: c.detail,
      weight: c.weight,
      reason: c.reason,
      failureTag: c.failureTag,
      evidenceRefs: fromJson(c.evidenceRefs, [] as string[]),
      metadata: fromJson<JsonObject>(c.metadata, {}),
    })),
  };
}

/** One rollout of a run by its id as the data names it, with every field and check, or null. */
export async function getRolloutById(db: Db, runId: string, rolloutId: string): Promise<RolloutDetail | null> {
  const row = await db.rollout.findUnique({ where: { runId_rolloutId: { runId, rolloutId } }, include });
  return row ? toDetail(row as Row) : null;
}

export interface TaskRollouts {
  task: { key: string; taskId: string; name: string | null; group: string | null; weight: number };
  rollouts: RolloutDetail[];
}

/** A task of a run by its key and all its rollouts with their checks (the task page's checks × rollouts grid). */
export async function getTaskByKey(db: Db, runId: string, key: string): Promise<TaskRollouts | null> {
  const task = await db.task.findUnique({ where: { runId_key: { runId, key } } });
  if (!task) return null;
  const rows = await db.rollout.findMany({ where: { taskRef: task.id }, include, orderBy: { rolloutId: "asc" } });
  return {
    task: { key: task.key, taskId: task.taskId, name: task.name, group: task.group, weight: task.weight },
    rollouts: rows.map((r) => toDetail(r as Row)),
  };
}

/**
 * The task key behind a row id (lib/db/ids.ts), or null: a page URL that holds a row id in place of the key
 * redirects to the key's URL.
 */
export async function taskKeyOfRowId(db: Db, runId: string, rowId: string): Promise<string | null> {
  const task = await db.task.findFirst({ where: { id: rowId, runId }, select: { key: true } });
  return task?.key ?? null;
}

/** The rollout id behind a row id, or null (see taskKeyOfRowId). */
export async function rolloutIdOfRowId(db: Db, runId: string, rowId: string): Promise<string | null> {
  const rollout = await db.rollout.findFirst({ where: { id: rowId, runId }, select: { rolloutId: true } });
  return rollout?.rolloutId ?? null;
}

/** Raw bytes of an ingested file by content address, or null. */
export async function getRawFile(db: Db, sha256: string): Promise<{ bytes: Uint8Array; size: number } | null> {
  const file = await db.rawFile.findUnique({ where: { sha256 }, select: { bytes: true, size: true } });
  return file ? { bytes: new Uint8Array(file.bytes), size: file.size } : null;
}
