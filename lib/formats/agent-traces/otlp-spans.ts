import { asObject, stringOrNull } from "../trace-input";
import type { Json, JsonObject } from "../types";
import { attributes, nanos, str, type Attributes } from "./otlp-attributes";

/** One span of an OTLP/JSON export, with what ordering and nesting need. */
export interface SpanRow {
  span: JsonObject;
  attrs: Attributes;
  /** The attributes of the resource that emitted the span (service.name, …). */
  resource: Attributes;
  id: string | null;
  parent: string | null;
  start: bigint;
  /** The span's place in the file, for a stable order among spans that started together. */
  order: number;
  /** Where the span is in the file, for warnings (`resourceSpans[0].scopeSpans[1].spans[3]`). */
  where: string;
}

/** A span's role in an agent's run, from the GenAI semantic conventions or OpenInference's span kind. */
export type SpanKind = "model" | "tool" | "agent" | "other" | "structure" | null;

const GENAI_MODEL_OPERATIONS = new Set(["chat", "text_completion", "generate_content"]);
const GENAI_AGENT_OPERATIONS = new Set(["invoke_agent", "create_agent"]);

export function spanKind(attrs: Attributes): SpanKind {
  const operation = str(attrs, "gen_ai.operation.name");
  if (operation !== null) {
    if (GENAI_MODEL_OPERATIONS.has(operation)) return "model";
    if (operation === "execute_tool") return "tool";
    if (GENAI_AGENT_OPERATIONS.has(operation)) return "agent";
    return "other";
  }
  const kind = str(attrs, "openinference.span.kind")?.toUpperCase() ?? null;
  if (kind !== null) {
    if (kind === "LLM") return "model";
    if (kind === "TOOL") return "tool";
    if (kind === "AGENT") return "agent";
    // A chain is how a framework nests the calls that matter; it is structure, not a step.
    return kind === "CHAIN" ? "structure" : "other";
  }
  // Instrumentations older than gen_ai.operation.name still name the model system and usage.
  for (const key of attrs.keys()) if (key.startsWith("gen_ai.")) return "model";
  return null;
}

/** Every span of one ExportTraceServiceRequest (`resourceSpans[].scopeSpans[].spans[]`), appended to `into`. */
export function collectSpans(request: Json, into: SpanRow[], at: string): void {
  const resources = asObject(request)?.resourceSpans;
  if (!Array.isArray(resources)) return;
  resources.forEach((resource, r) => {
    const res = asObject(resource);
    // `instrumentationLibrarySpans` is the name before OTLP 0.15.
    const scopes = res?.scopeSpans ?? res?.instrumentationLibrarySpans;
    const resourceAttrs = attributes(asObject(res?.resource)?.attributes);
    if (!Array.isArray(scopes)) return;
    scopes.forEach((scope, s) => {
      const spans = asObject(scope)?.spans;
      if (!Array.isArray(spans)) return;
      spans.forEach((value, i) => {
        const span = asObject(value);
        if (!span) return;
        into.push({
          span,
          attrs: attributes(span.attributes),
          resource: resourceAttrs,
          id: stringOrNull(span.spanId),
          parent: stringOrNull(span.parentSpanId) || null,
          start: nanos(span.startTimeUnixNano),
          order: into.length,
          where: `${at}resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`,
        });
      });
    });
  });
}

/** Depth of each span in its tree (roots 0); a cycle or a missing parent counts as a root. */
export function depths(rows: readonly SpanRow[]): Map<SpanRow, number> {
  const byId = new Map<string, SpanRow>();
  for (const row of rows) if (row.id !== null) byId.set(row.id, row);
  const out = new Map<SpanRow, number>();
  for (const row of rows) {
    let depth = 0;
    const seen = new Set<SpanRow>([row]);
    let parent = row.parent === null ? undefined : byId.get(row.parent);
    while (parent && !seen.has(parent)) {
      seen.add(parent);
      depth++;
      parent = parent.parent === null ? undefined : byId.get(parent.parent);
    }
    out.set(row, depth);
  }
  return out;
}

/** Spans in the order they started; a parent before the children that started with it; file order last. */
export function startOrder(rows: readonly SpanRow[]): SpanRow[] {
  const depth = depths(rows);
  return [...rows].sort((a, b) =>
    a.start !== b.start ? (a.start < b.start ? -1 : 1) : depth.get(a)! - depth.get(b)! || a.order - b.order,
  );
}

/** The agent spans above a span (nearest first), the span itself first when it is one. */
export function agentChain(
  row: SpanRow,
  byId: ReadonlyMap<string, SpanRow>,
  isAgent: (r: SpanRow) => boolean,
): SpanRow[] {
  const out: SpanRow[] = [];
  const seen = new Set<SpanRow>();
  let current: SpanRow | undefined = row;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (isAgent(current)) out.push(current);
    current = current.parent === null ? undefined : byId.get(current.parent);
  }
  return out;
}
