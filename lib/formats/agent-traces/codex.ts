import {
  buildTrace,
  draftStep,
  stepMetrics,
  type ContentPart,
  type StepDraft,
  type ToolCall,
  type ToolResult,
  type TraceContent,
  type TraceRead,
} from "@/lib/traces";
import { asObject, numberOrNull, parseTraceJsonLines, stringOrNull, unmapped } from "../trace-input";
import type { InputFile, Json, JsonObject } from "../types";
import { headObjects } from "./sniff";

/**
 * Codex's `codex exec --json`: one thread event a line (`thread.started`, `turn.started`, `item.started` /
 * `item.updated` / `item.completed` carrying an `item`, `turn.completed` with usage, `turn.failed`, `error`).
 * Items (codex-rs/exec/src/exec_events.rs): agent_message, reasoning, plan, command_execution, file_change,
 * mcp_tool_call, web_search, todo_list, error.
 */

const EVENT_TYPES = new Set([
  "thread.started",
  "turn.started",
  "turn.completed",
  "turn.failed",
  "item.started",
  "item.updated",
  "item.completed",
]);

/** Whether a file's head reads as Codex exec events: a thread event, or an item event carrying a typed item. */
export function isCodexEvents(file: InputFile): boolean {
  const head = headObjects(file);
  return head.some(
    (line) =>
      (line.type === "thread.started" && typeof line.thread_id === "string") ||
      (typeof line.type === "string" &&
        line.type.startsWith("item.") &&
        EVENT_TYPES.has(line.type) &&
        typeof asObject(line.item)?.type === "string" &&
        typeof asObject(line.item)?.id === "string"),
  );
}

const ITEM_MAPPED = new Set(["id", "type", "text", "command", "aggregated_output", "exit_code", "status"]);

/** An MCP result's content blocks as parts: text as text, the rest kept structured. */
function mcpContent(result: JsonObject | null): TraceContent {
  if (!result) return "";
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts: ContentPart[] = blocks.map((block) => {
    const b = asObject(block);
    return b?.type === "text" && typeof b.text === "string"
      ? { type: "text", text: b.text }
      : { type: "json", value: block };
  });
  if (result.structured_content !== undefined && result.structured_content !== null)
    parts.push({ type: "json", value: result.structured_content });
  return parts;
}

/** One item, in its last reported state, as a step. */
function itemStep(item: JsonObject): StepDraft {
  const id = stringOrNull(item.id);
  const type = stringOrNull(item.type) ?? "unknown";
  const status = stringOrNull(item.status);
  const call = (name: string, args: Json, result: ToolResult | null): Partial<StepDraft> => {
    const toolCall: ToolCall = { id: id ?? `${type}?`, name, arguments: args };
    return { toolCalls: [toolCall], results: result ? [{ ...result, callId: toolCall.id }] : [] };
  };
  const extra = unmapped(item, ITEM_MAPPED);
  switch (type) {
    case "agent_message":
    case "plan":
      return draftStep("agent", {
        id,
        text: stringOrNull(item.text),
        extra: type === "plan" ? { ...extra, type } : extra,
      });
    case "reasoning":
      return draftStep("agent", { id, reasoning: stringOrNull(item.text), extra });
    case "command_execution": {
      const exit = numberOrNull(item.exit_code);
      const done = status !== "in_progress";
      return draftStep("agent", {
        id,
        ...call(
          "shell",
          { command: item.command ?? null },
          done
            ? {
                callId: null,
                content: stringOrNull(item.aggregated_output) ?? "",
                isError: status === "failed" || (exit !== null && exit !== 0),
              }
            : null,
        ),
        extra: { ...extra, ...(exit === null ? {} : { exit_code: exit }), ...(status === null ? {} : { status }) },
      });
    }
    case "file_change":
      return draftStep("agent", {
        id,
        ...call(
          "apply_patch",
          { changes: item.changes ?? null },
          {
            callId: null,
            content: status ?? "",
            isError: status === "failed",
          },
        ),
        extra: { ...unmapped(extra, new Set(["changes"])), ...(status === null ? {} : { status }) },
      });
    case "mcp_tool_call": {
      const server = stringOrNull(item.server);
      const tool = stringOrNull(item.tool) ?? "mcp";
      const error = stringOrNull(asObject(item.error)?.message);
      const done = status !== "in_progress";
      return draftStep("agent", {
        id,
        ...call(
          server === null ? tool : `${server}.${tool}`,
          item.arguments ?? null,
          done
            ? {
                callId: null,
                content: error ?? mcpContent(asObject(item.result)),
                isError: status === "failed" || error !== null,
              }
            : null,
        ),
        extra: {
          ...unmapped(extra, new Set(["server", "tool", "arguments", "result", "error"])),
          ...(status === null ? {} : { status }),
        },
      });
    }
    case "web_search":
      return draftStep("agent", {
        id,
        ...call("web_search", { query: item.query ?? null }, null),
        extra: unmapped(extra, new Set(["query"])),
      });
    case "todo_list": {
      const items = Array.isArray(item.items) ? item.items : [];
      const text = items
        .map((t) => asObject(t))
        .map((t) => `${t?.completed === true ? "[x]" : "[ ]"} ${stringOrNull(t?.text) ?? ""}`)
        .join("\n");
      return draftStep("agent", {
        id,
        text: text === "" ? null : text,
        extra: { ...unmapped(extra, new Set(["items"])), type },
      });
    }
    case "error":
      return draftStep("environment", {
        id,
        text: stringOrNull(item.message),
        extra: { ...unmapped(extra, new Set(["message"])), type },
      });
    default:
      return draftStep("environment", { id, text: stringOrNull(item.text), extra: { ...extra, type } });
  }
}

