import { z } from "zod";
import { zCompareQuery } from "@/lib/compare/query";
import { parseRunIds } from "@/lib/scoring/report/compare-order";
import { ZScenario } from "@/lib/scoring/scenario/scenario";
import { ZNullableNumber } from "./common";

/*
 * GET /api/compare and /api/compare/export.csv: two (or three, for the CSV) stored runs compared under a
 * scenario (docs/scoring.md#comparing-two-runs).
 */

/**
 * The compare query as a URL carries it: `runs` split at its commas, then checked as the compare page checks
 * it (lib/compare/query.ts), with at most `maxRuns` different runs.
 */
export function zCompareUrlQuery(maxRuns?: number) {
  const query = zCompareQuery(maxRuns);
  return z.object({
    runs: z
      .string()
      .optional()
      .transform(parseRunIds)
      .pipe(query.shape.runs)
      .describe("Two run ids (three for the CSV), comma-separated; a run's name is taken too."),
    a: query.shape.a.describe("The run every other is compared with; else the baseline run, else the first."),
    metric: query.shape.metric.describe("The metric compared task by task; else the headline's."),
    fdr: query.shape.fdr.describe("The false discovery rate q of the per-task tests (Benjamini-Hochberg); 0.05."),
    scenario: z.string().optional().describe("A what-if scenario as JSON, as the pages' `scenario` parameter."),
  });
}

/** A query string's compare parameters read with zCompareUrlQuery (the first value of each). */
export function parseCompareUrlQuery(params: URLSearchParams, maxRuns?: number) {
  const first = (name: string) => params.get(name) ?? undefined;
  return zCompareUrlQuery(maxRuns).safeParse({
    runs: first("runs"),
    a: first("a"),
    metric: first("metric"),
    fdr: first("fdr"),
  });
}

const ZSide = z.looseObject({
  id: z.string().nullable(),
  name: z.string(),
  headline: z.looseObject({ metric: z.string(), scheme: z.string(), value: ZNullableNumber }),
});

const ZOpen = z.looseObject({});

/**
 * The `tally compare --json` body. The headline difference is described field by field; the paired figures
 * below it (metrics, tasks, flips, robustness…) are open objects, as docs/scoring.md defines them.
 */
export const ZCompareAnswer = z
  .looseObject({
    a: ZSide,
    b: ZSide,
    scenario: ZScenario,
    scenarioDescription: z.array(z.string()),
    common: z.number().int(),
    onlyA: z.number().int(),
    onlyB: z.number().int(),
    notComparable: z.object({ onlyA: z.array(z.string()), onlyB: z.array(z.string()) }),
    headline: z.object({
      metric: z.string(),
      scheme: z.string(),
      a: ZNullableNumber,
      b: ZNullableNumber,
      delta: ZNullableNumber,
      se: ZNullableNumber,
      ci95: z.tuple([z.number(), z.number()]).nullable(),
      tasks: z.number().int(),
    }),
    metrics: z.union([z.array(ZOpen), z.record(z.string(), ZOpen)]),
    tasks: z.array(ZOpen),
    robustness: z.unknown(),
  })
  .meta({ id: "Comparison" });
