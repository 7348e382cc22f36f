import { z } from "zod";
import { trialNumbers } from "./tau-bench/trials";
import { emptyRollout, taskKey, type RolloutWithTask, assembleRun } from "./grade/assemble";
import { fileStem } from "./grade/records";
import { sha256Hex } from "./hash";
import { isJsonObject, mayHoldKey, readJsonFile, zodIssuesToMessage } from "./json";
import type {
  FileRejection,
  FormatModule,
  InputFile,
  Json,
  JsonObject,
  NormalizedCheck,
  NormalizedRun,
  ParseOptions,
  ParseResult,
} from "./types";

/** tau-bench's results list (run.py's EnvRunResult): one entry per task × trial. Loose: other fields are kept. */
export const ZTauEntry = z.looseObject({
  task_id: z.union([z.number(), z.string().min(1)]),
  reward: z.number(),
  trial: z.number().int().nonnegative().optional(),
  info: z
    .looseObject({ error: z.string().nullable().optional(), total_cost: z.number().nullable().optional() })
    .optional(),
  traj: z.array(z.unknown()).optional(),
});
export const ZTauResults = z.array(ZTauEntry);
type TTauEntry = z.infer<typeof ZTauEntry>;

const ENVS = /^(airline|retail)$/;
/** run.py: `{strategy}-{model}-{temperature}_range_{start}-{end}_user-{user model}-{user strategy}_{time}.json`. */
const RUN_PY_NAME =
  /^(tool-calling|act|react|few-shot)-(.+)-(\d+(?:\.\d+)?)_range_\d+--?\d+_user-(.+)-(llm|react|verify|reflection)_\d+$/;

/** Agent, model and environment from the file's name, as run.py or the historical trajectories name it. */
export function identityFromName(path: string): { agent: string | null; model: string | null; env: string | null } {
  const stem = fileStem(path);
  const runPy = RUN_PY_NAME.exec(stem);
  if (runPy) return { agent: runPy[1]!, model: runPy[2]!, env: null };
  for (const part of stem.split(".")) {
    const m = /^(.+)-([a-z]+)$/.exec(part); // historical_trajectories/<model>-<env>.json
    if (m && ENVS.test(m[2]!)) return { agent: null, model: m[1]!, env: m[2]! };
  }
  return { agent: null, model: null, env: null };
}

