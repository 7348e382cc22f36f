import { z } from "zod";
import { parseScenarioParam, type Scenario } from "@/lib/scoring/scenario/scenario";
import { ApiError, zodDetails } from "./errors";

/*
 * Reading the queries of the APIs that page a rollout's checks, a task's grid and a rollout's whole texts (their
 * schemas: lib/api/schemas/rollouts.ts, tasks.ts), and the scenario as the pages read it.
 */

/** Parses a query with `schema`, or throws the API's 400 naming the fields. */
export function parseQuery<T extends z.ZodType>(schema: T, url: string): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(url).searchParams));
  if (!parsed.success) throw new ApiError("malformed", "The query cannot be read.", zodDetails(parsed.error));
  return parsed.data;
}

/** A `scenario` parameter as the pages read it, or the API's 422 naming what is wrong in it. */
export function scenarioOf(text: string | undefined): Scenario {
  const scenario = parseScenarioParam(text ?? null);
  if (!scenario.success)
    throw new ApiError(
      "invalid",
      "Invalid scenario.",
      scenario.issues.map((i) => ({ path: `scenario${i.path ? `.${i.path}` : ""}`, message: i.message })),
    );
  return scenario.data;
}
