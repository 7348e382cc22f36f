import type { TraceSummary } from "@/lib/traces";
import type { CheckModel, RolloutModel, RunModel, ScenarioModel, TaskModel } from "@/lib/db/generated/sqlite/models";
import type { JsonObject, Regrade } from "@/lib/formats/types";
import { readLabels } from "@/lib/run-labels";
import type { CheckStatus } from "@/lib/scoring/core/types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type {
  CheckDetail,
  RolloutDetail,
  RunListItem,
  RunMeta,
  RunSummary,
  SavedScenario,
  StoredFileRef,
  TaskRecord,
} from "./records";

/*
 * Stored rows (the generated model types: what Prisma returns on PostgreSQL and what the SQLite store decodes
 * its rows into) to the records the store hands out. One converter per record, shared by both stores.
 */

/** A Json column's value, or `fallback` when it holds JSON null. */
export function fromJson<T>(value: unknown, fallback: T): T {
  return (value ?? fallback) as T;
}

export type RunListColumns = Pick<
  RunModel,
  "id" | "name" | "agent" | "model" | "format" | "createdAt" | "ingestedAt" | "baseline" | "labels" | "summary"
>;

export function toRunListItem(r: RunListColumns): RunListItem {
  const { tags, liveUntil } = readLabels(r.labels);
  return {
    id: r.id,
    name: r.name,
    agent: r.agent,
    model: r.model,
    format: r.format,
    createdAt: r.createdAt?.toISOString() ?? null,
    ingestedAt: r.ingestedAt.toISOString(),
    baseline: r.baseline,
    tags,
    liveUntil,
    summary: fromJson<RunSummary | null>(r.summary, null),
  };
}

export function toRunMeta(run: RunModel): RunMeta {
  return {
    ...toRunListItem(run),
    metadata: fromJson<JsonObject>(run.metadata, {}),
    warnings: fromJson<string[]>(run.warnings, []),
    regrades: fromJson<Regrade[]>(run.regrades, []),
  };
}

export function toTaskRecord(t: TaskModel): TaskRecord {
  return { key: t.key, taskId: t.taskId, name: t.name, group: t.group, weight: t.weight };
}

export function toCheckDetail(c: CheckModel): CheckDetail {
  return {
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
    evidenceRefs: fromJson<string[]>(c.evidenceRefs, []),
    metadata: fromJson<JsonObject>(c.metadata, {}),
  };
}

/** A rollout row with its task's key and its checks (in check order). */
export function toRolloutDetail(r: RolloutModel, taskKey: string, checks: readonly CheckModel[]): RolloutDetail {
  return {
    id: r.rolloutId,
    taskKey,
    status: r.status === "unscored" ? "unscored" : "scored",
    rule: r.rule,
    reportedPassed: r.reportedPassed,
    reportedReward: r.reportedReward,
    terminationReason: r.terminationReason,
    toolCalls: r.toolCalls,
    toolErrors: r.toolErrors,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    cachedTokens: r.cachedTokens,
    agentMs: r.agentMs,
    steps: r.steps,
    trace: fromJson<TraceSummary | null>(r.trace, null),
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
    files: fromJson<StoredFileRef[]>(r.files, []),
    warnings: fromJson<string[]>(r.warnings, []),
    metadata: fromJson<JsonObject>(r.metadata, {}),
    checks: checks.map(toCheckDetail),
  };
}

/** A stored scenario's JSON was validated (lib/scoring/scenario/scenario.ts) when it was written. */
export function toSavedScenario(s: ScenarioModel): SavedScenario {
  return {
    name: s.name,
    description: s.description,
    scenario: fromJson<Scenario>(s.scenario, {}),
    declared: s.declared,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
