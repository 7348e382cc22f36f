import type {
  CheckModel,
  RawFileModel,
  RawFilePartModel,
  ReviewModel,
  RejectedFileModel,
  RolloutModel,
  RunEncodingModel,
  RunFileModel,
  RunModel,
  ScenarioModel,
  TaskModel,
  TraceChunkModel,
  TraceIndexModel,
} from "@/lib/db/generated/sqlite/models";
import type { JsonObject, NormalizedRollout, NormalizedRun, NormalizedTask, Regrade } from "@/lib/formats/types";
import type { NormalizedCheck } from "@/lib/formats/types";
import { rolloutMeasures } from "@/lib/formats/measures";
import type { TraceSummary } from "@/lib/traces";
import type { StoredLabels } from "@/lib/run-labels";
import type { StoredFileRef } from "./records";

/*
 * One typed row per table, with the column names and types of prisma/schema.prisma (the generated model types),
 * and one mapper per table that builds it from parsed data. Both stores write these objects by column name;
 * each table's column kinds say how a value is encoded for the database.
 */

/** How a column's JavaScript value is written and read back; the database type follows from it per provider. */
export type ColumnKind = "text" | "number" | "bool" | "json" | "bytes" | "date";

export type RunRow = Omit<RunModel, "labels" | "metadata" | "warnings" | "regrades" | "summary"> & {
  /** The run's tags and live heartbeat (lib/run-labels.ts). */
  labels: StoredLabels | readonly string[];
  metadata: JsonObject;
  warnings: readonly string[];
  regrades: readonly Regrade[];
  summary: unknown;
};
export type TaskRow = Omit<TaskModel, "summary"> & { summary: unknown };
export type RolloutRow = Omit<RolloutModel, "files" | "warnings" | "metadata" | "trace"> & {
  trace: TraceSummary | null;
  files: readonly StoredFileRef[];
  warnings: readonly string[];
  metadata: JsonObject;
};
/** `id` is assigned by the database. */
export type CheckRow = Omit<CheckModel, "id" | "evidenceRefs" | "metadata"> & {
  evidenceRefs: readonly string[];
  metadata: JsonObject;
};
export type RawFileRow = RawFileModel;
export type RunFileRow = RunFileModel;
export type RejectedFileRow = Omit<RejectedFileModel, "id">;

/** A table: its name and the kind of every column of its row type (the compiler checks that none is missing). */
export interface Table<Row> {
  readonly name: string;
  readonly columns: { readonly [K in keyof Row]-?: ColumnKind };
}

export const RUN: Table<RunRow> = {
  name: "Run",
  columns: {
    id: "text",
    key: "text",
    name: "text",
    agent: "text",
    model: "text",
    format: "text",
    createdAt: "date",
    ingestedAt: "date",
    baseline: "bool",
    series: "text",
    labels: "json",
    metadata: "json",
    warnings: "json",
    regrades: "json",
    passThreshold: "number",
    summary: "json",
  },
};

export const TASK: Table<TaskRow> = {
  name: "Task",
  columns: {
    id: "text",
    runId: "text",
    key: "text",
    taskId: "text",
    name: "text",
    group: "text",
    weight: "number",
    summary: "json",
  },
};

export const ROLLOUT: Table<RolloutRow> = {
  name: "Rollout",
  columns: {
    id: "text",
    runId: "text",
    taskRef: "text",
    rolloutId: "text",
    status: "text",
    rule: "text",
    gate: "text",
    penalties: "number",
    reportedPassed: "bool",
    reportedReward: "number",
    passed: "bool",
    reward: "number",
    terminationReason: "text",
    toolCalls: "number",
    toolErrors: "number",
    agentOutput: "text",
    error: "text",
    errorCategory: "text",
    startedAt: "date",
    finishedAt: "date",
    durationMs: "number",
    costUsd: "number",
    tokens: "number",
    inputTokens: "number",
    outputTokens: "number",
    cachedTokens: "number",
    agentMs: "number",
    steps: "number",
    trace: "json",
    sourcePath: "text",
    sourceFormat: "text",
    sourceSha256: "text",
    sourceIdentity: "text",
    files: "json",
    warnings: "json",
    metadata: "json",
  },
};

export const CHECK: Table<CheckRow> = {
  name: "Check",
  columns: {
    rolloutRef: "text",
    order: "number",
    key: "text",
    label: "text",
    passed: "bool",
    score: "number",
    required: "bool",
    dimension: "text",
    status: "text",
    detail: "text",
    weight: "number",
    reason: "text",
    failureTag: "text",
    evidenceRefs: "json",
    metadata: "json",
  },
};

export type ScenarioRow = ScenarioModel;

export const SCENARIO: Table<ScenarioRow> = {
  name: "Scenario",
  columns: {
    name: "text",
    description: "text",
    scenario: "json",
    declared: "bool",
    createdAt: "date",
    updatedAt: "date",
  },
};

export const RAW_FILE: Table<RawFileRow> = {
  name: "RawFile",
  columns: { sha256: "text", size: "number", bytes: "bytes", parts: "number", createdAt: "date" },
};

