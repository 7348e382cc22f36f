import type { TraceSummary } from "@/lib/traces";
import type { NormalizedRollout } from "./types";

/** The cost and effort figures stored with a rollout. */
export interface RolloutMeasures {
  durationMs: number | null;
  agentMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  tokens: number | null;
  costUsd: number | null;
  toolCalls: number | null;
  toolErrors: number | null;
  steps: number | null;
}

/**
 * A rollout's measures: what its harness recorded, and where it recorded nothing, the totals of its trace (tool
 * calls, tool errors, tokens, cost, first to last step time): the trace is a record of the same rollout. What
 * the harness recorded always wins. `tokens` is input + output when the harness gave no total.
 */
export function rolloutMeasures(rollout: NormalizedRollout, trace: TraceSummary | null): RolloutMeasures {
  const totals = trace?.status === "read" ? trace.totals : null;
  const inputTokens = rollout.inputTokens ?? totals?.inputTokens ?? null;
  const outputTokens = rollout.outputTokens ?? totals?.outputTokens ?? null;
  return {
    durationMs: rollout.durationMs ?? totals?.wallTimeMs ?? null,
    agentMs: rollout.agentMs,
    inputTokens,
    outputTokens,
    cachedTokens: rollout.cachedTokens ?? totals?.cachedTokens ?? null,
    tokens: rollout.tokens ?? (inputTokens !== null && outputTokens !== null ? inputTokens + outputTokens : null),
    costUsd: rollout.costUsd ?? totals?.costUsd ?? null,
    toolCalls: rollout.toolCalls ?? totals?.toolCalls ?? null,
    toolErrors: rollout.toolErrors ?? totals?.toolErrors ?? null,
    steps: totals?.steps ?? null,
  };
}
