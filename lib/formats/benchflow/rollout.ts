import { isoTime, spanMs } from "../harbor/timestamps";
import { rewardDisagreement, type RewardReading } from "../harbor/verifier-rewards";
import { roundOrNull } from "../counts";
import { sha256Hex } from "../hash";
import { baseName } from "../paths";
import { unknownFields } from "../silo/checks";
import { taskKey } from "../silo/identity";
import type { InputFile, JsonObject, NormalizedRollout, NormalizedTask } from "../types";
import { MAPPED_RESULT_FIELDS, type TBenchflowResult } from "./schema";
import type { TrialFiles } from "./trial-files";

export interface BenchflowTrialInput {
  result: { file: InputFile; data: TBenchflowResult; raw: JsonObject };
  /** The trial folder; null for a loose `<name>.result.json`. */
  trialDir: string | null;
  /** The trial's other files, then the job's files (summary.json, …): kept with the rollout. */
  sidecars: string[];
  trialFiles: TrialFiles | null;
}

export interface BenchflowTrial {
  rollout: NormalizedRollout;
  task: NormalizedTask;
  /** agent_name ?? agent, as the run shows it. */
  agent: string | null;
  model: string | null;
  trialDir: string | null;
}

const LOOSE_RESULT = /\.result\.json$/i;

function rolloutId(data: TBenchflowResult, trialDir: string | null, file: InputFile): string {
  return (
    data.rollout_name ||
    data.trial_name ||
    (trialDir ? baseName(trialDir) : "") ||
    baseName(file.path)
      .replace(LOOSE_RESULT, "")
      .replace(/\.json$/i, "")
  );
}

function labelled(what: string, category: string | null | undefined, message: string): string {
  return `${what}${category ? ` (${category})` : ""}: ${message}`;
}

interface RewardChoice {
  reward: number | null;
  warnings: string[];
}

/**
 * result.json's `rewards.reward` is the reward. Without it the verifier's files stand in (reward.json, then
 * reward.txt, then reward-details.json), except after an error: BenchFlow then counts the trial unscored, and so
 * does Tally. Every recorded value is compared; a disagreement is a warning.
 */
function chooseReward(
  data: TBenchflowResult,
  source: string,
  files: TrialFiles | null,
  errored: boolean,
): RewardChoice {
  const recorded = data.rewards?.reward ?? null;
  const readings: RewardReading[] = [];
  if (recorded !== null) readings.push({ source, value: recorded });
  for (const r of files?.rewards ?? []) readings.push(r);
  if (files?.details?.reward != null)
    readings.push({ source: "verifier/reward-details.json", value: files.details.reward });

  const warnings: string[] = [];
  let used: RewardReading | null = readings[0] ?? null;
  if (recorded === null && used !== null) {
    if (errored) {
      warnings.push(
        `${used.source} holds reward ${used.value}, but ${source} records an error and no reward: stored unscored, as BenchFlow counts it`,
      );
      used = null;
    } else {
      warnings.push(`${source} records no reward; the reward is taken from ${used.source}`);
    }
  }
  if (recorded === null && data.rewards) {
    const named = Object.keys(data.rewards).filter((k) => k !== "reward");
    if (named.length > 0)
      warnings.push(`rewards has no "reward" entry (it has ${named.join(", ")}): those are kept in metadata`);
  }
  const disagreement = rewardDisagreement(readings, used?.source ?? null);
  if (disagreement) warnings.push(disagreement);
  return { reward: used?.value ?? null, warnings };
}

/** A number of seconds as whole milliseconds; null unless a non-negative number. */
function secondsToMs(seconds: number | null | undefined): number | null {
  return typeof seconds === "number" && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/**
 * Tokens and cost from `agent_result`, else the trajectory's `final_metrics`. `tokens` is input + output where
 * both are recorded (`total_tokens` also counts cache reads and writes), else `total_tokens`.
 */
function usageOf(data: TBenchflowResult) {
  const r = data.agent_result;
  const f = data.final_metrics;
  const inputTokens = roundOrNull(r?.n_input_tokens ?? f?.total_prompt_tokens);
  const outputTokens = roundOrNull(r?.n_output_tokens ?? f?.total_completion_tokens);
  return {
    tokens: inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : roundOrNull(r?.total_tokens),
    inputTokens,
    outputTokens,
    cachedTokens: roundOrNull(r?.n_cache_read_tokens ?? f?.total_cached_tokens),
    costUsd: r?.cost_usd ?? f?.total_cost_usd ?? null,
  };
}

/** One BenchFlow trial: result.json with its verifier files; the regrade is added by the job (run.ts). */
export function normaliseBenchflowTrial(input: BenchflowTrialInput): BenchflowTrial {
  const { file, data, raw } = input.result;
  const files = input.trialFiles;
  const source = input.trialDir === null ? baseName(file.path) : "result.json";
  const verifierFailed = Boolean(data.verifier_error);
  const errored = verifierFailed || Boolean(data.error);
  const { reward, warnings } = chooseReward(data, source, files, errored);
  for (const w of [...(files?.warnings ?? []), ...(files?.details?.warnings ?? [])]) warnings.push(w);

  const checks = files?.details?.checks ?? [];
  const gradedCheck = checks.some((c) => c.status === "graded");
  const scored = reward !== null || (!errored && gradedCheck);
  if (!scored) {
    const why = verifierFailed
      ? labelled("unscored: the verifier failed", data.verifier_error_category, data.verifier_error!)
      : data.error
        ? labelled("unscored: the trial failed before it was verified", data.error_category, data.error)
        : "unscored: no reward was recorded (rewards is null) and the verifier left no reward file";
    warnings.unshift(why);
  }

  const group = data.dataset || null;
  const task: NormalizedTask = {
    key: taskKey(data.task_name, group),
    taskId: data.task_name,
    name: null,
    group,
    weight: 1,
  };
  const startedAt = isoTime(data.started_at);
  const finishedAt = isoTime(data.finished_at);

  const metadata = unknownFields(raw, MAPPED_RESULT_FIELDS);
  if (verifierFailed && data.error) {
    metadata.error = data.error;
    if (data.error_category) metadata.error_category = data.error_category;
  }
  if (files && Object.keys(files.rewardScores).length > 0) metadata.verifierScores = files.rewardScores;
  if (files?.details && Object.keys(files.details.kept).length > 0) metadata.rewardDetails = files.details.kept;

  const rollout: NormalizedRollout = {
    id: rolloutId(data, input.trialDir, file),
    task: task.key,
    status: scored ? "scored" : "unscored",
    rule: "reward",
    reportedPassed: null,
    reportedReward: reward,
    penalties: 0,
    gate: null,
    checks,
    terminationReason: null,
    toolCalls: data.n_tool_calls ?? null,
    toolErrors: null,
    agentOutput: null,
    error: data.verifier_error || data.error || null,
    errorCategory: (verifierFailed ? data.verifier_error_category : data.error_category) || null,
    startedAt,
    finishedAt,
    durationMs: secondsToMs(data.timing?.total) ?? spanMs(startedAt, finishedAt),
    ...usageOf(data),
    agentMs: secondsToMs(data.timing?.agent_execution),
    source: { path: file.path, format: "benchflow", sha256: sha256Hex(file.bytes) },
    files: [file.path, ...input.sidecars],
    warnings,
    metadata,
  };
  return {
    rollout,
    task,
    agent: data.agent_name || data.agent || null,
    model: data.model || null,
    trialDir: input.trialDir,
  };
}
