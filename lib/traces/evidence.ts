import type { ContentPart, Trace } from "./types";

/**
 * Where each evidence ref of a trace points. A check's evidence ref (rubric `evidence_refs`) or a bracketed
 * citation in an answer (`[e3]`) names a step by its own id (ATIF step_id, Silo seq), by an `id` field in a
 * tool result's structured output, or by a tool call id. When one string could mean several, a step id wins
 * over an output id, which wins over a call id; within one kind, the first step wins.
 */
export interface EvidenceIndex {
  stepIds: ReadonlyMap<string, number>;
  outputIds: ReadonlyMap<string, number>;
  callIds: ReadonlyMap<string, number>;
}

function setFirst(map: Map<string, number>, key: string, index: number): void {
  if (!map.has(key)) map.set(key, index);
}

function outputId(part: ContentPart): string | null {
  if (part.type !== "json") return null;
  const value = part.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const id = value.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}

export function evidenceIndex(trace: Trace): EvidenceIndex {
  const refs = trace.indexed?.refs;
  if (refs)
    return { stepIds: new Map(refs.stepIds), outputIds: new Map(refs.outputIds), callIds: new Map(refs.callIds) };
  const stepIds = new Map<string, number>();
  const outputIds = new Map<string, number>();
  const callIds = new Map<string, number>();
  for (const step of trace.steps) {
    if (step.id !== null) setFirst(stepIds, step.id, step.index);
    for (const call of step.toolCalls) setFirst(callIds, call.id, step.index);
    for (const result of step.results) {
      if (typeof result.content === "string") continue;
      for (const part of result.content) {
        const id = outputId(part);
        if (id !== null) setFirst(outputIds, id, step.index);
      }
    }
  }
  return { stepIds, outputIds, callIds };
}

/** The index of the step a ref points at; null when nothing in the trace carries it. */
export function resolveEvidence(index: EvidenceIndex, ref: string): number | null {
  const key = ref.trim();
  return index.stepIds.get(key) ?? index.outputIds.get(key) ?? index.callIds.get(key) ?? null;
}

export interface ResolvedRef {
  ref: string;
  step: number | null;
}

export function resolveAll(index: EvidenceIndex, refs: readonly string[]): ResolvedRef[] {
  return refs.map((ref) => ({ ref, step: resolveEvidence(index, ref) }));
}

// `[e3]`, `[E-12]`, `[call_7]`; not a Markdown link `[text](url)` nor a checkbox `[x]` / `[ ]`.
const CITATION = /\[([A-Za-z0-9][\w.:#-]{0,63})\](?!\()/g;

/** The bracketed citations of a text, in order of first appearance, each once. */
export function citedRefs(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(CITATION)) {
    const ref = match[1]!;
    if (ref.toLowerCase() === "x") continue;
    seen.add(ref);
  }
  return [...seen];
}
