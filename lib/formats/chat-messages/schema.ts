import { z } from "zod";
import { ZJsonValue } from "../trace-input";

/**
 * Chat messages as OpenAI, Anthropic and Inspect AI write them. One lenient schema for the three: what differs
 * is where tool calls and results sit (OpenAI/Inspect: `tool_calls` on the assistant message and a `tool`
 * message with `tool_call_id`; Anthropic: `tool_use` and `tool_result` blocks inside `content`).
 */

export const ZContentBlock = z.looseObject({ type: z.string() });
export type TContentBlock = z.infer<typeof ZContentBlock>;

export const ZChatToolCall = z.looseObject({
  id: z.union([z.string(), z.number()]).nullable().optional(),
  /** OpenAI: `{name, arguments: "<json string>"}`; Inspect: the function name as a string. */
  function: z.union([z.string(), z.looseObject({ name: z.string(), arguments: ZJsonValue.optional() })]),
  /** Inspect: arguments as an object beside the function name. */
  arguments: ZJsonValue.optional(),
});

export const ZChatMessage = z.looseObject({
  role: z.string(),
  content: z
    .union([z.string(), z.array(ZContentBlock)])
    .nullable()
    .optional(),
  tool_calls: z.array(ZChatToolCall).nullable().optional(),
  tool_call_id: z.union([z.string(), z.number()]).nullable().optional(),
  /** Inspect: the error of a failed tool call. */
  error: ZJsonValue.optional(),
  /** Inspect: the assistant's reasoning; some OpenAI-compatible providers: `reasoning_content`. */
  reasoning: z.string().nullable().optional(),
  reasoning_content: z.string().nullable().optional(),
  timestamp: z.string().nullable().optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;
