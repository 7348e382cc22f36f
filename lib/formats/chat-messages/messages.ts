import {
  draftStep,
  type ContentPart,
  type StepDraft,
  type StepSource,
  type ToolCall,
  type ToolResult,
  type TraceContent,
} from "@/lib/traces";
import { isJsonObject } from "../json";
import { asObject, checkItem, keepPartFields, parseArguments, stringOrNull, unmapped } from "../trace-input";
import type { Json, JsonObject } from "../types";
import { ZChatMessage, type TChatMessage } from "./schema";

const MAPPED = new Set([
  "role",
  "content",
  "tool_calls",
  "tool_call_id",
  "reasoning",
  "reasoning_content",
  "timestamp",
]);

/** `type: "function"` is OpenAI's constant; Inspect's `view` and other call fields are kept. */
const CALL_FIELDS = new Set(["id", "function", "arguments", "type"]);

const ROLES: Record<string, StepSource> = {
  system: "system",
  developer: "system",
  user: "user",
  human: "user",
  assistant: "agent",
  ai: "agent",
  model: "agent",
  tool: "tool",
  function: "tool",
  ipython: "tool",
};

export interface ChatOptions {
  /** Whether a tool message's text reports an error, for harnesses that say so only in the text. */
  isErrorText?: (text: string) => boolean;
  /** Prefix of made-up call ids (`<prefix><message>.<n>`). */
  idPrefix?: string;
}

/** A content block as a part: text, an image by reference, anything else structured. */
function blockPart(block: JsonObject): ContentPart | null {
  const type = block.type;
  if ((type === "text" || type === "input_text" || type === "output_text") && typeof block.text === "string")
    return { type: "text", text: block.text };
  if (type === "image_url") {
    const url = stringOrNull(asObject(block.image_url)?.url) ?? stringOrNull(block.image_url);
    if (url) return { type: "image", image: { path: null, written: url, mediaType: null, available: null } };
  }
  if (type === "image") {
    const source = asObject(block.source);
    const written =
      stringOrNull(block.image) ??
      stringOrNull(source?.url) ??
      (source && typeof source.data === "string"
        ? `data:${stringOrNull(source.media_type) ?? "image"};base64,${source.data}`
        : null);
    if (written)
      return {
        type: "image",
        image: { path: null, written, mediaType: stringOrNull(source?.media_type), available: null },
      };
  }
  return null;
}

/** Any block as a part: known ones mapped, the rest kept structured. */
const partOf = (block: Json): ContentPart =>
  (isJsonObject(block) ? blockPart(block) : null) ?? { type: "json", value: block };

function contentOf(value: Json | undefined): TraceContent {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  return Array.isArray(value) ? value.map(partOf) : [partOf(value)];
}

interface SplitBlocks {
  calls: ToolCall[];
  results: ToolResult[];
  reasoning: string[];
  parts: ContentPart[];
}

/** Anthropic content blocks: tool_use → calls, tool_result → results, thinking → reasoning, the rest content. */
function splitBlocks(blocks: readonly Json[], newCallId: (n: number) => string, into: SplitBlocks): void {
  for (const block of blocks) {
    const b = asObject(block);
    const thought = b?.thinking ?? b?.reasoning;
    if (b?.type === "tool_use" && typeof b.name === "string") {
      const id = b.id === undefined || b.id === null ? newCallId(into.calls.length) : String(b.id);
      into.calls.push({ id, name: b.name, arguments: b.input ?? null });
    } else if (b?.type === "tool_result") {
      into.results.push({
        callId: stringOrNull(b.tool_use_id),
        content: contentOf(b.content),
        isError: b.is_error === true,
      });
    } else if ((b?.type === "thinking" || b?.type === "reasoning") && typeof thought === "string") {
      into.reasoning.push(thought);
    } else {
      into.parts.push(partOf(block));
    }
  }
}

const textOf = (content: TraceContent): string =>
  typeof content === "string" ? content : content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");

/** One message as one step. Anthropic blocks are split: tool_use → calls, tool_result → results, thinking → reasoning. */
function messageStep(message: TChatMessage, raw: JsonObject, at: number, options: ChatOptions): StepDraft {
  let source: StepSource = ROLES[message.role.toLowerCase()] ?? "environment";
  const prefix = options.idPrefix ?? "m";
  const calls: ToolCall[] = (message.tool_calls ?? []).map((call, i) => ({
    id: call.id === undefined || call.id === null ? `${prefix}${at}.${i}` : String(call.id),
    name: typeof call.function === "string" ? call.function : call.function.name,
    arguments: parseArguments(typeof call.function === "string" ? call.arguments : call.function.arguments),
  }));
  const split: SplitBlocks = { calls, results: [], reasoning: [], parts: [] };
  const blocks = Array.isArray(raw.content) ? raw.content : null;
  if (blocks) splitBlocks(blocks, (n) => `${prefix}${at}.${n}`, split);
  const { results, reasoning } = split;
  const content: TraceContent = blocks ? split.parts : contentOf(raw.content);
  if (source === "tool") {
    const failed = message.error !== undefined && message.error !== null;
    const text = textOf(content);
    results.push({
      callId: message.tool_call_id === undefined || message.tool_call_id === null ? null : String(message.tool_call_id),
      content,
      isError: failed || (options.isErrorText?.(text) ?? false),
    });
  } else if (results.length > 0 && calls.length === 0 && textOf(content).trim() === "") {
    // An Anthropic user turn that only carries tool results is the tools speaking.
    source = "tool";
  }
  const text = source === "tool" ? "" : textOf(content);
  const images =
    source === "tool" || typeof content === "string"
      ? []
      : content.flatMap((p) => (p.type === "image" ? [p.image] : []));
  const thought =
    message.reasoning ?? message.reasoning_content ?? (reasoning.length > 0 ? reasoning.join("\n") : null);
  const extra = unmapped(raw, MAPPED);
  keepPartFields(extra, "toolCallFields", Array.isArray(raw.tool_calls) ? raw.tool_calls : [], CALL_FIELDS);
  if (source === "environment") extra.role = message.role;
  return draftStep(source, {
    id: stringOrNull(raw.id),
    at: message.timestamp ?? null,
    text: text === "" ? null : text,
    reasoning: thought,
    toolCalls: calls,
    results,
    images,
    extra,
  });
}

/** Chat messages as steps, one per message; a message that is not one is kept whole with a warning. */
export function chatSteps(
  messages: readonly Json[],
  where: string,
  warnings: string[],
  options: ChatOptions = {},
): StepDraft[] {
  return messages.map((value, i) => {
    const checked = checkItem(ZChatMessage, value, `${where}[${i}]`);
    if (checked.ok) return messageStep(checked.data, asObject(value) ?? {}, i, options);
    warnings.push(checked.error);
    return draftStep("environment", { extra: { message: value } });
  });
}
