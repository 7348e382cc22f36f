import { z } from "zod";
import { draftStep, jsonContent, type StepDraft } from "@/lib/traces";
import { checkItem, textOf, unmapped } from "../trace-input";
import type { Json, JsonObject } from "../types";

/**
 * One event of Silo's trace (`trace.jsonl`, one per line, or the baselines' `<task>.tool-events.json` array):
 * `{seq, type, at, callId, tool, input | output, isError, durationMs}`. Types Tally maps: run_start,
 * tool_call, tool_result, agent_output, run_end, verifier_result; any other type is kept as an environment
 * step with all its fields.
 */
export const ZSiloTraceEvent = z.looseObject({
  seq: z.union([z.number(), z.string()]).optional(),
  type: z.string().min(1),
  at: z.string().optional(),
  callId: z.union([z.string(), z.number()]).nullable().optional(),
  tool: z.string().optional(),
  isError: z.boolean().optional(),
});

const MAPPED: Record<string, ReadonlySet<string>> = {
  tool_call: new Set(["seq", "at", "callId", "tool", "input"]),
  tool_result: new Set(["seq", "at", "callId", "output", "isError"]),
  agent_output: new Set(["seq", "at", "output"]),
};
const MAPPED_OTHER = new Set(["seq", "at"]);

/** A Silo event as a step; an event that is not one (no `type`) is kept whole with a warning. */
export function siloEventStep(value: Json | undefined, where: string, warnings: string[]): StepDraft {
  const checked = checkItem(ZSiloTraceEvent, value, where);
  if (!checked.ok) {
    warnings.push(checked.error);
    return draftStep("environment", { extra: { event: value ?? null } });
  }
  const event = value as JsonObject;
  const data = checked.data;
  const id = data.seq === undefined ? null : String(data.seq);
  const base = { id, at: data.at ?? null, extra: unmapped(event, MAPPED[data.type] ?? MAPPED_OTHER) };
  const callId = data.callId === undefined || data.callId === null ? null : String(data.callId);
  switch (data.type) {
    case "tool_call":
      return draftStep("agent", {
        ...base,
        toolCalls: [
          { id: callId ?? `${id ?? where}.0`, name: data.tool ?? "(unnamed tool)", arguments: event.input ?? null },
        ],
      });
    case "tool_result":
      return draftStep("tool", {
        ...base,
        results: [{ callId, content: jsonContent(event.output), isError: data.isError === true }],
      });
    case "agent_output":
      return draftStep("agent", { ...base, text: textOf(event.output) });
    default:
      return draftStep("environment", { ...base, extra: { type: data.type, ...base.extra } });
  }
}
