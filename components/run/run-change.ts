import { ingestAuthHeader } from "@/components/upload/ingest-token";

export type RunChangeOutcome = { kind: "ok" } | { kind: "unauthorized" } | { kind: "failed"; message: string };

/**
 * Sends a change of a stored run (PATCH with `{"name"?, "tags"?}`, or DELETE) to /api/runs/:id with the saved
 * ingest token, and says how it went in terms a control can show.
 */
export async function sendRunChange(
  runId: string,
  change: { method: "PATCH"; body: { name?: string; tags?: string[] } } | { method: "DELETE" },
): Promise<RunChangeOutcome> {
  try {
    const res = await fetch(`/api/runs/${encodeURIComponent(runId)}`, {
      method: change.method,
      headers: { "content-type": "application/json", ...ingestAuthHeader() },
      body: change.method === "PATCH" ? JSON.stringify(change.body) : undefined,
    });
    if (res.ok) return { kind: "ok" };
    if (res.status === 401) return { kind: "unauthorized" };
    const body = (await res.json().catch(() => null)) as {
      error?: { message?: string; details?: { path: string; message: string }[] };
    } | null;
    const detail = body?.error?.details?.[0]?.message;
    const message = body?.error?.message ?? `The server answered ${res.status}.`;
    return { kind: "failed", message: detail ? `${message} ${detail}.` : message };
  } catch {
    return { kind: "failed", message: "The server could not be reached." };
  }
}
