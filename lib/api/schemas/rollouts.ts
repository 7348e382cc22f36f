import { z } from "zod";
import type { CheckListPage } from "@/lib/views/check-pages";
import { CHECK_PAGE, CHECK_PAGE_MAX } from "@/lib/scoring/view/check-pages";
import type { CheckDetail, RolloutDetail } from "@/lib/store/records";
import { ZJsonHead, ZJsonObject, ZNullableNumber, ZTextHead } from "./common";
import { ZTraceSummary, ZTraceTotals } from "./traces";

/*
 * /api/runs/:id/rollouts/:rollout and what is under it: the rollout with its checks, its checks a page at a
 * time, its whole texts, its files as images. The handlers parse their queries with these.
 */

export { ZTracePageQuery } from "@/lib/traces/page";

/** Where a page of checks (or grid rows) starts, and how many it holds. */
export const ZPageOffset = z.coerce.number().int().min(0).max(1e9).default(0);
export const ZCheckPageLimit = z.coerce.number().int().min(1).max(CHECK_PAGE_MAX).default(CHECK_PAGE);

/** `GET /api/runs/:id/rollouts/:rollout/checks?offset&limit&filter&scenario`. */
export const ZChecksQuery = z.strictObject({
  offset: ZPageOffset,
  limit: ZCheckPageLimit,
  filter: z.enum(["all", "failed-required"]).default("all"),
  scenario: z.string().optional(),
});

/** `GET /api/runs/:id/rollouts/:rollout/text?field[&check][&download=1]`. */
export const ZTextQuery = z
  .strictObject({
    field: z.enum(["agentOutput", "error", "metadata", "detail", "reason"]),
    check: z.coerce.number().int().min(0).max(1e9).optional(),
    download: z.enum(["0", "1"]).default("0"),
  })
  .refine((q) => q.field === "metadata" || (q.field === "detail" || q.field === "reason") === (q.check !== undefined), {
    message: "check (a check's stored order) is needed with detail and reason, and taken with metadata only",
    path: ["check"],
  });

/** `GET /api/runs/:id/rollouts/:rollout/image?path`: the file's path among the rollout's files. */
export const ZImageQuery = z.object({ path: z.string().min(1).max(4096) });

const ZCheckStatus = z.enum(["graded", "not_assigned", "error"]);
const ZResolvedRef = z.object({ ref: z.string(), step: z.number().int().nullable() });

export const ZCheckDetail = z.object({
  order: z.number().int(),
  key: z.string(),
  label: z.string(),
  passed: z.boolean().nullable(),
  score: ZNullableNumber,
  required: z.boolean(),
  dimension: z.string(),
  status: ZCheckStatus,
  detail: z.string().nullable(),
  weight: ZNullableNumber,
  reason: z.string().nullable(),
  failureTag: z.string().nullable(),
  evidenceRefs: z.array(z.string()),
  metadata: ZJsonObject,
});

const ZMeasures = {
  durationMs: ZNullableNumber,
  agentMs: ZNullableNumber,
  inputTokens: ZNullableNumber,
  outputTokens: ZNullableNumber,
  cachedTokens: ZNullableNumber,
  tokens: ZNullableNumber,
  costUsd: ZNullableNumber,
  toolCalls: ZNullableNumber,
  toolErrors: ZNullableNumber,
  steps: ZNullableNumber,
};

export const ZRolloutDetail = z.object({
  ...ZMeasures,
  id: z.string(),
  taskKey: z.string(),
  status: z.enum(["scored", "unscored"]),
  rule: z.string(),
  reportedPassed: z.boolean().nullable(),
  reportedReward: ZNullableNumber,
  terminationReason: z.string().nullable(),
  agentOutput: z.string().nullable(),
  error: z.string().nullable(),
  errorCategory: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  sourcePath: z.string(),
  sourceFormat: z.string(),
  sourceSha256: z.string(),
  files: z.array(z.object({ path: z.string(), sha256: z.string() })),
  warnings: z.array(z.string()),
  metadata: ZJsonObject,
  checks: z.array(ZCheckDetail),
  trace: ZTraceSummary.nullable(),
});

/** GET /api/runs/:id/rollouts/:rollout: the rollout, each check with its evidence resolved against the trace. */
export const ZRolloutAnswer = z.object({
  rollout: ZRolloutDetail.extend({ checks: z.array(ZCheckDetail.extend({ evidence: z.array(ZResolvedRef) })) }),
  trace: z.union([
    ZTraceTotals.extend({ status: z.literal("read") }),
    z.object({ status: z.enum(["raw", "none"]), why: z.string() }),
  ]),
});

/** A stored check with its texts cut (lib/store/records.ts CheckHead). */
const ZCheckHead = z.object({
  order: z.number().int(),
  key: ZTextHead,
  label: ZTextHead,
  passed: z.boolean().nullable(),
  score: ZNullableNumber,
  required: z.boolean(),
  dimension: z.string(),
  status: ZCheckStatus,
  weight: ZNullableNumber,
  detail: ZTextHead.nullable(),
  reason: ZTextHead.nullable(),
  failureTag: z.string().nullable(),
  evidenceRefs: z.array(z.string()),
  evidenceCount: z.number().int(),
  metadata: ZJsonHead,
});

export const ZCheckCell = z.object({
  index: z.number().int(),
  verdict: z.enum(["pass", "fail", "partial", "not-graded"]),
  passed: z.boolean().nullable(),
  score: ZNullableNumber,
  status: ZCheckStatus,
  required: z.boolean(),
  changed: z.boolean(),
});

export const ZCheckEntry = z.object({
  check: ZCheckHead,
  cell: ZCheckCell,
  evidence: z.array(ZResolvedRef).nullable(),
});
export type TCheckEntry = z.infer<typeof ZCheckEntry>;

/** GET /api/runs/:id/rollouts/:rollout/checks. */
export const ZChecksAnswer = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  entries: z.array(ZCheckEntry),
});

export { ZCheckHead };

ZCheckDetail satisfies z.ZodType<CheckDetail>;
ZRolloutDetail satisfies z.ZodType<RolloutDetail>;
ZChecksAnswer satisfies z.ZodType<CheckListPage>;
