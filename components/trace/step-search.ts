import { contentText, type TraceStep } from "@/lib/traces";

/** Whether a step's text, reasoning, call names, arguments or results contain the query (case-insensitive). */
export function stepMatches(step: TraceStep, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  const haystack = [
    step.text ?? "",
    step.reasoning ?? "",
    ...step.toolCalls.flatMap((c) => [c.name, JSON.stringify(c.arguments)]),
    ...step.results.map((r) => contentText(r.content)),
  ];
  return haystack.some((s) => s.toLowerCase().includes(needle));
}

/** Whether a step carries a tool result marked as an error. */
export function stepHasError(step: TraceStep): boolean {
  return step.results.some((r) => r.isError);
}
