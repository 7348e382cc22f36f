import { z } from "zod";
import { ZScenario, type Scenario } from "./scenario";
import { normaliseScenario } from "./scenario-edit";

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

/** JSON with every object's keys sorted: two scenarios that mean the same read the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** What identifies a scenario's meaning: its normalised form (scenario-edit.ts), keys sorted. */
export function scenarioKey(scenario: Scenario): string {
  return JSON.stringify(canonical(normaliseScenario(scenario)));
}

/**
 * The saved scenario a page's scenario is, or null: a link holds the scenario itself, so a page under a
 * saved one is recognised by its content, whatever link it came from. `{}` (as recorded) is never named.
 */
export function savedScenarioFor<T extends { scenario: Scenario }>(scenario: Scenario, saved: readonly T[]): T | null {
  const key = scenarioKey(scenario);
  if (key === "{}") return null;
  return saved.find((s) => scenarioKey(s.scenario) === key) ?? null;
}
