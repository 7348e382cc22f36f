import { sha256Hex } from "../hash";
import type { InputFile, JsonObject, NormalizedCheck, NormalizedRollout, NormalizedTask } from "../types";
import { normaliseCheck, unknownFields } from "./checks";
import { identityFromPath, rolloutIdFromPath, taskKey } from "./identity";
import { integrityWarning, tallyChecks } from "./integrity";
import { findManifestTask, type Manifest, type ManifestMatch } from "./manifest";
import { RESULT_FIELDS, RUN_JSON_FIELDS, type TSiloResult, type TSiloRunJson } from "./schema";

export const NO_REQUIRED_CHECKS =
  "no required checks: a verifier with no required check cannot grade, so this rollout is stored unscored";
export const NO_GRADED_REQUIRED_CHECK =
  "no required check was graded: without a verdict on a required check this rollout is stored unscored";
export const NOT_VERIFIED =
  "no result.json beside run.json: the rollout was never verified (it crashed or is still running), so it is stored unscored";

export interface RunJsonSidecar {
  file: InputFile;
  data: TSiloRunJson;
  raw: JsonObject;
}

export interface SiloRolloutInput {
  /** The result file; null for a rollout known only from its run.json. */
  result: { file: InputFile; data: TSiloResult; raw: JsonObject } | null;
  runJson: RunJsonSidecar | null;
  /** Other files of the rollout's folder (state-diff.json, trace.jsonl), kept with it. */
  sidecars: string[];
  /** Manifests that apply to the rollout's folder, nearest first. */
  manifests: Manifest[];
  rootName?: string;
  /** One copy of each check key, label and dimension across the rollouts parsed together. */
  intern?: (s: string) => string;
}

export interface SiloRollout {
  rollout: NormalizedRollout;
  task: NormalizedTask;
}

function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** run.json first (Silo's own join key), then the file's extensions, then its path; tasks.json fills gaps. */
function resolveTask(
  input: SiloRolloutInput,
  sourcePath: string,
): { task: NormalizedTask; match: ManifestMatch | null } {
  const run = input.runJson?.data;
  const data = input.result?.data;
  let taskId: string;
  let group: string | null;
  let pathGroup: string | null = null;
  if (run?.taskId) {
    taskId = run.taskId;
    group = run.environment ?? data?.group ?? null;
  } else if (data?.taskId) {
    taskId = data.taskId;
    group = data.group ?? null;
  } else {
    const fromPath = identityFromPath(sourcePath, input.rootName);
    taskId = fromPath.taskId;
    group = data?.group ?? null;
    pathGroup = fromPath.group;
  }
  const match = findManifestTask(input.manifests, taskId, group ?? pathGroup);
  group = group || match?.task.group || pathGroup || null;
  return {
    match,
    task: {
      key: taskKey(taskId, group),
      taskId,
      name: data?.taskName ?? match?.task.name ?? null,
      group,
      weight: data?.weight ?? match?.task.weight ?? 1,
    },
  };
}

function scoringStatus(checks: readonly NormalizedCheck[], graded: number, requiredGraded: number) {
  if (!checks.some((c) => c.required)) return { status: "unscored" as const, warning: NO_REQUIRED_CHECKS };
  if (graded === 0 || requiredGraded === 0) return { status: "unscored" as const, warning: NO_GRADED_REQUIRED_CHECK };
  return { status: "scored" as const, warning: null };
}

/** A Silo rollout: a result.json joined with its run.json and the tasks.json that declares its task. */
export function normaliseSiloRollout(input: SiloRolloutInput): SiloRollout {
  const { result, runJson } = input;
  const sourceFile = result?.file ?? runJson?.file;
  if (!sourceFile) throw new Error("a Silo rollout needs a result.json or a run.json");
  const data = result?.data;
  const run = runJson?.data;
  const { task, match } = resolveTask(input, sourceFile.path);
  const warnings: string[] = [];

  const checks: NormalizedCheck[] = [];
  const rawChecks = result && Array.isArray(result.raw.checks) ? result.raw.checks : [];
  (data?.checks ?? []).forEach((check, order) => {
    const normalised = normaliseCheck(check, rawChecks[order], order, match?.task, input.intern);
    checks.push(normalised.check);
    if (normalised.warning) warnings.push(normalised.warning);
  });

  const tally = tallyChecks(checks);
  let status: "scored" | "unscored" = "unscored";
  if (data) {
    const integrity = integrityWarning(data, tally);
    if (integrity) warnings.push(integrity);
    const scoring = scoringStatus(checks, tally.graded, tally.requiredTotal);
    status = scoring.status;
    if (scoring.warning) warnings.unshift(scoring.warning);
  } else {
    warnings.unshift(NOT_VERIFIED);
  }

  const startedAt = isoTime(run?.startedAt);
  const finishedAt = isoTime(run?.finishedAt);
  const spanMs = startedAt && finishedAt ? Date.parse(finishedAt) - Date.parse(startedAt) : null;
  const metadata: JsonObject = result ? unknownFields(result.raw, RESULT_FIELDS) : {};
  const runExtras = runJson ? unknownFields(runJson.raw, RUN_JSON_FIELDS) : {};
  if (Object.keys(runExtras).length > 0) metadata["run.json"] = runExtras;

  const rollout: NormalizedRollout = {
    id: run?.runId ?? data?.rolloutId ?? rolloutIdFromPath(sourceFile.path),
    task: task.key,
    status,
    rule: "checks",
    reportedPassed: data?.passed ?? null,
    reportedReward: data?.reward ?? null,
    penalties: 0,
    gate: null,
    checks,
    terminationReason: data?.terminationReason ?? run?.terminationReason ?? null,
    toolCalls: data?.toolCalls ?? run?.toolCallCount ?? null,
    toolErrors: data?.toolErrors ?? null,
    agentOutput: data?.agentOutput ?? null,
    error: data?.error ?? null,
    errorCategory: null,
    startedAt,
    finishedAt,
    durationMs: run?.durationMs ?? (spanMs !== null && spanMs >= 0 ? spanMs : null),
    costUsd: null,
    tokens: null,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    agentMs: null,
    source: { path: sourceFile.path, format: "silo", sha256: sha256Hex(sourceFile.bytes) },
    files: [
      ...(result ? [result.file.path] : []),
      ...(runJson ? [runJson.file.path] : []),
      ...input.sidecars,
      ...input.manifests.map((m) => m.path),
    ],
    warnings,
    metadata,
  };
  return { rollout, task };
}
