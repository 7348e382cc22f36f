import { api } from "@/lib/api/client-routes";

export interface ItemDetail {
  agentOutput: string | null;
  detail: string | null;
  /** The grader's reason for its verdict. */
  reason: string | null;
  /** The trace steps the check cites (index from 0; null when the ref was not found in the trace). */
  evidence: { ref: string; step: number | null }[];
}

/** The detail of a rollout's check (GET /api/runs/:id/rollouts/:rollout), or an error message saying what to do. */
export async function fetchItemDetail(runId: string, rollout: string, check: string): Promise<ItemDetail | string> {
  const answer = await api.rollout({ id: runId, rollout });
  if (!answer.ok) {
    return answer.status === 0
      ? "The server did not answer; check the connection and press R to try again."
      : `The rollout could not be read: ${answer.message} Press R to try again.`;
  }
  const { rollout: read } = answer.data;
  const c = read.checks.find((x) => x.key === check);
  return {
    agentOutput: read.agentOutput,
    detail: c?.detail ?? null,
    reason: c?.reason ?? null,
    evidence: c?.evidence ?? [],
  };
}
