import { z } from "zod";

/**
 * A rubric verdict record: one judge verdict on one rubric item of one rollout. Records are loose: unknown
 * fields are kept in the check's metadata.
 */

const ZId = z.union([z.string().min(1), z.number()]);
const ZText = z.string().nullable().optional();

export const VERDICT_STATUSES = ["graded", "not_assigned", "error"] as const;

export const ZVerdict = z
  .looseObject({
    rubric_id: ZId,
    status: z.enum(VERDICT_STATUSES).optional(),
    /** Credit in [0, 1]; null when the item was not graded. */
    score: z.number().min(0).max(1).nullable().optional(),
    /** An explicit verdict; absent: passed = score ≥ 1 (full credit). */
    passed: z.boolean().nullable().optional(),
    evidence_refs: z
      .array(z.union([z.string(), z.number()]))
      .nullable()
      .optional(),
    reason: ZText,
    failure_tag: ZText,
    detail: ZText,
    label: z.string().min(1).optional(),
    dimension: z.string().min(1).optional(),
    required: z.boolean().optional(),
    // identity
    task: ZId.optional(),
    task_id: ZId.optional(),
    group: ZText,
    task_name: ZText,
    task_weight: z.number().nonnegative().optional(),
    rollout: ZId.optional(),
    rollout_id: ZId.optional(),
    trial: ZId.optional(),
  })
  .superRefine((v, ctx) => {
    const graded = v.status === undefined || v.status === "graded";
    if (graded && (v.score === undefined || v.score === null) && (v.passed === undefined || v.passed === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["score"],
        message:
          'missing (expected a number in [0, 1] or passed; status "not_assigned" when the rubric was not graded)',
      });
    }
  });

/** The optional object around the records: `{"verdicts": [...], "agent", "model", "name", "created_at"}`. */
export const ZVerdictFile = z.looseObject({
  name: z.string().optional(),
  run: z.string().optional(),
  agent: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
});

export type TVerdict = z.infer<typeof ZVerdict>;
export type TVerdictFile = z.infer<typeof ZVerdictFile>;

export const TASK_ID_FIELDS = ["task", "task_id"] as const;
export const ROLLOUT_ID_FIELDS = ["rollout", "rollout_id", "trial"] as const;

/** Record fields Tally maps; the rest of a record is kept in its check's metadata. */
export const VERDICT_FIELDS = new Set([
  "rubric_id",
  "status",
  "score",
  "passed",
  "evidence_refs",
  "reason",
  "failure_tag",
  "detail",
  "label",
  "dimension",
  "required",
  "task",
  "task_id",
  "group",
  "task_name",
  "task_weight",
  "rollout",
  "rollout_id",
  "trial",
]);
export const FILE_FIELDS = new Set(["verdicts", "name", "run", "agent", "model", "created_at"]);
