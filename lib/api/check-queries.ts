import { z } from "zod";
import { CHECK_PAGE, CHECK_PAGE_MAX } from "@/lib/scoring/view/check-pages";
import { ApiError, zodDetails } from "./errors";

/*
 * The queries of the APIs that page a rollout's checks, a task's grid and a rollout's whole texts: strings from
 * the URL coerced and bounded, the scenario read as the pages read it.
 */

const ZOffset = z.coerce.number().int().min(0).max(1e9).default(0);
const ZLimit = z.coerce.number().int().min(1).max(CHECK_PAGE_MAX).default(CHECK_PAGE);

/** `GET /api/runs/:id/rollouts/:rollout/checks?offset&limit&filter&scenario`. */
export const ZChecksQuery = z.strictObject({
  offset: ZOffset,
  limit: ZLimit,
  filter: z.enum(["all", "failed-required"]).default("all"),
  scenario: z.string().optional(),
});

/** `GET /api/runs/:id/tasks/:task/grid?offset&limit&failing&scenario`. */
export const ZGridQuery = z.strictObject({
  offset: ZOffset,
  limit: ZLimit,
  failing: z.enum(["0", "1"]).default("0"),
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

/** Parses a query with `schema`, or throws the API's 400 naming the fields. */
export function parseQuery<T extends z.ZodType>(schema: T, url: string): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(url).searchParams));
  if (!parsed.success) throw new ApiError("malformed", "The query cannot be read.", zodDetails(parsed.error));
  return parsed.data;
}
