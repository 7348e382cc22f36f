import { z } from "zod";
import { draftStep, jsonContent, type ContentPart, type StepDraft, type TraceContent } from "@/lib/traces";
import { asObject, checkItem, textOf, unmapped } from "../trace-input";
import type { Json, JsonObject } from "../types";

/**
 * One event of BenchFlow's `trajectory/acp_trajectory.jsonl` (Agent Client Protocol updates as BenchFlow
 * records them): `user_message`, `agent_thought`, `agent_message` with `text` and `ts`; `tool_call` with
 * `tool_call_id`, `kind`, `title`, `status`, `content`, `raw_input`, `raw_output`, `started_at`,
 * `finished_at` (the call and its outcome on one line); `agent_timeout`. Other types are kept as they are.
 */
export const ZAcpEvent = z.looseObject({
  type: z.string().min(1),
  text: z.string().nullable().optional(),
  ts: z.string().nullable().optional(),
  tool_call_id: z.union([z.string(), z.number()]).nullable().optional(),
  kind: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  started_at: z.string().nullable().optional(),
});

const TEXT_FIELDS = new Set(["type", "text", "ts"]);
const CALL_FIELDS = new Set([
  "type",
  "tool_call_id",
  "kind",
  "title",
  "status",
  "raw_input",
  "raw_output",
  "started_at",
  "ts",
]);
/** Statuses after which a call has an outcome to show. */
const DONE = new Set(["completed", "failed", "cancelled"]);

/** ACP tool-call content: `{type: "content", content: {type: "text", text}}` blocks as text, diffs and the rest kept. */
function callContent(event: JsonObject): TraceContent {
  if (event.raw_output !== undefined && event.raw_output !== null) return jsonContent(event.raw_output);
  const blocks = Array.isArray(event.content) ? event.content : [];
  return blocks.map((block): ContentPart => {
    const inner = asObject(asObject(block)?.content);
    if (asObject(block)?.type === "content" && inner?.type === "text" && typeof inner.text === "string")
      return { type: "text", text: inner.text };
    return { type: "json", value: block };
  });
}

export function acpEventStep(value: Json, where: string, warnings: string[]): StepDraft {
  const checked = checkItem(ZAcpEvent, value, where);
  if (!checked.ok) {
    warnings.push(checked.error);
    return draftStep("environment", { extra: { event: value } });
  }
  const event = asObject(value) ?? {};
  const e = checked.data;
  const at = e.ts ?? null;
  switch (e.type) {
    case "user_message":
      return draftStep("user", { at, text: e.text ?? null, extra: unmapped(event, TEXT_FIELDS) });
    case "agent_message":
      return draftStep("agent", { at, text: e.text ?? null, extra: unmapped(event, TEXT_FIELDS) });
    case "agent_thought":
      return draftStep("agent", { at, reasoning: e.text ?? null, extra: unmapped(event, TEXT_FIELDS) });
    case "tool_call": {
      const id = e.tool_call_id === undefined || e.tool_call_id === null ? `${where}.0` : String(e.tool_call_id);
      const status = e.status ?? null;
      const done = status === null || DONE.has(status);
      return draftStep("agent", {
        at: e.started_at ?? at,
        text: e.title ?? null,
        toolCalls: [{ id, name: e.kind ?? e.title ?? "(unnamed tool)", arguments: event.raw_input ?? null }],
        results: done ? [{ callId: id, content: callContent(event), isError: status === "failed" }] : [],
        extra: { ...(status === null ? {} : { status }), ...unmapped(event, CALL_FIELDS) },
      });
    }
    default:
      return draftStep("environment", {
        at,
        text: textOf(event.text) ?? textOf(event.message),
        extra: unmapped(event, new Set(["ts"])),
      });
  }
}
