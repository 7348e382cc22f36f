import { z } from "zod";

/**
 * Silo's result.json, plus the extensions Tally reads when present (README.md#formats). Objects are loose: unknown
 * fields pass through and end up in metadata, never as an error.
 */

const ZCount = z.number().int().nonnegative();
const ZText = z.string().nullable().optional();

export const CHECK_STATUSES = ["graded", "not_assigned", "error"] as const;

export const ZSiloCheck = z
  .looseObject({
    label: z.string(),
    /** null (or absent) only when the check was not graded. */
    passed: z.boolean().nullable().optional(),
    /** Absent: from tasks.json, else by dimension (authority true, grounding false, others true). */
    required: z.boolean().optional(),
    detail: ZText,
    // Tally extensions
    id: z.union([z.string(), z.number()]).optional(),
    dimension: z.string().min(1).optional(),
    score: z.number().min(0).max(1).nullable().optional(),
    status: z.enum(CHECK_STATUSES).optional(),
    weight: z.number().nullable().optional(),
    reason: ZText,
    failureTag: ZText,
    evidenceRefs: z.array(z.string()).optional(),
  })
  .superRefine((check, ctx) => {
    const graded = check.status === undefined || check.status === "graded";
    if (graded && check.passed === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["passed"],
        message: 'missing (expected boolean; null or status "not_assigned" when the check was not graded)',
      });
    }
  });

export const ZSiloResult = z.looseObject({
  passed: z.boolean(),
  reward: z.number().nullable(),
  checks: z.array(ZSiloCheck),
  // summary fields Silo stores beside the checks (compared with them, see integrity.ts)
  requiredPassed: ZCount.optional(),
  requiredTotal: ZCount.optional(),
  failedRequired: z.array(z.string()).optional(),
  checksPassed: ZCount.optional(),
  checksFailed: ZCount.optional(),
  toolCalls: ZCount.nullable().optional(),
  toolErrors: ZCount.nullable().optional(),
  terminationReason: ZText,
  agentOutput: ZText,
  error: ZText,
  // Tally extensions
  taskId: z.string().min(1).optional(),
  taskName: ZText,
  group: ZText,
  weight: z.number().nonnegative().optional(),
  rolloutId: z.string().min(1).optional(),
});

/** Silo's run.json, written beside result.json in `.silo/runs/run_<stamp>_<pid>/`. */
export const ZSiloRunJson = z.looseObject({
  runId: z.string().min(1).optional(),
  environment: ZText,
  taskId: z.string().min(1).optional(),
  startedAt: ZText,
  finishedAt: ZText,
  durationMs: z.number().nonnegative().nullable().optional(),
  terminationReason: ZText,
  toolCallCount: ZCount.nullable().optional(),
});

export const ZManifestCheck = z
  .looseObject({
    id: z.union([z.string(), z.number()]).optional(),
    label: z.string().optional(),
    dimension: z.string().min(1).optional(),
    required: z.boolean().optional(),
  })
  .refine((check) => check.id !== undefined || check.label !== undefined, {
    message: "a check needs an id or a label",
  });

export const ZManifestTask = z.looseObject({
  id: z.string().min(1),
  name: ZText,
  group: ZText,
  weight: z.number().nonnegative().optional(),
  checks: z.array(ZManifestCheck).optional(),
});

/** tasks.json: a list of task declarations (manifest.ts also accepts an object `{"tasks": [...]}`). */
export const ZSiloManifest = z.array(ZManifestTask);

export type TSiloCheck = z.infer<typeof ZSiloCheck>;
export type TSiloResult = z.infer<typeof ZSiloResult>;
export type TSiloRunJson = z.infer<typeof ZSiloRunJson>;
export type TManifestTask = z.infer<typeof ZManifestTask>;
export type TManifestCheck = z.infer<typeof ZManifestCheck>;

/** Field names of the result and its checks that Tally maps; every other field is kept in metadata. */
export const RESULT_FIELDS = new Set(Object.keys(ZSiloResult.shape));
export const CHECK_FIELDS = new Set([
  "label",
  "passed",
  "required",
  "detail",
  "id",
  "dimension",
  "score",
  "status",
  "weight",
  "reason",
  "failureTag",
  "evidenceRefs",
]);
export const RUN_JSON_FIELDS = new Set(Object.keys(ZSiloRunJson.shape));
