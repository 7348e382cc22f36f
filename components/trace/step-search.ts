import { contentText, type TraceStep } from "@/lib/traces";

/**
 * Whether a step's text, reasoning, call names, arguments or results contain the query (case-insensitive); a
 * result also matches by the name of the call it answers.
 */
export function stepMatches(step: TraceStep, query: string, callNames: ReadonlyMap<string, string>): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  const haystack = [
    step.text ?? "",
    step.reasoning ?? "",
    ...step.toolCalls.flatMap((c) => [c.name, JSON.stringify(c.arguments)]),
    ...step.results.flatMap((r) => [contentText(r.content), (r.callId !== null && callNames.get(r.callId)) || ""]),
  ];
  return haystack.some((s) => s.toLowerCase().includes(needle));
}

/** Whether a step carries a tool result marked as an error. */
export function stepHasError(step: TraceStep): boolean {
  return step.results.some((r) => r.isError);
}

/** Every tool call's name by its id. */
export function callNamesOf(steps: readonly TraceStep[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const step of steps) for (const call of step.toolCalls) names.set(call.id, call.name);
  return names;
}
