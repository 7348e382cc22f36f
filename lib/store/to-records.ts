import type { TraceSummary } from "@/lib/traces";
import type { CheckModel, RolloutModel, RunModel, ScenarioModel, TaskModel } from "@/lib/db/generated/sqlite/models";
import type { JsonObject, Regrade } from "@/lib/formats/types";
import { readLabels } from "@/lib/run-labels";
import type { CheckStatus } from "@/lib/scoring/core/types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import {
  EVIDENCE_REFS_HEAD,
  REF_HEAD,
  TAG_HEAD,
  jsonHead,
  storedHead,
  storedJsonHead,
  textHead,
  textHeadOrNull,
  type TextHead,
} from "@/lib/text-head";
import type {
  CheckBounds,
  CheckDetail,
  CheckHead,
  RolloutDetail,
  RolloutHead,
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
  | "id"
  | "name"
  | "agent"
  | "model"
  | "format"
  | "createdAt"
  | "ingestedAt"
  | "baseline"
  | "series"
  | "labels"
  | "summary"
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
    series: r.series,
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
  return toRolloutDetailOf(r, taskKey, checks.map(toCheckDetail));
}

/** A rollout row with its task's key and its checks already read as details (in check order). */
export function toRolloutDetailOf(r: RolloutModel, taskKey: string, checks: CheckDetail[]): RolloutDetail {
  return {
    ...rolloutFields(r, taskKey),
    agentOutput: r.agentOutput,
    error: r.error,
    metadata: fromJson<JsonObject>(r.metadata, {}),
    checks,
  };
}

/** What a head read gives besides the rollout's own columns: each long text's start and size, and its checks. */
export interface RolloutHeadColumns {
  agentOutputHead: string | null;
  agentOutputBytes: number | null;
  errorHead: string | null;
  errorBytes: number | null;
  metadataHead: string | null;
  metadataBytes: number | null;
  checkCount: number;
}

const headOrNull = (head: string | null, bytes: number | null): TextHead | null =>
  head === null ? null : storedHead(head, Number(bytes ?? 0));

/** A rollout row read without its long texts (their heads instead) and without its checks. */
export function toRolloutHead(
  r: Omit<RolloutModel, "agentOutput" | "error" | "metadata"> & RolloutHeadColumns,
  taskKey: string,
): RolloutHead {
  return {
    ...rolloutFields(r, taskKey),
    agentOutput: headOrNull(r.agentOutputHead, r.agentOutputBytes),
    error: headOrNull(r.errorHead, r.errorBytes),
    metadata: storedJsonHead(r.metadataHead, Number(r.metadataBytes ?? 0)),
    checkCount: Number(r.checkCount),
  };
}

/** A check read with its texts cut: each text's start and size, the first evidence refs and their count. */
export interface CheckHeadColumns {
  order: number;
  keyHead: string;
  keyBytes: number;
  labelHead: string;
  labelBytes: number;
  passed: boolean | number | null;
  score: number | null;
  required: boolean | number;
  dimension: string;
  status: string;
  weight: number | null;
  detailHead: string | null;
  detailBytes: number | null;
  reasonHead: string | null;
  reasonBytes: number | null;
  failureTag: string | null;
  /** JSON text of the first refs (SQLite) or the parsed list (PostgreSQL). */
  evidenceRefs: string | string[] | null;
  evidenceCount: number | null;
  metadataHead: string | null;
  metadataBytes: number | null;
}

const bool = (value: boolean | number) => value === true || value === 1;

export function toCheckHead(c: CheckHeadColumns): CheckHead {
  const refs = typeof c.evidenceRefs === "string" ? (JSON.parse(c.evidenceRefs) as string[]) : (c.evidenceRefs ?? []);
  return {
    order: Number(c.order),
    key: storedHead(c.keyHead, Number(c.keyBytes)),
    label: storedHead(c.labelHead, Number(c.labelBytes)),
    passed: c.passed === null ? null : bool(c.passed),
    score: c.score,
    required: bool(c.required),
    dimension: c.dimension,
    status: c.status as CheckStatus,
    weight: c.weight,
    detail: headOrNull(c.detailHead, c.detailBytes),
    reason: headOrNull(c.reasonHead, c.reasonBytes),
    failureTag: c.failureTag,
    evidenceRefs: refs,
    evidenceCount: Number(c.evidenceCount ?? 0),
    metadata: storedJsonHead(c.metadataHead, Number(c.metadataBytes ?? 0)),
  };
}

/** A rollout read whole, as a head read would give it with `bound` (Infinity: nothing cut). */
export function rolloutHeadOf(detail: RolloutDetail, bound: number): RolloutHead {
  const { agentOutput, error, metadata, checks, ...fields } = detail;
  return {
    ...fields,
    agentOutput: textHeadOrNull(agentOutput, bound),
    error: textHeadOrNull(error, bound),
    metadata: jsonHead(metadata, bound),
    checkCount: checks.length,
  };
}

/** A check read whole, as a head read would give it with `bounds`. */
export function checkHeadOf(check: CheckDetail, bounds: CheckBounds): CheckHead {
  return {
    order: check.order,
    key: textHead(check.key, bounds.key),
    label: textHead(check.label, bounds.label),
    passed: check.passed,
    score: check.score,
    required: check.required,
    dimension: check.dimension.slice(0, TAG_HEAD),
    status: check.status,
    weight: check.weight,
    detail: textHeadOrNull(check.detail, bounds.text),
    reason: textHeadOrNull(check.reason, bounds.text),
    failureTag: check.failureTag?.slice(0, TAG_HEAD) ?? null,
    evidenceRefs: check.evidenceRefs.slice(0, EVIDENCE_REFS_HEAD).map((r) => r.slice(0, REF_HEAD)),
    evidenceCount: check.evidenceRefs.length,
    metadata: jsonHead(check.metadata, bounds.text),
  };
}

/** Every field of a rollout row but its long texts and checks. */
function rolloutFields(
  r: Omit<RolloutModel, "agentOutput" | "error" | "metadata">,
  taskKey: string,
): Omit<RolloutDetail, "agentOutput" | "error" | "metadata" | "checks"> {
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