export type RawFilePartRow = RawFilePartModel;

export const RAW_FILE_PART: Table<RawFilePartRow> = {
  name: "RawFilePart",
  columns: { sha256: "text", part: "number", bytes: "bytes" },
};

export type TraceIndexRow = TraceIndexModel;

export const TRACE_INDEX: Table<TraceIndexRow> = {
  name: "TraceIndex",
  columns: {
    sha256: "text",
    part: "text",
    version: "number",
    summary: "text",
    steps: "bytes",
    tools: "text",
    refs: "text",
    createdAt: "date",
  },
};

export type TraceChunkRow = TraceChunkModel;

export const TRACE_CHUNK: Table<TraceChunkRow> = {
  name: "TraceChunk",
  columns: { sha256: "text", part: "text", chunk: "number", bytes: "bytes" },
};

export type RunEncodingRow = Omit<RunEncodingModel, "firstScreen"> & { firstScreen: unknown };

export const RUN_ENCODING: Table<RunEncodingRow> = {
  name: "RunEncoding",
  columns: {
    runId: "text",
    ingestedAt: "date",
    rollouts: "number",
    name: "text",
    layout: "number",
    bytes: "bytes",
    screenLayout: "number",
    firstScreen: "json",
  },
};

export const RUN_FILE: Table<RunFileRow> = {
  name: "RunFile",
  columns: { runId: "text", path: "text", sha256: "text" },
};

export const REJECTED_FILE: Table<RejectedFileRow> = {
  name: "RejectedFile",
  columns: { path: "text", sha256: "text", error: "text", createdAt: "date" },
};

/** The column names of a table, in the order its `columns` object lists them. */
export function columnNames<Row>(table: Table<Row>): (keyof Row & string)[] {
  return Object.keys(table.columns) as (keyof Row & string)[];
}

const dateOrNull = (iso: string | null): Date | null => (iso ? new Date(iso) : null);

/** A new run row with the tags given at ingest; its summary is empty until the ingest's summaries are stored. */
export function runRow(
  id: string,
  key: string,
  run: NormalizedRun,
  ingestedAt: Date,
  tags: readonly string[] = [],
  series: string | null = null,
): RunRow {
  return {
    id,
    key,
    name: run.name,
    agent: run.agent,
    model: run.model,
    format: run.format,
    createdAt: dateOrNull(run.createdAt),
    ingestedAt,
    baseline: false,
    series,
    labels: tags,
    metadata: run.metadata,
    warnings: run.warnings,
    regrades: run.regrades,
    passThreshold: run.passThreshold,
    summary: null,
  };
}

export function taskRow(id: string, runId: string, task: NormalizedTask): TaskRow {
  return {
    id,
    runId,
    key: task.key,
    taskId: task.taskId,
    name: task.name,
    group: task.group,
    weight: task.weight,
    summary: null,
  };
}

export interface RolloutRowInput {
  id: string;
  runId: string;
  taskRef: string;
  rollout: NormalizedRollout;
  /** As computed at ingest from the rollout's own data and the run's threshold. */
  verdict: { passed: boolean; reward: number | null };
  files: readonly StoredFileRef[];
  /** The rollout's trace as read at ingest; null when it has none. */
  trace: TraceSummary | null;
}

export function rolloutRow({ id, runId, taskRef, rollout, verdict, files, trace }: RolloutRowInput): RolloutRow {
  return {
    id,
    runId,
    taskRef,
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
    ...rolloutMeasures(rollout, trace),
    agentOutput: rollout.agentOutput,
    error: rollout.error,
    errorCategory: rollout.errorCategory,
    startedAt: dateOrNull(rollout.startedAt),
    finishedAt: dateOrNull(rollout.finishedAt),
    trace,
    sourcePath: rollout.source.path,
    sourceFormat: rollout.source.format,
    sourceSha256: rollout.source.sha256,
    sourceIdentity: rollout.source.identity ?? null,
    files,
    warnings: rollout.warnings,
    metadata: rollout.metadata,
  };
}

export function checkRow(rolloutRef: string, check: NormalizedCheck): CheckRow {
  return {
    rolloutRef,
    order: check.order,
    key: check.key,
    label: check.label,
    passed: check.passed,
    score: check.score,
    required: check.required,
    dimension: check.dimension,
    status: check.status,
    detail: check.detail,
    weight: check.weight,
    reason: check.reason,
    failureTag: check.failureTag,
    evidenceRefs: check.evidenceRefs,
    metadata: check.metadata,
  };
}

export function rawFileRow(sha256: string, bytes: Uint8Array, createdAt: Date): RawFileRow {
  return { sha256, size: bytes.byteLength, bytes: bytes as RawFileRow["bytes"], parts: 0, createdAt };
}

/** `id` is assigned by the database. */
export type ReviewRow = Omit<ReviewModel, "id">;

export const REVIEW: Table<ReviewRow> = {
  name: "Review",
  columns: {
    runId: "text",
    rolloutId: "text",
    checkKey: "text",
    verdict: "text",
    reason: "text",
    reviewer: "text",
    at: "date",
    withdrawn: "bool",
  },
};
