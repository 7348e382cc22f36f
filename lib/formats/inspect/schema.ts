import { z } from "zod";

/**
 * Inspect AI's EvalLog (a `.json` log, or `header.json` plus `samples/<id>_epoch_<n>.json` inside a `.eval`
 * zip). Only the fields Tally maps are typed; objects are loose and the rest is kept in metadata.
 */

const ZText = z.string().nullable().optional();

export const ZEvalSpec = z.looseObject({
  task: z.string().min(1),
  model: z.string().min(1),
  created: ZText,
  run_id: ZText,
  task_id: ZText,
  /** Written by newer Inspect versions: one per eval (task × model) of a run. */
  eval_id: ZText,
  solver: ZText,
});

export const ZEvalPlan = z.looseObject({
  name: ZText,
  steps: z.array(z.looseObject({ solver: z.string() })).optional(),
});

const ZEvalError = z.union([z.string(), z.looseObject({ message: z.string(), traceback: ZText })]);

export const ZEvalHeader = z.looseObject({
  version: z.number().optional(),
  status: ZText,
  eval: ZEvalSpec,
  plan: ZEvalPlan.nullable().optional(),
  error: ZEvalError.nullable().optional(),
});

/** A `.json` log: the header with its samples (absent when the eval was run without logging samples). */
export const ZEvalLog = ZEvalHeader.extend({ samples: z.array(z.unknown()).nullable().optional() });

export const ZScore = z.looseObject({
  value: z.unknown(),
  answer: ZText,
  explanation: ZText,
  metadata: z.unknown().optional(),
});

/** Inspect's ModelUsage, one per model a sample called. */
const ZModelUsage = z.looseObject({
  input_tokens: z.number().nullable().optional(),
  output_tokens: z.number().nullable().optional(),
  total_tokens: z.number().nullable().optional(),
  input_tokens_cache_read: z.number().nullable().optional(),
  total_cost: z.number().nullable().optional(),
});

export const ZEvalSample = z.looseObject({
  id: z.union([z.string().min(1), z.number()]),
  epoch: z.number().int().positive().optional(),
  /** One per sample run, written by newer Inspect versions. */
  uuid: ZText,
  /** Scorer name -> score; older logs hold one `score`. */
  scores: z.record(z.string(), ZScore).nullable().optional(),
  score: ZScore.nullable().optional(),
  error: ZEvalError.nullable().optional(),
  messages: z.array(z.unknown()).optional(),
  output: z.unknown().optional(),
  limit: z.looseObject({ type: z.string() }).nullable().optional(),
  total_time: z.number().nullable().optional(),
  /** Time spent working (model and tool calls), excluding time waiting on rate limits or the sandbox. */
  working_time: z.number().nullable().optional(),
  started_at: ZText,
  completed_at: ZText,
  model_usage: z.record(z.string(), ZModelUsage).nullable().optional(),
});

export type TEvalHeader = z.infer<typeof ZEvalHeader>;
export type TEvalSample = z.infer<typeof ZEvalSample>;
export type TScore = z.infer<typeof ZScore>;
export type TEvalError = z.infer<typeof ZEvalError>;

/** Sample fields mapped elsewhere or too large to copy (the raw log is stored anyway). */
export const SAMPLE_OMITTED = new Set([
  "id",
  "epoch",
  "scores",
  "score",
  "error",
  "messages",
  "output",
  "events",
  "events_data",
  "message_pool",
  "transcript",
  "attachments",
  "limit",
  "total_time",
  "working_time",
  "started_at",
  "completed_at",
  "model_usage",
]);
/** Score fields mapped to the check; the rest (history, metadata, …) stays in its metadata. */
export const SCORE_FIELDS = new Set(["value", "explanation"]);
