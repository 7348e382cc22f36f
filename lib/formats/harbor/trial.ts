import { roundOrNull } from "../counts";
import { sha256Hex } from "../hash";
import { baseName } from "../paths";
import { unknownFields } from "../silo/checks";
import type { InputFile, JsonObject, NormalizedCheck, NormalizedRollout, NormalizedTask } from "../types";
import { formatEvalKey, taskFromTrialName, truncationWarning } from "./eval-key";
import { MAPPED_TRIAL_FIELDS, type THarborTrial } from "./schema";
import { isoTime, spanMs } from "./timestamps";
import { rewardDisagreement, type VerifierRewards } from "./verifier-rewards";

export interface HarborTrialInput {
  result: { file: InputFile; data: THarborTrial; raw: JsonObject };
  /** The trial folder; null for a loose `<name>.result.json`. */
  trialDir: string | null;
  /** The trial's other files, then the job's (config.json, job.log): kept with the rollout. */
  sidecars: string[];
  ctrf: { checks: NormalizedCheck[]; warnings: string[] } | null;
  verifier: VerifierRewards | null;
}

export interface HarborTrial {
  rollout: NormalizedRollout;
  task: NormalizedTask;
  agent: string | null;
  model: string | null;
  dataset: string | null;
  /** The `stats.evals` key the job file lists this trial under. */
  evalKey: string;
  trialDir: string | null;
}

/**
 * The main reward of a rewards map: `reward`, else its only entry. Other named rewards are kept in metadata.
 */
export function mainReward(rewards: Readonly<Record<string, number | null>> | null | undefined): {
  value: number | null;
  name: string | null;
} {
  if (!rewards) return { value: null, name: null };
  if (typeof rewards.reward === "number") return { value: rewards.reward, name: "reward" };
  const named = Object.entries(rewards).filter((e): e is [string, number] => typeof e[1] === "number");
  return named.length === 1 ? { value: named[0]![1], name: named[0]![0] } : { value: null, name: null };
}

function unscoredReason(data: THarborTrial): string {
  const e = data.exception_info;
  if (e) return `unscored: ${e.exception_type}${e.exception_message ? `: ${e.exception_message}` : ""}`;
  if (data.verifier_result == null)
    return "unscored: the trial has no verifier result (verifier_result is null) and no exception was recorded";
  return "unscored: the verifier returned no reward";
}

/** One Harbor trial: result.json, its verifier/ctrf.json tests as checks and its reward files for agreement. */
export function normaliseHarborTrial(input: HarborTrialInput): HarborTrial {
  const { file, data, raw } = input.result;
  const trialName =
    data.trial_name ||
    (input.trialDir ? baseName(input.trialDir) : baseName(file.path).replace(/(\.result)?\.json$/i, ""));
  const taskId = data.task_name || taskFromTrialName(trialName);
  const warnings: string[] = [];
  if (!data.task_name) {
    const truncated = truncationWarning(taskId);
    if (truncated) warnings.push(truncated);
  }

  const rewards = data.verifier_result?.rewards ?? null;
  const main = mainReward(rewards);
  const checks = input.ctrf?.checks ?? [];
  const scored = main.value !== null || checks.some((c) => c.status === "graded");
  if (!scored) warnings.unshift(unscoredReason(data));
  if (rewards && main.value === null && Object.keys(rewards).length > 0) {
    warnings.push(
      `verifier_result.rewards has no "reward" entry (it has ${Object.keys(rewards).join(", ")}): they are kept in metadata`,
    );
  }
  const readings = [
    ...(main.value !== null ? [{ source: "result.json", value: main.value }] : []),
    ...(input.verifier?.readings ?? []),
  ];
  const disagreement = rewardDisagreement(readings, main.value !== null ? "result.json" : null);
  if (disagreement) warnings.push(disagreement);
  for (const w of [...(input.verifier?.warnings ?? []), ...(input.ctrf?.warnings ?? [])]) warnings.push(w);

  const agent = data.agent_info?.name ?? null;
  const model = data.agent_info?.model_info?.name ?? null;
  const dataset = data.source ?? null;
  const startedAt = isoTime(data.started_at);
  const finishedAt = isoTime(data.finished_at);
  const usage = data.agent_result;
  const metadata = unknownFields(raw, MAPPED_TRIAL_FIELDS);
  if (rewards) metadata.rewards = rewards;
  if (input.verifier && Object.keys(input.verifier.others).length > 0) metadata.verifierScores = input.verifier.others;

  const rollout: NormalizedRollout = {
    id: trialName,
    task: taskId,
    status: scored ? "scored" : "unscored",
    rule: "reward",
    reportedPassed: null,
    reportedReward: main.value,
    penalties: 0,
    gate: null,
    checks,
    terminationReason: null,
    toolCalls: null,
    toolErrors: null,
    agentOutput: null,
    error: data.exception_info ? data.exception_info.exception_message || data.exception_info.exception_type : null,
    errorCategory: data.exception_info?.exception_type ?? null,
    startedAt,
    finishedAt,
    durationMs: spanMs(startedAt, finishedAt),
    costUsd: usage?.cost_usd ?? null,
    tokens:
      usage?.n_input_tokens != null && usage.n_output_tokens != null
        ? Math.round(usage.n_input_tokens + usage.n_output_tokens)
        : null,
    inputTokens: roundOrNull(usage?.n_input_tokens),
    outputTokens: roundOrNull(usage?.n_output_tokens),
    cachedTokens: roundOrNull(usage?.n_cache_tokens),
    agentMs: spanMs(isoTime(data.agent_execution?.started_at), isoTime(data.agent_execution?.finished_at)),
    source: { path: file.path, format: "harbor", sha256: sha256Hex(file.bytes) },
    files: [file.path, ...input.sidecars],
    warnings,
    metadata,
  };
  return {
    rollout,
    task: { key: taskId, taskId, name: null, group: null, weight: 1 },
    agent,
    model,
    dataset,
    evalKey: formatEvalKey(agent ?? "unknown", model, dataset),
    trialDir: input.trialDir,
  };
}
