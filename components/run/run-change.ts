import { api } from "@/lib/api/client-routes";

export type RunChangeOutcome = { kind: "ok" } | { kind: "unauthorized" } | { kind: "failed"; message: string };

/**
 * Sends a change of a stored run (PATCH with `{"name"?, "tags"?}`, or DELETE) with the saved ingest token, and
 * says how it went in terms a control can show.
 */
export async function sendRunChange(
  runId: string,
  change: { method: "PATCH"; body: { name?: string; tags?: string[] } } | { method: "DELETE" },
): Promise<RunChangeOutcome> {
  const result = change.method === "PATCH" ? await api.changeRun(runId, change.body) : await api.deleteRun(runId);
  if (result.ok) return { kind: "ok" };
  return result.kind === "unauthorized" ? { kind: "unauthorized" } : { kind: "failed", message: result.message };
}
