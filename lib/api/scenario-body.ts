import { z } from "zod";
import type { ScenarioWrite, SavedScenario } from "@/lib/store/records";
import { ApiError, zodDetails } from "./errors";
import { readJsonBody } from "./json-body";

/** A saved scenario's 64 KiB (MAX_SAVED_SCENARIO_BYTES), its name and description, with room to spare. */
const MAX_SCENARIO_BODY_BYTES = 128 * 1024;

/**
 * A JSON body read with a schema: 413 past 128 KiB, 400 when it is not JSON, 422 with field paths when it does
 * not match (a scenario over the saved scenarios' limits included).
 */
export async function readScenarioBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const json = await readJsonBody(
    request,
    MAX_SCENARIO_BODY_BYTES,
    'The body must be JSON: {"name": "…", "description": "…", "scenario": {…}}.',
  );
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
