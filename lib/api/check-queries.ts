import { z } from "zod";
import { ApiError, zodDetails } from "./errors";

/*
 * Reading the queries of the APIs that page a rollout's checks, a task's grid and a rollout's whole texts (their
 * schemas: lib/api/schemas/rollouts.ts, tasks.ts).
 */

/** Parses a query with `schema`, or throws the API's 400 naming the fields. */
export function parseQuery<T extends z.ZodType>(schema: T, url: string): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(url).searchParams));
  if (!parsed.success) throw new ApiError("malformed", "The query cannot be read.", zodDetails(parsed.error));
  return parsed.data;
}
