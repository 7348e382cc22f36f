import { z } from "zod";

/**
 * Harbor's files (laude-institute/harbor): a trial's result.json, its verifier/ctrf.json and the job's
 * result.json. Objects are loose: unknown fields pass through and are kept in metadata, never an error.
 */

const ZText = z.string().nullable().optional();
const ZNumber = z.number().nullable().optional();
/** One phase of a trial (environment_setup, agent_setup, agent_execution, verifier). */
const ZPhase = z.looseObject({ started_at: ZText, finished_at: ZText }).nullable().optional();

/** Named rewards, e.g. `{"reward": 1.0}`. */
export const ZRewards = z.record(z.string(), z.number().nullable());

export const ZHarborTrial = z
  .looseObject({
    task_name: ZText,
    trial_name: ZText,
    /** The dataset the task came from; Harbor's eval key uses "adhoc" when absent. */
    source: ZText,
    agent_info: z
      .looseObject({
        name: z.string().min(1),
        version: ZText,
        model_info: z
          .looseObject({ name: z.string().min(1), provider: ZText })
          .nullable()
          .optional(),
      })
      .nullable()
      .optional(),
    agent_result: z
      .looseObject({ n_input_tokens: ZNumber, n_cache_tokens: ZNumber, n_output_tokens: ZNumber, cost_usd: ZNumber })
      .nullable()
      .optional(),
    verifier_result: z.looseObject({ rewards: ZRewards.nullable().optional() }).nullable().optional(),
    exception_info: z
      .looseObject({
        exception_type: z.string().min(1),
        exception_message: ZText,
        exception_traceback: ZText,
        occurred_at: ZText,
      })
      .nullable()
      .optional(),
    started_at: ZText,
    finished_at: ZText,
    agent_execution: ZPhase,
  })
  .refine((t) => Boolean(t.task_name || t.trial_name), {
    message: "a trial needs a task_name or a trial_name",
    path: ["task_name"],
  });

/** CTRF test report (ctrf.io) that Harbor's pytest verifiers write to verifier/ctrf.json. */
export const ZCtrfTest = z.looseObject({
  name: z.string(),
  status: z.string(),
  duration: ZNumber,
  message: ZText,
  trace: ZText,
});

export const ZCtrf = z.looseObject({
  results: z.looseObject({
    summary: z
      .looseObject({
        tests: ZNumber,
        passed: ZNumber,
        failed: ZNumber,
        skipped: ZNumber,
        pending: ZNumber,
        other: ZNumber,
      })
      .optional(),
    tests: z.array(ZCtrfTest),
  }),
});

/** One `stats.evals["agent__model__dataset"]` entry of a job's result.json. */
export const ZHarborEval = z.looseObject({
  /** Trials with a reward (Harbor counts a trial here only when its verifier returned rewards). */
  n_trials: z.number().int().nonnegative().optional(),
  /** Trials with exception_info (some of them still have a reward). */
  n_errors: z.number().int().nonnegative().optional(),
  metrics: z.array(z.record(z.string(), z.unknown())).optional(),
  /** reward name -> reward value as a string ("1.0", "0.85") -> trial names. */
  reward_stats: z.record(z.string(), z.record(z.string(), z.array(z.string()))).optional(),
  /** exception type -> trial names. */
  exception_stats: z.record(z.string(), z.array(z.string())).optional(),
});

export const ZHarborJob = z.looseObject({
  id: ZText,
  started_at: ZText,
  finished_at: ZText,
  n_total_trials: z.number().int().nonnegative().optional(),
  stats: z.looseObject({ evals: z.record(z.string(), ZHarborEval) }),
});

export type THarborTrial = z.infer<typeof ZHarborTrial>;
export type TCtrf = z.infer<typeof ZCtrf>;
export type TCtrfTest = z.infer<typeof ZCtrfTest>;
export type THarborEval = z.infer<typeof ZHarborEval>;
export type THarborJob = z.infer<typeof ZHarborJob>;

/** Trial fields mapped onto the rollout itself; every other field is kept in its metadata. */
export const MAPPED_TRIAL_FIELDS = new Set(["task_name", "trial_name", "verifier_result", "started_at", "finished_at"]);
export const MAPPED_TEST_FIELDS = new Set(["name", "status", "message"]);
