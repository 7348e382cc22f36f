import type { StepDraft } from "./build";

/**
 * Gives every result without a call id the oldest earlier call that has no result yet (calls and results
 * paired by adjacency, as a harness that logs them in order implies). Results that name their call mark it
 * answered. Mutates the drafts' results.
 */
export function linkByAdjacency(steps: readonly StepDraft[]): void {
  const pending: string[] = [];
  const answered = new Set<string>();
  for (const step of steps) {
    for (const call of step.toolCalls) pending.push(call.id);
    for (let i = 0; i < step.results.length; i++) {
      const result = step.results[i]!;
      if (result.callId !== null) {
        answered.add(result.callId);
        continue;
      }
      while (pending.length > 0 && answered.has(pending[0]!)) pending.shift();
      const callId = pending.shift();
      if (callId === undefined) continue;
      answered.add(callId);
      step.results[i] = { ...result, callId };
    }
  }
}
