import { isJsonObject } from "../json";
import type { Json, JsonObject, RolloutSource } from "../types";
import { emptyRollout, isoTime, type RolloutWithTask } from "../grade/assemble";
import { SAMPLE_OMITTED, type TEvalError, type TEvalSample, type TScore } from "./schema";
import { sampleUsage } from "./usage";
import { scorerChecks } from "./values";

/** Metadata values longer than this (as JSON) are replaced by a note: the raw log keeps them. */
const METADATA_VALUE_LIMIT = 4000;

export function capped(value: Json, limit = METADATA_VALUE_LIMIT): Json {
  const text = JSON.stringify(value);
  return text.length > limit ? { _omitted: `${text.length} characters; see the raw log` } : value;
}

export function errorMessage(error: TEvalError): string {
  return typeof error === "string" ? error : error.message;
}

/** The exception class of an error ("RuntimeError('boom')", or a traceback's last line), else "sample_error". */
export function errorCategory(error: TEvalError): string {
  const last = typeof error === "string" ? error : (error.traceback?.trim().split("\n").pop() ?? error.message);
  const match =
    /^([A-Za-z_][\w.]*?(?:Error|Exception|Timeout|Exit|Interrupt))\b/.exec(last.trim()) ??
    /^([A-Z]\w+)\(/.exec(errorMessage(error).trim());
  return match?.[1] ?? "sample_error";
}

function contentText(content: Json | undefined): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const texts = content.flatMap((part) => (isJsonObject(part) && typeof part.text === "string" ? [part.text] : []));
  return texts.length > 0 ? texts.join("\n") : null;
}

function firstChoice(output: Json | undefined): JsonObject | null {
  if (!isJsonObject(output) || !Array.isArray(output.choices)) return null;
  const choice = output.choices[0];
  return isJsonObject(choice) ? choice : null;
}

function outputText(output: Json | undefined): string | null {
  if (isJsonObject(output) && typeof output.completion === "string" && output.completion !== "")
    return output.completion;
  const message = firstChoice(output)?.message;
  return isJsonObject(message) ? contentText(message.content) : null;
}

function toolCounts(messages: readonly Json[] | undefined): { calls: number | null; errors: number | null } {
  if (!messages) return { calls: null, errors: null };
  let calls = 0;
  let errors = 0;
  for (const m of messages) {
    if (!isJsonObject(m)) continue;
    if (m.role === "assistant" && Array.isArray(m.tool_calls)) calls += m.tool_calls.length;
    if (m.role === "tool" && m.error !== undefined && m.error !== null) errors += 1;
  }
  return { calls, errors };
}

/** Scorer name, parsed score and raw score object, in the log's order; an old single `score` under its scorer's name. */
function scoresOf(sample: TEvalSample, raw: JsonObject, defaultScorer: string): [string, TScore, JsonObject][] {
  if (sample.scores && isJsonObject(raw.scores)) {
    const rawScores = raw.scores;
    return Object.entries(sample.scores).map(([name, s]) => [
      name,
      s,
      isJsonObject(rawScores[name]) ? rawScores[name] : {},
    ]);
  }
  if (sample.score && isJsonObject(raw.score)) return [[defaultScorer, sample.score, raw.score]];
  return [];
}

export interface SampleInput {
  data: TEvalSample;
  raw: JsonObject;
  source: RolloutSource;
  files: string[];
  /** Name for the single `score` of older logs: the log's first scorer. */
  defaultScorer: string;
}

/**
 * One sample × epoch as a rollout (rule "checks", every scorer required): id `<sample id>#<epoch>`, task key
 * the sample id. A sample with no graded score (an error, or only N values) is unscored, saying why.
 */
export function normaliseSample(input: SampleInput): RolloutWithTask {
  const { data, raw } = input;
  const taskId = String(data.id);
  const epoch = data.epoch ?? 1;
  const { checks, warnings } = scorerChecks(scoresOf(data, raw, input.defaultScorer));
  const graded = checks.some((c) => c.status === "graded");
  const rollout = emptyRollout({
    id: `${taskId}#${epoch}`,
    task: taskId,
    status: graded ? "scored" : "unscored",
    rule: "checks",
    source: input.source,
    files: input.files,
  });
  rollout.checks = checks;

  const error = data.error ?? null;
  if (error !== null) {
    rollout.error = errorMessage(error);
    rollout.errorCategory = errorCategory(error);
  }
  if (!graded) {
    const why =
      error !== null
        ? `sample error (${rollout.errorCategory}): ${rollout.error}`
        : checks.length === 0
          ? "the sample has no scores (the scorer did not run)"
          : "no scorer graded the sample (no answer)";
    warnings.unshift(`${why}: stored unscored`);
    rollout.error ??= checks.length === 0 ? "no scores" : "no graded score";
    rollout.errorCategory ??= "not_graded";
  } else if (error !== null) {
    warnings.push(`sample error (${rollout.errorCategory}) although it was scored: ${rollout.error}`);
  }
  rollout.warnings = warnings;

  const output = raw.output;
  const tools = toolCounts(Array.isArray(raw.messages) ? raw.messages : undefined);
  const stop = firstChoice(output)?.stop_reason;
  rollout.terminationReason = data.limit ? `${data.limit.type}_limit` : typeof stop === "string" ? stop : null;
  rollout.agentOutput = outputText(output);
  rollout.toolCalls = tools.calls;
  rollout.toolErrors = tools.errors;
  Object.assign(rollout, sampleUsage(data, output));
  rollout.startedAt = isoTime(data.started_at);
  rollout.finishedAt = isoTime(data.completed_at);
  rollout.durationMs = typeof data.total_time === "number" ? Math.round(data.total_time * 1000) : null;
  rollout.agentMs = typeof data.working_time === "number" ? Math.round(data.working_time * 1000) : null;
  const metadata: JsonObject = { epoch };
  for (const [k, v] of Object.entries(raw)) if (!SAMPLE_OMITTED.has(k)) metadata[k] = capped(v);
  if (data.limit) metadata.limit = raw.limit ?? null;
  rollout.metadata = metadata;

  return { rollout, task: { key: taskId, taskId, name: null, group: null, weight: 1 } };
}