export function codexTrace(file: InputFile): TraceRead {
  const parsed = parseTraceJsonLines(file);
  if (!parsed.ok) return parsed.read;
  const { values, lines } = parsed.value;
  const warnings = [...parsed.value.warnings];
  const steps: StepDraft[] = [];
  const metadata: JsonObject = {};
  /** Where each item's step is: item.started, item.updated and item.completed of one id are one step. */
  const byItem = new Map<string, number>();
  /** Steps of the current turn start here; turn.completed's usage goes to the turn's last step. */
  let turnStart = 0;
  let turns = 0;
  values.forEach((value, i) => {
    const event = asObject(value);
    const where = `${file.path} line ${lines[i]}`;
    const type = stringOrNull(event?.type);
    if (!event || type === null) {
      warnings.push(`${where}: not an event (an object with a type)`);
      return;
    }
    if (type === "thread.started") {
      metadata.thread_id = event.thread_id ?? null;
      return;
    }
    if (type === "turn.started") {
      turnStart = steps.length;
      turns++;
      return;
    }
    if (type.startsWith("item.") && EVENT_TYPES.has(type)) {
      const item = asObject(event.item);
      if (!item) {
        warnings.push(`${where}: ${type} without an item`);
        return;
      }
      const step = itemStep(item);
      const id = stringOrNull(item.id);
      const at = id === null ? undefined : byItem.get(id);
      if (at === undefined) {
        if (id !== null) byItem.set(id, steps.length);
        steps.push(step);
      } else {
        steps[at] = step;
      }
      return;
    }
    if (type === "turn.completed") {
      const usage = asObject(event.usage);
      const metrics = usage
        ? stepMetrics({
            inputTokens: numberOrNull(usage.input_tokens),
            outputTokens: numberOrNull(usage.output_tokens),
            cachedTokens: numberOrNull(usage.cached_input_tokens),
            costUsd: null,
          })
        : null;
      const last = steps.length > turnStart ? steps[steps.length - 1] : undefined;
      if (metrics && last && last.metrics === null) last.metrics = metrics;
      else if (metrics) steps.push(draftStep("environment", { metrics, extra: { type } }));
      return;
    }
    if (type === "turn.failed" || type === "error") {
      const message = stringOrNull(asObject(event.error)?.message) ?? stringOrNull(event.message);
      warnings.push(`${type}: ${message ?? "no message"}`);
      steps.push(draftStep("environment", { text: message, extra: unmapped(event, new Set(["error", "message"])) }));
      return;
    }
    steps.push(draftStep("environment", { extra: event }));
  });
  metadata.turns = turns;
  return { kind: "trace", trace: buildTrace({ format: "codex", path: file.path, steps, metadata, warnings }) };
}
