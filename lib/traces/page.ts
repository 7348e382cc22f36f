import { z } from "zod";
import type { Trace, TraceStep } from "./types";

export const MAX_PAGE_LIMIT = 1000;

/** A page request as a URL gives it (`?offset=200&limit=100`): strings coerced, bounded. */
export const ZTracePageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(100),
  /** `whole=1`: the step at `offset` alone, its long texts not cut (a big trace's pages cut them). */
  whole: z.literal("1").optional(),
});
export type TTracePageQuery = z.infer<typeof ZTracePageQuery>;

export interface TracePage {
  total: number;
  offset: number;
  limit: number;
  steps: TraceStep[];
}

/** Steps [offset, offset + limit) of a trace; an offset past the end gives an empty page. */
export function pageSteps(trace: Trace, query: TTracePageQuery): TracePage {
  const { offset, limit } = query;
  return { total: trace.steps.length, offset, limit, steps: trace.steps.slice(offset, offset + limit) };
}
