import { z } from "zod";
import { ZJsonValue } from "../trace-input";

/**
 * ATIF (Agent Trajectory Interchange Format) v1.0–v1.8, Harbor's `agent/trajectory.json`. Lenient: unknown
 * versions and fields pass (kept in `extra`), and each step is checked on its own so one odd step does not
 * lose the trace.
 */

export const ZAtifContentPart = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  source: z.looseObject({ media_type: z.string().optional(), path: z.string().optional() }).optional(),
});
export type TAtifContentPart = z.infer<typeof ZAtifContentPart>;

/** A message or result content: a string, or (v1.6) an array of text and image parts. */
export const ZAtifContent = z
  .union([z.string(), z.array(ZAtifContentPart)])
  .nullable()
  .optional();

export const ZAtifToolCall = z.looseObject({
  tool_call_id: z.union([z.string(), z.number()]).optional(),
  function_name: z.string(),
  arguments: ZJsonValue.optional(),
});

export const ZAtifResult = z.looseObject({
  source_call_id: z.union([z.string(), z.number()]).nullable().optional(),
  content: ZAtifContent,
});

export const ZAtifMetrics = z.looseObject({
  prompt_tokens: z.number().nullable().optional(),
  completion_tokens: z.number().nullable().optional(),
  cached_tokens: z.number().nullable().optional(),
  cost_usd: z.number().nullable().optional(),
});

export const ZAtifStep = z.looseObject({
  step_id: z.union([z.number(), z.string()]).optional(),
  timestamp: z.string().nullable().optional(),
  source: z.string(),
  message: ZAtifContent,
  reasoning_content: z.string().nullable().optional(),
  tool_calls: z.array(ZAtifToolCall).nullable().optional(),
  observation: z
    .looseObject({ results: z.array(ZAtifResult).nullable().optional() })
    .nullable()
    .optional(),
  metrics: ZAtifMetrics.nullable().optional(),
});
export type TAtifStep = z.infer<typeof ZAtifStep>;

export const ZAtifFinalMetrics = z.looseObject({
  total_prompt_tokens: z.number().nullable().optional(),
  total_completion_tokens: z.number().nullable().optional(),
  total_cached_tokens: z.number().nullable().optional(),
  total_cost_usd: z.number().nullable().optional(),
});

export const ZAtifTrajectory = z.looseObject({
  schema_version: z.string().optional(),
  steps: z.array(ZJsonValue),
  final_metrics: ZAtifFinalMetrics.nullable().optional(),
});
