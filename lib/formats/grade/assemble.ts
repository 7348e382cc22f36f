import { commonFolder } from "../paths";
import type { FormatId, JsonObject, NormalizedRollout, NormalizedRun, NormalizedTask, ParseOptions } from "../types";
import { uniqueRolloutsAndTasks } from "../merge-task";

/** Shared by the record formats (grade, rubric, tau-bench): one rollout with the task it belongs to. */
export interface RolloutWithTask {
  rollout: NormalizedRollout;
  task: NormalizedTask;
}

/** `<group>/<taskId>` when a group is known, else taskId. */
export function taskKey(taskId: string, group: string | null): string {
  return group ? `${group}/${taskId}` : taskId;
}

export function isoTime(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The user's name, else the ingested folder's or file's (extension dropped), else the files' common folder. */
export function deriveRunName(options: ParseOptions, paths: readonly string[], fallback: string): string {
  if (options.runName?.trim()) return options.runName.trim();
  const root = options.rootName?.replace(/\.(jsonl|ndjson|json|eval)$/i, "").trim();
  if (root) return root;
  const folder = commonFolder(paths).split("/").filter(Boolean).pop();
  return folder ?? fallback;
}

/** The single value every item agrees on; null when none gives one or they disagree (with a warning then). */
export function agreed(values: readonly (string | null)[], what: string, warnings: string[]): string | null {
  const distinct = [...new Set(values.filter((v): v is string => v !== null && v !== ""))];
  if (distinct.length > 1)
    warnings.push(`rollouts name different ${what}s (${distinct.join(", ")}): the run's ${what} is left empty`);
  return distinct.length === 1 ? distinct[0]! : null;
}

export interface AssembleInput {
  format: FormatId;
  name: string;
  agent: string | null;
  model: string | null;
  createdAt: string | null;
  passThreshold: number;
  warnings: string[];
  metadata: JsonObject;
}

/** One run: rollout ids made unique (`id~2` with a warning), one task per key, in first-seen order. */
export function assembleRun(items: readonly RolloutWithTask[], input: AssembleInput): NormalizedRun {
  const warnings = [...input.warnings];
  const { rollouts, tasks } = uniqueRolloutsAndTasks(items, warnings);
  const starts = rollouts
    .map((r) => r.startedAt)
    .filter((s): s is string => s !== null)
    .sort();
  return {
    name: input.name,
    agent: input.agent,
    model: input.model,
    format: input.format,
    createdAt: input.createdAt ?? starts[0] ?? null,
    passThreshold: input.passThreshold,
    tasks: [...tasks.values()],
    rollouts,
    warnings,
    regrades: [],
    metadata: input.metadata,
  };
}

/** A rollout with every optional field empty; formats fill what their data holds. */
export function emptyRollout(
  base: Pick<NormalizedRollout, "id" | "task" | "status" | "rule" | "source" | "files">,
): NormalizedRollout {
  return {
    ...base,
    reportedPassed: null,
    reportedReward: null,
    penalties: 0,
    gate: null,
    checks: [],
    terminationReason: null,
    toolCalls: null,
    toolErrors: null,
    agentOutput: null,
    error: null,
    errorCategory: null,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    costUsd: null,
    tokens: null,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    agentMs: null,
    warnings: [],
    metadata: {},
  };
}
