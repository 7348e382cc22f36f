import { ingestAuthHeader } from "@/components/upload/ingest-token";
import { parseScenario, type Scenario } from "@/lib/scoring/scenario/scenario";

export type SaveOutcome = { kind: "ok" } | { kind: "unauthorized" } | { kind: "failed"; message: string };

/** POST /api/scenarios with the saved ingest token, told in terms the Save as… form can show. */
export async function saveScenario(input: {
  name: string;
  description: string;
  scenario: Scenario;
}): Promise<SaveOutcome> {
  try {
    const res = await fetch("/api/scenarios", {
      method: "POST",
      headers: { "content-type": "application/json", ...ingestAuthHeader() },
      body: JSON.stringify(input),
    });
    if (res.ok) return { kind: "ok" };
    if (res.status === 401) return { kind: "unauthorized" };
    const body = (await res.json().catch(() => null)) as {
      error?: { message?: string; details?: { path: string; message: string }[] };
    } | null;
    const detail = body?.error?.details?.[0];
    const message = body?.error?.message ?? `The server answered ${res.status}.`;
    return { kind: "failed", message: detail ? `${message} ${detail.path}: ${detail.message}.` : message };
  } catch {
    return { kind: "failed", message: "The server could not be reached." };
  }
}

/** A saved scenario's body, fetched when the reader picks it (pages carry only names and descriptions). */
export async function loadSavedScenario(name: string): Promise<{ scenario: Scenario } | { message: string }> {
  try {
    const res = await fetch(`/api/scenarios/${encodeURIComponent(name)}`);
    if (!res.ok)
      return {
        message:
          res.status === 404
            ? `The scenario “${name}” is no longer saved: reload the page.`
            : `The scenario could not be loaded (the server answered ${res.status}).`,
      };
    const body = (await res.json()) as { scenario?: { scenario?: unknown } };
    const parsed = parseScenario(body.scenario?.scenario);
    return parsed.success
      ? { scenario: parsed.data }
      : { message: "The server sent a scenario this page cannot read." };
  } catch {
    return { message: "The server could not be reached." };
  }
}
