import { buildTrace, draftStep, stepMetrics, type StepDraft, type StepMetrics, type TraceRead } from "@/lib/traces";
import { chatSteps } from "../chat-messages/messages";
import { asObject, numberOrNull, parseTraceJsonLines, stringOrNull, unmapped } from "../trace-input";
import type { InputFile, JsonObject } from "../types";
import { headObjects } from "./sniff";

/**
 * Claude Code's `claude -p --output-format stream-json --verbose`: one JSON object a line. `system` (subtype
 * `init`: session, model, tools), `assistant` and `user` lines each carrying one API message (content blocks:
 * text, thinking, tool_use, tool_result), and a closing `result` (answer, turns, duration, cost, usage).
 * Lines of a Task subagent carry the Task call's id in `parent_tool_use_id`.
 */

const MESSAGE_TYPES = new Set(["assistant", "user"]);

/** Whether a file's head reads as Claude Code stream-json: an init line, or message lines with a session. */
export function isClaudeCodeStream(file: InputFile): boolean {
  const head = headObjects(file);
  if (head.length === 0) return false;
  return head.some(
    (line) =>
      typeof line.session_id === "string" &&
      ((line.type === "system" && line.subtype === "init") ||
        (typeof line.type === "string" && MESSAGE_TYPES.has(line.type) && !!asObject(line.message)?.content) ||
        (line.type === "result" && typeof line.subtype === "string" && "num_turns" in line)),
  );
}

/**
 * Anthropic usage as step metrics: input counts every prompt token (fresh, written to the cache, read from it),
 * cached the part read from the cache, as the trace model defines them.
 */
function usageMetrics(usage: JsonObject | null, costUsd: number | null = null): StepMetrics | null {
  if (!usage)
    return costUsd === null
      ? null
      : stepMetrics({ inputTokens: null, outputTokens: null, cachedTokens: null, costUsd });
  const fresh = numberOrNull(usage.input_tokens);
  const written = numberOrNull(usage.cache_creation_input_tokens) ?? 0;
  const read = numberOrNull(usage.cache_read_input_tokens);
  return stepMetrics({
    inputTokens: fresh === null ? null : fresh + written + (read ?? 0),
    outputTokens: numberOrNull(usage.output_tokens),
    cachedTokens: read,
    costUsd,
  });
}

const RESULT_MAPPED = new Set(["type", "result", "usage", "total_cost_usd"]);

export function claudeCodeTrace(file: InputFile): TraceRead {
  const parsed = parseTraceJsonLines(file);
  if (!parsed.ok) return parsed.read;
  const { values, lines } = parsed.value;
  const warnings = [...parsed.value.warnings];
  const steps: StepDraft[] = [];
  const metadata: JsonObject = {};
  /** Claude Code writes each content block of one API message on its own line, usage repeated on each. */
  const usageCounted = new Set<string>();
  /** The Task call each sidechain belongs to, named by the Task's description when the call gave one. */
  const taskNames = new Map<string, string>();
  let recorded: Partial<StepMetrics> = {};
  let partial = 0;
  values.forEach((value, i) => {
    const line = asObject(value);
    const where = `${file.path} line ${lines[i]}`;
    if (!line) {
      warnings.push(`${where}: not a JSON object`);
      return;
    }
    const type = stringOrNull(line.type);
    if (type === "stream_event") {
      partial++;
      return;
    }
    if (type === "system" && line.subtype === "init") {
      Object.assign(metadata, unmapped(line, new Set(["type", "subtype"])));
      steps.push(draftStep("environment", { extra: unmapped(line, new Set(["type"])) }));
      return;
    }
    if (type !== null && MESSAGE_TYPES.has(type)) {
      const message = asObject(line.message);
      if (!message) {
        warnings.push(`${where}: ${type} line without a message object`);
        steps.push(draftStep("environment", { extra: line }));
        return;
      }
      const [step] = chatSteps(
        [{ ...message, role: stringOrNull(message.role) ?? type }],
        `${where} message`,
        warnings,
        {
          idPrefix: `l${lines[i]}.`,
        },
      );
      if (!step) return;
      const messageId = stringOrNull(message.id);
      const firstOfMessage = messageId === null || !usageCounted.has(messageId);
      if (messageId !== null) usageCounted.add(messageId);
      const parent = stringOrNull(line.parent_tool_use_id);
      for (const call of step.toolCalls) {
        const description = stringOrNull(asObject(call.arguments)?.description);
        if (call.name === "Task" || call.name === "Agent") taskNames.set(call.id, description ?? call.name);
      }
      steps.push({
        ...step,
        id: stringOrNull(line.uuid) ?? messageId,
        at: stringOrNull(line.timestamp) ?? step.at,
        metrics: firstOfMessage && type === "assistant" ? usageMetrics(asObject(message.usage)) : null,
        subagent: parent === null ? null : { id: parent, name: taskNames.get(parent) ?? null, depth: 1 },
        extra: {
          ...step.extra,
          ...unmapped(line, new Set(["type", "message", "uuid", "timestamp", "parent_tool_use_id"])),
        },
      });
      return;
    }
    if (type === "result") {
      const usage = usageMetrics(asObject(line.usage), numberOrNull(line.total_cost_usd));
      if (usage) recorded = usage;
      Object.assign(metadata, { result: unmapped(line, RESULT_MAPPED) });
      if (line.is_error === true) warnings.push(`the run ended in error: ${stringOrNull(line.subtype) ?? "error"}`);
      steps.push(
        draftStep("environment", {
          text: stringOrNull(line.result),
          extra: unmapped(line, RESULT_MAPPED),
        }),
      );
      return;
    }
    steps.push(draftStep("environment", { extra: line }));
  });
  if (partial > 0) metadata.partialMessageEvents = partial;
  return {
    kind: "trace",
    trace: buildTrace({ format: "claude-code", path: file.path, steps, recorded, metadata, warnings }),
  };
}