/** The environment from a trajectory's system prompt ("# Airline Agent Policy"). */
function envFromTrajectory(traj: readonly unknown[] | undefined): string | null {
  const system = traj?.find((m) => isJsonObject(m as Json) && (m as JsonObject).role === "system") as
    JsonObject | undefined;
  const text = typeof system?.content === "string" ? system.content : "";
  const m = /#\s*(airline|retail)\s+agent\s+policy/i.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

function isTauFile(file: InputFile): boolean {
  if (!/\.json$/i.test(file.path) || !mayHoldKey(file, "task_id")) return false;
  const decoded = readJsonFile(file);
  if (!decoded.ok || !Array.isArray(decoded.value)) return false;
  const first = decoded.value[0];
  return (
    isJsonObject(first) &&
    "task_id" in first &&
    "reward" in first &&
    ("traj" in first || "info" in first || "trial" in first)
  );
}

/** tau-bench's reward_info.info parts (r_actions, r_outputs) as checks: what the reward was made of. */
function rewardChecks(info: JsonObject | undefined): NormalizedCheck[] {
  const rewardInfo = isJsonObject(info?.reward_info) ? info.reward_info : null;
  const parts = rewardInfo && isJsonObject(rewardInfo.info) ? rewardInfo.info : {};
  const details: Record<string, string> = {
    r_actions: "the final database state matches the expected actions",
    r_outputs: "every required output was given to the user",
  };
  return Object.entries(parts).flatMap(([key, value], order) => {
    if (!/^r_/.test(key) || typeof value !== "number") return [];
    const score = Math.min(1, Math.max(0, value));
    return [
      {
        order,
        key,
        label: key,
        passed: score >= 1,
        score,
        required: true,
        dimension: "correctness",
        status: "graded" as const,
        weight: null,
        failureTag: null,
        detail: details[key] ?? null,
        reason: null,
        evidenceRefs: [],
        metadata: {},
      },
    ];
  });
}

function trajectoryFacts(traj: readonly Json[]) {
  let toolCalls = 0;
  let toolErrors = 0;
  let lastAssistant: string | null = null;
  for (const m of traj) {
    if (!isJsonObject(m)) continue;
    if (m.role === "assistant") {
      if (Array.isArray(m.tool_calls)) toolCalls += m.tool_calls.length;
      if (typeof m.content === "string" && m.content.trim() !== "") lastAssistant = m.content;
    }
    if (m.role === "tool" && typeof m.content === "string" && /^error\b/i.test(m.content)) toolErrors += 1;
  }
  return { toolCalls, toolErrors, lastAssistant };
}

function normaliseEntry(
  file: InputFile,
  sha256: string,
  entry: TTauEntry,
  raw: JsonObject,
  trial: number,
  group: string | null,
): RolloutWithTask {
  const taskId = String(entry.task_id);
  const key = taskKey(taskId, group);
  const traj = Array.isArray(raw.traj) ? raw.traj : [];
  const facts = trajectoryFacts(traj);
  const crashed = entry.info?.error;
  const rollout = emptyRollout({
    id: `${taskId}#${trial}`,
    task: key,
    status: crashed ? "unscored" : "scored",
    rule: "reward",
    source: { path: `${file.path}#${taskId}_trial_${trial}`, format: "tau-bench", sha256 },
    files: [file.path],
  });
  rollout.reportedReward = entry.reward;
  rollout.checks = crashed ? [] : rewardChecks(isJsonObject(raw.info) ? raw.info : undefined);
  rollout.agentOutput = facts.lastAssistant;
  rollout.toolCalls = traj.length > 0 ? facts.toolCalls : null;
  rollout.toolErrors = traj.length > 0 ? facts.toolErrors : null;
  rollout.costUsd = entry.info?.total_cost ?? null;
  if (crashed) {
    rollout.error = crashed;
    rollout.errorCategory = "episode_error";
    rollout.warnings = [
      `the episode crashed (${crashed}); tau-bench recorded reward ${entry.reward} for it, so it is stored unscored`,
    ];
  }
  const metadata: JsonObject = { trial, trajectoryMessages: traj.length };
  for (const [k, v] of Object.entries(raw)) if (!["task_id", "reward", "trial", "traj"].includes(k)) metadata[k] = v;
  rollout.metadata = metadata;
  return { rollout, task: { key, taskId, name: null, group, weight: 1 } };
}

function parseFile(file: InputFile, options: ParseOptions): NormalizedRun | FileRejection {
  const decoded = readJsonFile(file);
  if (!decoded.ok) return { path: file.path, error: decoded.error };
  const parsed = ZTauResults.safeParse(decoded.value);
  if (!parsed.success) return { path: file.path, error: zodIssuesToMessage(parsed.error.issues) };
  const raws = decoded.value as JsonObject[];
  if (parsed.data.length === 0) return { path: file.path, error: "an empty results list" };
  const named = identityFromName(file.path);
  const env = named.env ?? envFromTrajectory(parsed.data.find((e) => e.traj?.length)?.traj);
  const sha256 = sha256Hex(file.bytes);
  const trials = trialNumbers(parsed.data);
  const items = parsed.data.map((entry, i) => normaliseEntry(file, sha256, entry, raws[i]!, trials[i]!, env));
  const metadata: JsonObject = { file: file.path };
  if (env) metadata.env = env;
  return assembleRun(items, {
    format: "tau-bench",
    name: options.runName?.trim() || fileStem(file.path),
    agent: options.agent ?? named.agent,
    model: options.model ?? named.model,
    createdAt: null,
    passThreshold: 1,
    warnings: [],
    metadata,
  });
}

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const result: ParseResult = { runs: [], rejected: [] };
  for (const file of files) {
    const out = parseFile(file, options);
    if ("error" in out) result.rejected.push(out);
    else result.runs.push(out);
  }
  return result;
}

/** tau-bench results (docs/formats.md): one run per results list; rollout `<task_id>#<trial>`; pass at reward 1.0. */
export const tauBenchFormat: FormatModule = {
  id: "tau-bench",
  claim: (files) => files.filter(isTauFile),
  parse,
  detectKeys: ["task_id"],
};
