import { z } from "zod";

/**
 * BenchFlow's files (benchflow-ai/benchflow). Objects are loose: unknown fields pass through and are kept in
 * metadata, never an error. Field notes: fixtures/real/README.md.
 */

const ZText = z.string().nullable().optional();
const ZNumber = z.number().nullable().optional();

/** `rewards`: `{"reward": n, …other named scores}`; null when the verifier produced nothing. */
export const ZBenchflowRewards = z.looseObject({ reward: z.number().nullable().optional() }).nullable();

/** A trial's result.json; `rollout_name` is `trial_name` in older versions. */
export const ZBenchflowResult = z.looseObject({
  task_name: z.string().min(1),
  rollout_name: ZText,
  trial_name: ZText,
  rewards: ZBenchflowRewards,
  agent: ZText,
  agent_name: ZText,
  model: ZText,
  dataset: ZText,
  n_tool_calls: z.number().int().nonnegative().nullable().optional(),
  error: ZText,
  error_category: ZText,
  verifier_error: ZText,
  verifier_error_category: ZText,
  started_at: ZText,
  finished_at: ZText,
  /** Seconds per phase (environment_setup, agent_setup, agent_execution, verifier) and in all. */
  timing: z.looseObject({ total: ZNumber, agent_execution: ZNumber }).nullable().optional(),
  agent_result: z
    .looseObject({
      total_tokens: ZNumber,
      n_input_tokens: ZNumber,
      n_output_tokens: ZNumber,
      n_cache_read_tokens: ZNumber,
      cost_usd: ZNumber,
    })
    .nullable()
    .optional(),
  /** ATIF totals of the trial's trajectory. */
  final_metrics: z
    .looseObject({
      total_prompt_tokens: ZNumber,
      total_completion_tokens: ZNumber,
      total_cached_tokens: ZNumber,
      total_cost_usd: ZNumber,
    })
    .nullable()
    .optional(),
});

/** The job's summary.json, compared with its trials. */
export const ZBenchflowSummary = z.looseObject({
  job_name: ZText,
  agent: ZText,
  model: ZText,
  total: z.number().int().nonnegative().optional(),
  passed: z.number().int().nonnegative().optional(),
  failed: z.number().int().nonnegative().optional(),
  unscored: z.number().int().nonnegative().optional(),
  score_ratio: ZNumber,
  score_excl_errors_ratio: ZNumber,
  mean_reward: ZNumber,
});

/** One block of regrade.json's `regrades` (status complete | failed | interrupted). */
export const ZRegradeBlock = z.looseObject({
  id: z.string().optional(),
  created_at: ZText,
  reason: ZText,
  status: ZText,
  original_reward: ZNumber,
  new_reward: ZNumber,
  verifier_error: ZText,
  change: ZText,
  task_changed: z.boolean().nullable().optional(),
});

/** regrade.json beside a trial's result.json: the original score and every regrade of it. */
export const ZRegradeRecord = z.looseObject({
  original: z.looseObject({ reward: ZNumber }).nullable().optional(),
  regrades: z.array(ZRegradeBlock),
  latest: ZText,
});

/** A row of regrade-summary.json (status regraded | failed | not_regradable). */
export const ZRegradeRow = z.looseObject({
  trial: z.string().min(1),
  task: ZText,
  status: z.string(),
  original_reward: ZNumber,
  new_reward: ZNumber,
  change: ZText,
  reason: ZText,
  regrade_id: ZText,
});

/** regrade-summary.json at the job (or trial) folder that was regraded. */
export const ZRegradeSummary = z.looseObject({
  regrade_id: ZText,
  reason: ZText,
  counts: z.record(z.string(), z.number()).optional(),
  trials: z.array(ZRegradeRow),
});

export type TBenchflowResult = z.infer<typeof ZBenchflowResult>;
export type TBenchflowSummary = z.infer<typeof ZBenchflowSummary>;
export type TRegradeBlock = z.infer<typeof ZRegradeBlock>;
export type TRegradeRecord = z.infer<typeof ZRegradeRecord>;
export type TRegradeRow = z.infer<typeof ZRegradeRow>;
export type TRegradeSummary = z.infer<typeof ZRegradeSummary>;

/** Result fields mapped onto the rollout itself; every other field is kept in its metadata. */
export const MAPPED_RESULT_FIELDS = new Set([
  "task_name",
  "rollout_name",
  "trial_name",
  "n_tool_calls",
  "error",
  "error_category",
  "verifier_error",
  "verifier_error_category",
  "started_at",
  "finished_at",
]);
