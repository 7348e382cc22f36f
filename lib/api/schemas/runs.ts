import { z } from "zod";
import { ZRunName } from "@/lib/run-name";
import { ZTags } from "@/lib/run-tags";
import type { RunListItem, RunMeta } from "@/lib/store/records";
import { ZJsonObject, ZNullableNumber } from "./common";

/*
 * /api/runs and /api/runs/:id: the stored runs, one run's metadata, its changes (rename, tags, baseline, delete)
 * and what an upload answers.
 */

const ZCoverage = z.object({ tasks: z.number().int(), of: z.number().int() });

/** What the runs table shows, stored on the run (lib/store/records.ts RunSummary). */
export const ZRunSummary = z.object({
  tasks: z.number().int(),
  rollouts: z.number().int(),
  scored: z.number().int(),
  unscored: z.number().int(),
  passRate: ZNullableNumber,
  meanReward: ZNullableNumber,
  headline: z.object({ metric: z.string(), scheme: z.string(), value: ZNullableNumber }),
  metrics: z.object({ completion: ZNullableNumber, correctness: ZNullableNumber }).optional(),
  coverage: z.object({ completion: ZCoverage.nullable(), correctness: ZCoverage.nullable() }).optional(),
  scoring: z.number().int().optional(),
  warnings: z.number().int(),
  totals: z
    .object({
      costUsd: ZNullableNumber,
      tokens: ZNullableNumber,
      durationMs: ZNullableNumber,
      recorded: z.object({ costUsd: z.number(), tokens: z.number(), durationMs: z.number() }).optional(),
    })
    .optional(),
});

export const ZRunListItem = z
  .object({
    id: z.string(),
    name: z.string(),
    agent: z.string().nullable(),
    model: z.string().nullable(),
    format: z.string(),
    createdAt: z.string().nullable(),
    ingestedAt: z.string(),
    baseline: z.boolean(),
    tags: z.array(z.string()),
    series: z.string().nullable(),
    liveUntil: z.string().nullable(),
    summary: ZRunSummary.nullable(),
    deltaToBaseline: ZNullableNumber.optional(),
    declared: z
      .object({ name: z.string(), metric: z.string(), scheme: z.string(), value: ZNullableNumber })
      .nullable()
      .optional(),
    live: z.boolean().optional(),
  })
  .meta({ id: "RunListItem" });

export const ZRunMeta = ZRunListItem.extend({
  metadata: ZJsonObject,
  warnings: z.array(z.string()),
  regrades: z.array(
    z.object({
      rollout: z.string(),
      originalReward: ZNullableNumber,
      newReward: ZNullableNumber,
      change: z.enum(["pass->fail", "fail->pass", "unchanged"]),
    }),
  ),
}).meta({ id: "Run" });

/** GET /api/runs. */
export const ZRunList = z.object({ runs: z.array(ZRunListItem) });
/** GET, PATCH /api/runs/:id. */
export const ZRunAnswer = z.object({ run: ZRunMeta });

/** PATCH /api/runs/:id: `{"name"?, "tags"?}`, at least one. */
export const ZRunPatch = z
  .object({
    name: ZRunName.optional(),
    tags: ZTags.optional(),
  })
  .strict()
  .refine((p) => p.name !== undefined || p.tags !== undefined, "give a name, tags or both");
export type TRunPatch = z.infer<typeof ZRunPatch>;

/** POST /api/runs/:id/baseline. */
export const ZBaselineBody = z.object({ baseline: z.boolean() }).strict();
export const ZBaselineAnswer = z.object({
  run: z.object({ id: z.string(), name: z.string(), baseline: z.boolean() }),
});

/** The per-file report POST /api/runs answers with (and repeats under error.details on 422). */
export const ZIngestBody = z
  .object({
    runs: z.array(z.object({ id: z.string(), name: z.string(), rollouts: z.number() })).default([]),
    warnings: z.array(z.string()).default([]),
    accepted: z.array(z.string()).default([]),
    rejected: z.array(z.object({ path: z.string(), error: z.string() })).default([]),
    duplicates: z.array(z.string()).default([]),
    skipped: z.array(z.string()).default([]),
  })
  .meta({ id: "IngestReport" });
export type TIngestBody = z.infer<typeof ZIngestBody>;

// The store's records and these schemas describe the same answers: a field added to one fails the type check here.
ZRunList satisfies z.ZodType<{ runs: RunListItem[] }>;
ZRunAnswer satisfies z.ZodType<{ run: RunMeta }>;
