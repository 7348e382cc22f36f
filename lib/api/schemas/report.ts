import { z } from "zod";
import { MEASURE_KEYS, type MeasureKey } from "@/lib/scoring/core/measures";
import type { Lever, RolloutReport } from "@/lib/scoring/report/report-types";
import { ZScenario } from "@/lib/scoring/scenario/scenario";
import { parseRolloutSort, ROLLOUT_SORT_KEYS } from "@/lib/scoring/view/rollout-sort";
import { ZNullableNumber } from "./common";

/*
 * GET /api/runs/:id/report: the score report (docs/scoring.md#the-report-json). Its top level is described
 * field by field, with its rollout and task lines; the parts below that the scoring documentation defines
 * (per-metric figures, effort, groups…) are objects kept open here, so a figure added there is not refused by the API.
 */

export const REPORT_PAGE_MAX = 5_000;

/** `?rollouts=0`, or `?list=tasks|rollouts&limit&cursor[&sort]`; nothing: the whole report. */
export const ZReportQuery = z
  .object({
    rollouts: z.literal("0").optional(),
    list: z.enum(["tasks", "rollouts"]).optional(),
    cursor: z.string().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).optional(),
    sort: z
      .string()
      .transform((text, ctx) => {
        const sort = parseRolloutSort(text);
        if (sort) return sort;
        ctx.addIssue({
          code: "custom",
          message: `sort is one of ${ROLLOUT_SORT_KEYS.join(", ")}, with "-" before it for descending.`,
        });
        return z.NEVER;
      })
      .optional(),
  })
  .refine((q) => q.list !== undefined || (q.cursor === undefined && q.limit === undefined), {
    message: "cursor and limit page a list: add list=tasks or list=rollouts.",
    path: ["list"],
  })
  .refine((q) => q.sort === undefined || q.list === "rollouts", {
    message: "sort orders the rollouts list: add list=rollouts.",
    path: ["sort"],
  })
  .refine((q) => q.list === undefined || q.rollouts === undefined, {
    message: "rollouts=0 and list= ask for different answers: give one.",
    path: ["rollouts"],
  });

const ZInterval = z.tuple([z.number(), z.number()]).nullable();

const ZReportHeadline = z.looseObject({
  metric: z.string(),
  scheme: z.string(),
  value: ZNullableNumber,
  se: ZNullableNumber,
  ci95: ZInterval,
  tasks: z.number().int(),
});

const ZOpen = z.looseObject({});

/** A rollout's line of the report (lib/scoring/report/report-types.ts RolloutReport). */
export const ZRolloutReport = z
  .object({
    id: z.string(),
    task: z.string(),
    source: z.string().nullable(),
    status: z.enum(["scored", "unscored"]),
    passed: z.boolean(),
    reward: ZNullableNumber,
    failedRequired: z.array(z.string()),
    warnings: z.array(z.string()),
    checksChanged: z.boolean(),
    metrics: z.record(z.string(), ZNullableNumber),
    measures: z.object(
      Object.fromEntries(MEASURE_KEYS.map((k) => [k, ZNullableNumber])) as Record<MeasureKey, typeof ZNullableNumber>,
    ),
  })
  .meta({ id: "RolloutReport" });

/** A task's line of the report: its rollout figures and its value per metric. */
export const ZTaskReport = z
  .looseObject({
    key: z.string(),
    taskId: z.string(),
    name: z.string().nullable(),
    group: z.string().nullable(),
    weight: z.number(),
    rollouts: z.number().int(),
    scored: z.number().int(),
    passes: z.number().int(),
    passRate: ZNullableNumber,
    meanReward: ZNullableNumber,
    diagnosis: z.enum(["solid", "unreliable", "never-passes", "unscored"]),
    capability: z.enum(["near-miss", "far-off"]).nullable(),
    metrics: z.record(z.string(), ZNullableNumber),
  })
  .meta({ id: "TaskReport" });

/** A check verdict that, counted the other way in its task, moves the headline by `delta`. */
const ZLever = z.object({
  task: z.string(),
  check: z.string(),
  label: z.string(),
  passed: z.boolean(),
  delta: z.number(),
});

const ZReportTop = z.looseObject({
  run: z.object({ name: z.string(), format: z.string() }),
  scenario: ZScenario,
  scenarioDescription: z.array(z.string()),
  counts: z.object({
    tasks: z.number().int(),
    rollouts: z.number().int(),
    scored: z.number().int(),
    unscored: z.number().int(),
  }),
  headline: ZReportHeadline,
  metrics: z.record(z.string(), ZOpen),
  passRate: z.looseObject({ value: ZNullableNumber }),
  meanReward: z.looseObject({ value: ZNullableNumber }),
  groups: z.array(ZOpen),
  effort: z.record(z.string(), ZOpen),
  warnings: z.array(z.string()),
  levers: z.array(ZLever).optional(),
});

/** The whole report: with its per-task and per-rollout lists. */
export const ZReport = ZReportTop.extend({
  tasks: z.array(ZTaskReport),
  rollouts: z.array(ZRolloutReport),
}).meta({ id: "Report" });

/** `?rollouts=0`: the report without its lists, their sizes in `lists`. */
export const ZReportSummary = ZReportTop.extend({
  lists: z.object({ tasks: z.object({ total: z.number().int() }), rollouts: z.object({ total: z.number().int() }) }),
});

/** `?list=tasks|rollouts&limit&cursor`: one page of one list; `next` is null after the last. */
const ZPageOf = <L extends "tasks" | "rollouts", T extends z.ZodType>(list: L, item: T) =>
  z.object({
    list: z.literal(list),
    total: z.number().int(),
    limit: z.number().int(),
    items: z.array(item),
    next: z.string().nullable(),
  });
export const ZReportListPage = z.discriminatedUnion("list", [
  ZPageOf("tasks", ZTaskReport),
  ZPageOf("rollouts", ZRolloutReport),
]);

/** Which of the three the query asks for decides the answer. */
export const ZReportAnswer = z.union([ZReport, ZReportSummary, ZReportListPage]);

ZRolloutReport satisfies z.ZodType<RolloutReport>;
ZLever satisfies z.ZodType<Lever>;
