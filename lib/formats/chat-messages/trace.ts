import {
  buildTrace,
  draftStep,
  linkByAdjacency,
  noTrace,
  rawTrace,
  type StepDraft,
  type TraceRead,
} from "@/lib/traces";
import { baseName } from "../paths";
import { asObject, numberOrNull, parseTraceJson, unmapped } from "../trace-input";
import type { InputFile, Json } from "../types";
import { chatSteps, type ChatOptions } from "./messages";
import { isOpenHandsEvents, openHandsTrace } from "./openhands";
import { isSweAgentTraj, sweAgentTrace } from "./swe-agent";

/** A value with a chat `messages` array: an OpenAI/Anthropic request or result, or mini-swe-agent's native file. */
export function hasMessages(value: Json): boolean {
  const object = asObject(value);
  return (
    !!object &&
    Array.isArray(object.messages) &&
    object.messages.length > 0 &&
    object.messages.every((m) => !!asObject(m)?.role)
  );
}

/** Usage mini-swe-agent records for the whole run. */
function recordedCost(value: Json): number | null {
  return numberOrNull(asObject(asObject(asObject(value)?.info)?.model_stats)?.instance_cost);
}

/** A `messages` array as a trace; an Anthropic top-level `system` string becomes the first step. */
export function messagesTrace(
  file: InputFile,
  value: Json,
  format = "chat-messages",
  options: ChatOptions = {},
): TraceRead {
  const object = asObject(value);
  if (!object || !Array.isArray(object.messages)) return rawTrace(file.path, file.bytes, "no messages array");
  const warnings: string[] = [];
  const steps: StepDraft[] = [];
  if (typeof object.system === "string") steps.push(draftStep("system", { text: object.system }));
  for (const step of chatSteps(object.messages, "messages", warnings, options)) steps.push(step);
  linkByAdjacency(steps);
  return {
    kind: "trace",
    trace: buildTrace({
      format,
      path: file.path,
      steps,
      recorded: { costUsd: recordedCost(value) },
      metadata: unmapped(object, new Set(["messages", "system"])),
      warnings,
    }),
  };
}

const CANDIDATE = /\.(json|traj)$/i;

/** What readGenericTrace looks for, in words. */
export const GENERIC_SHAPES = "SWE-agent .traj, OpenHands event list or chat messages";

/**
 * A trace in a shape no harness owns, among a trial's files: a SWE-agent `.traj`, an OpenHands event list, or
 * any JSON object with a chat `messages` array (OpenAI, Anthropic, mini-swe-agent). The first file in path
 * order that is one of these; a `.traj` that does not parse is raw text with why.
 */
export function readGenericTrace(files: readonly InputFile[]): TraceRead {
  const candidates = files.filter((f) => CANDIDATE.test(f.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const file of candidates) {
    const parsed = parseTraceJson(file);
    if (!parsed.ok) {
      if (/\.traj$/i.test(file.path)) return parsed.read;
      continue;
    }
    const value = parsed.value;
    if (isSweAgentTraj(value)) return sweAgentTrace(file, value);
    if (isOpenHandsEvents(value)) return openHandsTrace(file, value as Json[]);
    if (hasMessages(value)) {
      const format = /\.trajectory\.json$/i.test(baseName(file.path)) ? "mini-swe-agent" : "chat-messages";
      return messagesTrace(file, value, format);
    }
  }
  return noTrace(`no ${GENERIC_SHAPES} among the files`);
}
