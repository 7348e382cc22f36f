import { z } from "zod";

/**
 * A `grade_problem` grade (HUD-style graders): subscores and weights per component, optional penalties and a
 * free-form metadata tree. Objects are loose: unknown fields are kept in the rollout's metadata.
 */

const ZId = z.union([z.string().min(1), z.number()]);

/** A penalty is a number, or an object carrying it as value / amount / penalty (with a name or reason). */
export const ZPenaltyEntry = z.union([
  z.number(),
  z.looseObject({ value: z.number() }),
  z.looseObject({ amount: z.number() }),
  z.looseObject({ penalty: z.number() }),
]);

/** Penalties: one number, a list, or a map of named penalties (`{"functionality_loss": 0.1}`). */
export const ZPenalties = z.union([z.number(), z.array(ZPenaltyEntry), z.record(z.string(), ZPenaltyEntry)]);

export const ZGradeRecord = z.looseObject({
  /** Component -> score in [0, 1]; null when the component was not graded. */
  subscores: z.record(z.string(), z.number().nullable()),
  /** Component -> weight; the weights should sum to 1. */
  weights: z.record(z.string(), z.number()),
  penalties: ZPenalties.nullable().optional(),
  metadata: z.unknown().optional(),
  /** The grader's own total, when it wrote one (kept as the reported reward). */
  score: z.number().nullable().optional(),
  passed: z.boolean().nullable().optional(),
  // identity
  problem_id: ZId.optional(),
  task_id: ZId.optional(),
  task: ZId.optional(),
  problem: ZId.optional(),
  mode: z.string().optional(),
  kind: z.string().optional(),
  group: z.string().nullable().optional(),
  task_name: z.string().nullable().optional(),
  rollout_id: ZId.optional(),
  rollout: ZId.optional(),
  trial: ZId.optional(),
  attempt: ZId.optional(),
  agent: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  pass_threshold: z.number().optional(),
  threshold: z.number().optional(),
  created_at: z.string().nullable().optional(),
  timestamp: z.string().nullable().optional(),
});

export type TGradeRecord = z.infer<typeof ZGradeRecord>;
export type TPenalties = z.infer<typeof ZPenalties>;

export const TASK_ID_FIELDS = ["problem_id", "task_id", "task", "problem"] as const;
export const ROLLOUT_ID_FIELDS = ["rollout_id", "rollout", "trial", "attempt"] as const;
export const KIND_FIELDS = ["mode", "kind"] as const;

/** Fields represented elsewhere (checks, reported reward); everything else of a grade is kept in metadata. */
export const MAPPED_FIELDS = new Set(["subscores", "weights", "score"]);

/** The component that decides `passed` for a kind of problem (docs/scoring.md#grades). */
export const GATES: Readonly<Record<string, string>> = {
  exploit: "defect_matching",
  detect: "defect_matching",
  patch: "patch_verified",
};
