import { api } from "@/lib/api/client-routes";
import { parseScenario, type Scenario } from "@/lib/scoring/scenario/scenario";

export type SaveOutcome = { kind: "ok" } | { kind: "unauthorized" } | { kind: "failed"; message: string };

/** POST /api/scenarios with the saved ingest token, told in terms the Save as… form can show. */
export async function saveScenario(input: {
  name: string;
  description: string;
  scenario: Scenario;
}): Promise<SaveOutcome> {
  const result = await api.saveScenario(input);
  if (result.ok) return { kind: "ok" };
  return result.kind === "unauthorized" ? { kind: "unauthorized" } : { kind: "failed", message: result.message };
}

/** A saved scenario's body, fetched when the reader picks it (pages carry only names and descriptions). */
export async function loadSavedScenario(name: string): Promise<{ scenario: Scenario } | { message: string }> {
  const result = await api.scenario(name);
  if (result.ok) {
    // The answer parsed with the API's schema; the page still reads the scenario as it reads its own.
    const parsed = parseScenario(result.data.scenario.scenario);
    return parsed.success
      ? { scenario: parsed.data }
      : { message: "The server sent a scenario this page cannot read." };
  }
  if (result.kind === "not-found") return { message: `The scenario “${name}” is no longer saved: reload the page.` };
  if (result.status === 0) return { message: result.message };
  return { message: `The scenario could not be loaded (the server answered ${result.status}).` };
}
