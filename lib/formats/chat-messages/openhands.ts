import { z } from "zod";
import {
  buildTrace,
  draftStep,
  linkByAdjacency,
  stepMetrics,
  type StepDraft,
  type StepSource,
  type TraceRead,
} from "@/lib/traces";
import { asObject, checkItem, numberOrNull, stringOrNull, textOf, unmapped } from "../trace-input";
import type { InputFile, Json, JsonObject } from "../types";

/**
 * OpenHands' event list: `{id, timestamp, source, message, action, args}` for what the user or agent did,
 * `{id, cause, observation, content, extras}` for what came back; a tool call's action and observation both
 * carry `tool_call_metadata.tool_call_id`, and the observation's `cause` is the action's id.
 */
const ZEvent = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  timestamp: z.string().optional(),
  source: z.string().optional(),
  message: z.string().nullable().optional(),
  action: z.string().optional(),
  observation: z.string().optional(),
  cause: z.union([z.number(), z.string()]).nullable().optional(),
});

const ACTION_FIELDS = new Set(["id", "timestamp", "source", "message", "action", "args"]);
const OBSERVATION_FIELDS = new Set(["id", "timestamp", "source", "message", "observation", "content", "cause"]);
/** Actions that are speech, not tool calls. */
const SPEECH = new Set(["message", "finish", "think", "system"]);
const SOURCES: Record<string, StepSource> = { user: "user", agent: "agent", environment: "environment" };

export function isOpenHandsEvents(value: Json): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  return value.every((e) => {
    const o = asObject(e);
    return !!o && "id" in o && ("action" in o || "observation" in o);
  });
}

function usage(metadata: JsonObject | null, seen: Set<string>) {
  const response = asObject(metadata?.model_response);
  const usage = asObject(response?.usage);
  const responseId = stringOrNull(response?.id);
  // Several calls of one model response each carry the same usage; it is counted once.
  if (!usage || (responseId !== null && seen.has(responseId))) return null;
  if (responseId !== null) seen.add(responseId);
  return stepMetrics({
    inputTokens: numberOrNull(usage.prompt_tokens),
    outputTokens: numberOrNull(usage.completion_tokens),
    cachedTokens: numberOrNull(asObject(usage.prompt_tokens_details)?.cached_tokens),
    costUsd: null,
  });
}

export function openHandsTrace(file: InputFile, events: readonly Json[]): TraceRead {
  const warnings: string[] = [];
  const seenResponses = new Set<string>();
  const callOfAction = new Map<string, string>();
  const steps: StepDraft[] = events.map((raw, i) => {
    const checked = checkItem(ZEvent, raw, `[${i}]`);
    const event = asObject(raw) ?? {};
    if (!checked.ok) {
      warnings.push(checked.error);
      return draftStep("environment", { extra: { event: raw } });
    }
    const e = checked.data;
    const id = e.id === undefined ? null : String(e.id);
    const metadata = asObject(event.tool_call_metadata);
    const toolCallId = stringOrNull(metadata?.tool_call_id);
    if (e.observation !== undefined) {
      const cause = e.cause === undefined || e.cause === null ? null : (callOfAction.get(String(e.cause)) ?? null);
      return draftStep("tool", {
        id,
        at: e.timestamp ?? null,
        text: e.message || null,
        results: [
          { callId: toolCallId ?? cause, content: textOf(event.content) ?? "", isError: e.observation === "error" },
        ],
        extra: unmapped(event, OBSERVATION_FIELDS),
      });
    }
    const action = e.action ?? "(no action)";
    const args = asObject(event.args);
    const isCall = !SPEECH.has(action);
    const callId = toolCallId ?? `${id ?? i}.0`;
    if (isCall && id !== null) callOfAction.set(id, callId);
    const name = stringOrNull(metadata?.function_name) ?? action;
    const spoken = textOf(args?.content) ?? textOf(args?.thought) ?? textOf(args?.final_thought);
    return draftStep(SOURCES[e.source ?? ""] ?? "environment", {
      id,
      at: e.timestamp ?? null,
      text: (isCall ? e.message : (spoken ?? e.message)) || null,
      toolCalls: isCall ? [{ id: callId, name, arguments: args ?? null }] : [],
      metrics: usage(metadata, seenResponses),
      extra: { action, ...unmapped(event, ACTION_FIELDS) },
    });
  });
  linkByAdjacency(steps);
  return { kind: "trace", trace: buildTrace({ format: "openhands", path: file.path, steps, warnings }) };
}
