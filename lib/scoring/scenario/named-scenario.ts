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

/**
 * A saved scenario's JSON is at most 64 KiB, and each of its lists and maps (task, group and component weights,
 * flips, required rules) at most 5,000 entries: a scenario weighting every task of a 2,000-task run takes about
 * 50 KB, and a scenario that rides in a link (`?scenario=`) cannot pass 16 KB, Node's limit on a request's
 * head, so 64 KiB is four times what any page can link to. Every page that offers saved scenarios lists them.
 */
export const MAX_SAVED_SCENARIO_BYTES = 64 * 1024;
export const MAX_SCENARIO_ENTRIES = 5_000;

const LISTS = ["weights", "groupWeights", "componentWeights", "flips", "required"] as const;

/** A scenario within the saved scenarios' limits; the issues name the field and the figure. */
export const ZSavedScenarioBody = ZScenario.superRefine((scenario, ctx) => {
  for (const key of LISTS) {
    const value = scenario[key];
    const n = value === undefined ? 0 : Array.isArray(value) ? value.length : Object.keys(value).length;
    if (n > MAX_SCENARIO_ENTRIES)
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `a saved scenario has at most ${MAX_SCENARIO_ENTRIES} ${key} entries (this one: ${n})`,
      });
  }
  const bytes = new TextEncoder().encode(JSON.stringify(scenario)).byteLength;
  if (bytes > MAX_SAVED_SCENARIO_BYTES)
    ctx.addIssue({
      code: "custom",
      path: [],
      message: `a saved scenario is at most ${MAX_SAVED_SCENARIO_BYTES} bytes of JSON (this one: ${bytes})`,
    });
});

/** POST /api/scenarios: `{"name", "description"?, "scenario"}`. */
export const ZNewScenario = z.strictObject({
  name: ZScenarioName,
  description: ZScenarioDescription.default(""),
  scenario: ZSavedScenarioBody,
});

/** PUT /api/scenarios/:name: any of a new name, description, scenario and the declared flag. */
export const ZScenarioPut = z
  .strictObject({
    name: ZScenarioName.optional(),
    description: ZScenarioDescription.optional(),
    scenario: ZSavedScenarioBody.optional(),
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

/** cyrb53: a 53-bit string hash, the same in the server and the browser (no Node or Web Crypto needed). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** A scenario's meaning (scenarioKey) in 14 hex digits: what a page needs to recognise a saved scenario. */
export function scenarioFingerprint(scenario: Scenario): string {
  return hash53(scenarioKey(scenario));
}

/**
 * What a page carries of a saved scenario: its name, description and fingerprint, never its body, which the
 * page fetches when the reader picks it (GET /api/scenarios/:name). A page stays the same size however large
 * the saved scenarios are.
 */
export interface SavedScenarioSummary {
  name: string;
  description: string;
  declared: boolean;
  fingerprint: string;
}

export function summariseSaved(saved: {
  name: string;
  description: string;
  scenario: Scenario;
  declared: boolean;
}): SavedScenarioSummary {
  const { name, description, declared } = saved;
  return { name, description, declared, fingerprint: scenarioFingerprint(saved.scenario) };
}

/**
 * The saved scenario a page's scenario is, or null: a link holds the scenario itself, so a page under a
 * saved one is recognised by its content (its fingerprint), whatever link it came from. `{}` (as recorded) is
 * never named.
 */
export function savedScenarioFor<T extends { fingerprint: string }>(scenario: Scenario, saved: readonly T[]): T | null {
  const key = scenarioKey(scenario);
  if (key === "{}") return null;
  const fingerprint = hash53(key);
  return saved.find((s) => s.fingerprint === fingerprint) ?? null;
}
