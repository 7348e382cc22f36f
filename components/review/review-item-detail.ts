import { z } from "zod";

/**
 * What the queue shows of one verdict beyond the queue's own fields, read from GET
 * /api/runs/:id/rollouts/:rollout (zod: a response from another version of the server fails here, not later).
 */
const ZDetailResponse = z.object({
  rollout: z.object({
    agentOutput: z.string().nullable(),
    checks: z.array(
      z.object({
        key: z.string(),
        detail: z.string().nullable(),
        reason: z.string().nullable(),
        evidence: z.array(z.object({ ref: z.string(), step: z.number().nullable() })),
      }),
    ),
  }),
});

export interface ItemDetail {
  agentOutput: string | null;
  detail: string | null;
  /** The grader's reason for its verdict. */
  reason: string | null;
  /** The trace steps the check cites (index from 0; null when the ref was not found in the trace). */
  evidence: { ref: string; step: number | null }[];
}

/** The detail of a rollout's check, or an error message saying what to do. */
export async function fetchItemDetail(runId: string, rollout: string, check: string): Promise<ItemDetail | string> {
  const url = `/api/runs/${encodeURIComponent(runId)}/rollouts/${encodeURIComponent(rollout)}`;
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    return "The server did not answer; check the connection and press R to try again.";
  }
  if (!res.ok) return `The rollout could not be read (HTTP ${res.status}); press R to try again.`;
  const parsed = ZDetailResponse.safeParse(await res.json());
  if (!parsed.success) return "The server answered in a shape this page does not read; reload the page.";
  const c = parsed.data.rollout.checks.find((x) => x.key === check);
  return {
    agentOutput: parsed.data.rollout.agentOutput,
    detail: c?.detail ?? null,
    reason: c?.reason ?? null,
    evidence: c?.evidence ?? [],
  };
}
