import { z } from "zod";
import { ZScenario } from "@/lib/scoring/scenario/scenario";
import type { ScenarioWrite, SavedScenario } from "@/lib/store/records";
import { ApiError, zodDetails } from "./errors";

/** A scenario's name: shown on pages and typed in `tally scenarios`, so printable and short. */
export const ZScenarioName = z
  .string()
  .trim()
  .min(1, "a scenario name is not empty")
  .max(100, "a scenario name has at most 100 characters")
  .regex(/^[^\p{Cc}]+$/u, "a scenario name has no control characters");

const ZDescription = z.string().trim().max(2000, "a description has at most 2,000 characters");

/** POST /api/scenarios: `{"name", "description"?, "scenario"}`; the scenario as the `scenario` URL parameter. */
export const ZNewScenario = z.strictObject({
  name: ZScenarioName,
  description: ZDescription.default(""),
  scenario: ZScenario,
});

/** PUT /api/scenarios/:name: any of a new name, description, scenario and the declared flag. */
export const ZScenarioPut = z
  .strictObject({
    name: ZScenarioName.optional(),
    description: ZDescription.optional(),
    scenario: ZScenario.optional(),
    declared: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "give a name, description, scenario or declared");

/** A JSON body read with a schema: 400 when it is not JSON, 422 with field paths when it does not match. */
export async function readScenarioBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new ApiError("malformed", 'The body must be JSON: {"name": "…", "description": "…", "scenario": {…}}.');
  }
  const body = schema.safeParse(json);
  if (!body.success) throw new ApiError("invalid", "Invalid scenario.", zodDetails(body.error));
  return body.data;
}

/** The stored scenario, or the error a route answers: 404 for an unknown name, 409 for a taken one. */
export function savedOrThrow(write: ScenarioWrite, name: string, newName = name): SavedScenario {
  if ("saved" in write) return write.saved;
  if (write.error === "missing") throw scenarioNotFound(name);
  throw new ApiError("conflict", `A scenario named "${newName}" already exists.`);
}

export const scenarioNotFound = (name: string) => new ApiError("not_found", `No scenario named "${name}".`);
