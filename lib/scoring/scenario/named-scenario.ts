import { z } from "zod";
import { ZScenario } from "./scenario";

/*
 * A scenario saved under a name (the API, `tally scenarios` and the pages' Save as… form): the name and
 * description as given, and the scenario in the shape of the `scenario` URL parameter.
 */

/** Shown on pages and typed in `tally scenarios`, so printable and short. */
export const ZScenarioName = z
  .string()
  .trim()
  .min(1, "a scenario name is not empty")
  .max(100, "a scenario name has at most 100 characters")
  .regex(/^[^\p{Cc}]+$/u, "a scenario name has no control characters");

export const ZScenarioDescription = z.string().trim().max(2000, "a description has at most 2,000 characters");

/** POST /api/scenarios: `{"name", "description"?, "scenario"}`. */
export const ZNewScenario = z.strictObject({
  name: ZScenarioName,
  description: ZScenarioDescription.default(""),
  scenario: ZScenario,
});

/** PUT /api/scenarios/:name: any of a new name, description, scenario and the declared flag. */
export const ZScenarioPut = z
  .strictObject({
    name: ZScenarioName.optional(),
    description: ZScenarioDescription.optional(),
    scenario: ZScenario.optional(),
    declared: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "give a name, description, scenario or declared");
