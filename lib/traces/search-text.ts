import { contentText } from "./content";
import type { StepSource, Trace, TraceRead, TraceStep } from "./types";

/** The most of one step's text the search index holds, in UTF-16 code units (64 KiB): the rest is not searched. */
export const STEP_TEXT_LIMIT = 65_536;

/** One step as the search index stores it (docs/traces.md#search). */
export interface SearchStep {
  step: number;
  source: StepSource;
  /** The step's first tool call, else the call its first result answers; null for neither. */
  tool: string | null;
  /** Whether one of its tool results is marked as an error. */
  isError: boolean;
  /** Message, reasoning, each call as `name arguments` and each result, one per line; cut at STEP_TEXT_LIMIT. */
  text: string;
}

/** `text` cut to `limit` code units, never between the halves of a surrogate pair. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const code = text.charCodeAt(limit - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}

function stepText(step: TraceStep): string {
  const parts: string[] = [];
  if (step.text) parts.push(step.text);
  if (step.reasoning) parts.push(step.reasoning);
  for (const call of step.toolCalls) parts.push(`${call.name} ${JSON.stringify(call.arguments)}`);
  for (const result of step.results) parts.push(contentText(result.content));
  // PostgreSQL text cannot hold NUL; a NUL is no word anyway.
  return cutText(parts.join("\n"), STEP_TEXT_LIMIT).replaceAll("\u0000", " ");
}

/** Every step of a trace as the search index stores it, in order. */
export function searchStepsOf(trace: Trace): SearchStep[] {
  const callNames = new Map<string, string>();
  for (const step of trace.steps) for (const call of step.toolCalls) callNames.set(call.id, call.name);
  return trace.steps.map((step) => searchStepOf(step, callNames));
}

/** Calls a page of a big trace remembers for the pages after it: a result is named by its call's tool. */
export const REMEMBERED_CALLS = 100_000;

/**
 * One page of a trace too big to hold whole, as the search index stores it. `callNames` carries the tool names
 * of calls from one page to the next (the latest REMEMBERED_CALLS): a result on a later page than its call is
 * named by it, as in searchStepsOf, while its call is among them.
 */
export function searchStepsOfPage(steps: readonly TraceStep[], callNames: Map<string, string>): SearchStep[] {
  for (const step of steps)
    for (const call of step.toolCalls) {
      callNames.delete(call.id);
      callNames.set(call.id, call.name);
    }
  for (const id of callNames.keys()) {
    if (callNames.size <= REMEMBERED_CALLS) break;
    callNames.delete(id);
  }
  return steps.map((step) => searchStepOf(step, callNames));
}

function searchStepOf(step: TraceStep, callNames: ReadonlyMap<string, string>): SearchStep {
  const answered = step.results.find((r) => r.callId !== null && callNames.has(r.callId));
  return {
    step: step.index,
    source: step.source,
    tool: step.toolCalls[0]?.name ?? (answered ? callNames.get(answered.callId!)! : null),
    isError: step.results.some((r) => r.isError),
    text: stepText(step),
  };
}

/** What search read of one rollout's trace: its steps, a trace that did not parse (and why), or no trace. */
export type SearchEntry =
  { status: "indexed"; steps: readonly SearchStep[] } | { status: "skipped"; why: string } | { status: "none" };

/** The search entry of a trace as its reader gave it. */
export function searchEntryOf(read: TraceRead): SearchEntry {
  if (read.kind === "trace") return { status: "indexed", steps: searchStepsOf(read.trace) };
  if (read.kind === "raw") return { status: "skipped", why: read.raw.why };
  return { status: "none" };
}
