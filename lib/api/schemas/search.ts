import { z } from "zod";
import { SEARCH_LIMITS } from "@/lib/traces/search-limits";
import type { TraceSearchResult } from "@/lib/views/trace-search";

/* GET /api/runs/:id/search: the rollouts whose traces match, with their matching steps (docs/api.md#search). */

const ZStepSource = z.enum(["system", "user", "agent", "tool", "environment"]);

/** `GET /api/runs/:id/search?q&mode&tool&errors&source&page&limit`. */
export const ZSearchQuery = z.strictObject({
  q: z.string().trim().min(1, "q is empty: give words, a phrase or a regular expression").max(SEARCH_LIMITS.query),
  mode: z.enum(["words", "phrase", "regex"]).default("words"),
  tool: z.string().min(1).max(200).optional(),
  errors: z.enum(["0", "1"]).default("0"),
  source: ZStepSource.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageSize).default(20),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

const ZRange = z.tuple([z.number().int(), z.number().int()]);

const ZStepHit = z.object({
  step: z.number().int(),
  source: ZStepSource,
  tool: z.string().nullable(),
  isError: z.boolean(),
  snippet: z.object({
    text: z.string(),
    ranges: z.array(ZRange.readonly()),
    cutStart: z.boolean(),
    cutEnd: z.boolean(),
  }),
  href: z.string(),
});

export const ZSearchAnswer = z.object({
  index: z.object({
    rollouts: z.number().int(),
    indexed: z.number().int(),
    skipped: z.number().int(),
    none: z.number().int(),
    pending: z.number().int(),
    steps: z.number().int(),
  }),
  total: z.object({ rollouts: z.number().int(), steps: z.number().int() }),
  complete: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  rollouts: z.array(
    z.object({
      rolloutId: z.string(),
      task: z.string(),
      passed: z.boolean(),
      hits: z.number().int(),
      steps: z.array(ZStepHit),
      href: z.string(),
    }),
  ),
});
export type TSearchAnswer = z.infer<typeof ZSearchAnswer>;

ZSearchAnswer satisfies z.ZodType<TraceSearchResult>;
