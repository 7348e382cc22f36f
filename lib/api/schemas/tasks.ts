import { z } from "zod";
import type { GridRowsPage } from "@/lib/views/check-pages";
import { ZNullableNumber, ZTextHead } from "./common";
import { ZCheckCell, ZCheckPageLimit, ZPageOffset } from "./rollouts";

/* GET /api/runs/:id/tasks/:task/grid: a page of a task's checks × rollouts grid under a scenario. */

/** `GET /api/runs/:id/tasks/:task/grid?offset&limit&failing&scenario`. */
export const ZGridQuery = z.strictObject({
  offset: ZPageOffset,
  limit: ZCheckPageLimit,
  failing: z.enum(["0", "1"]).default("0"),
  scenario: z.string().optional(),
});

const ZGridCell = z.object({
  key: z.string(),
  flippable: z.boolean(),
  recordedPassed: z.boolean().nullable(),
  verdict: ZCheckCell.shape.verdict,
  score: ZNullableNumber,
  status: ZCheckCell.shape.status,
  required: z.boolean(),
  changed: z.boolean(),
  label: z.string(),
  detail: ZTextHead.nullable(),
  reason: ZTextHead.nullable(),
  failureTag: z.string().nullable(),
  evidenceRefs: z.array(z.string()),
  order: z.number().int().nullable(),
});

export const ZGridRow = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  dimension: z.string(),
  required: z.enum(["required", "optional", "mixed"]),
  failedRequired: z.number().int(),
  failed: z.number().int(),
  cells: z.array(ZGridCell.nullable()),
});
export type TGridRow = z.infer<typeof ZGridRow>;

export const ZGridAnswer = z.object({
  total: z.number().int(),
  failingTotal: z.number().int(),
  offset: z.number().int(),
  rows: z.array(ZGridRow),
  /** The grid's columns: the task's rollout ids, in the grid's order. */
  rollouts: z.array(z.string()),
});

ZGridAnswer satisfies z.ZodType<GridRowsPage & { rollouts: string[] }>;
