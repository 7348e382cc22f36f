import {
  buildTrace,
  draftStep,
  rawTrace,
  stepMetrics,
  type StepAgent,
  type StepDraft,
  type ToolCall,
  type TraceContent,
  type TraceRead,
} from "@/lib/traces";
import { isJsonObject, parseJsonText } from "../json";
import { asObject, parseArguments, parseTraceJson, parseTraceJsonLines, stringOrNull } from "../trace-input";
import type { InputFile, Json, JsonObject } from "../types";
import { attributes, attributesObject, indexed, nanosToIso, num, str, type Attributes } from "./otlp-attributes";
import { agentChain, collectSpans, spanKind, startOrder, type SpanRow } from "./otlp-spans";
import { headObjects, headText } from "./sniff";

/**
 * OpenTelemetry traces as OTLP/JSON (an ExportTraceServiceRequest, or the collector's file exporter: one per
 * line) whose spans follow the GenAI semantic conventions (`gen_ai.operation.name` chat / execute_tool /
 * invoke_agent, `gen_ai.usage.*`, `gen_ai.tool.*`, `gen_ai.input.messages` / `gen_ai.output.messages`) or
 * OpenInference's (`openinference.span.kind` LLM / TOOL / AGENT, `llm.token_count.*`, `llm.output_messages.*`,
 * `tool.name`, `input.value` / `output.value`). One step per model call, tool call and agent span, in the order
 * they started; spans of neither convention are counted, not shown.
 */

const FIRST_KEY = /^\{\s*"resourceSpans"\s*:/;

/** Whether a file's head reads as OTLP/JSON traces: an object (or JSON lines of objects) led by resourceSpans. */
export function isOtlpTraces(file: InputFile): boolean {
  if (FIRST_KEY.test(headText(file).trimStart())) return true;
  const head = headObjects(file);
  return head.length > 0 && Array.isArray(head[0]!.resourceSpans);
}

/** Whether any span of the export carries a GenAI or OpenInference attribute. */
function hasAgentSpans(rows: readonly SpanRow[]): boolean {
  return rows.some((row) => spanKind(row.attrs) !== null);
}

const STATUS_ERROR = new Set<Json>([2, "2", "STATUS_CODE_ERROR", "ERROR"]);

function spanError(row: SpanRow): string | null {
  const status = asObject(row.span.status);
  const failed = STATUS_ERROR.has(status?.code ?? null) || str(row.attrs, "error.type") !== null;
  if (!failed) return null;
  const events = Array.isArray(row.span.events) ? row.span.events : [];
  const exception = events.map((e) => asObject(e)).find((e) => e?.name === "exception");
  const exceptionAttrs = attributes(exception?.attributes);
  return (
    stringOrNull(status?.message) ||
    [str(exceptionAttrs, "exception.type"), str(exceptionAttrs, "exception.message")].filter(Boolean).join(": ") ||
    str(row.attrs, "error.type") ||
    "error"
  );
}

/** A JSON-valued attribute (GenAI message lists are JSON strings), parsed when it parses. */
function jsonAttribute(attrs: Attributes, key: string): Json | undefined {
  const value = attrs.get(key);
  if (typeof value !== "string") return value;
  const parsed = parseJsonText(value);
  return parsed.ok ? parsed.value : value;
}

/** The attributes of a span and of its events (GenAI puts messages on `gen_ai.client.inference.operation.details`). */
function withEventAttributes(row: SpanRow): Attributes {
  const merged: Attributes = new Map(row.attrs);
  const events = Array.isArray(row.span.events) ? row.span.events : [];
  for (const event of events) {
    for (const [key, value] of attributes(asObject(event)?.attributes))
      if (key.startsWith("gen_ai.") && !merged.has(key)) merged.set(key, value);
  }
  return merged;
}

interface ModelOutput {
  text: string | null;
  reasoning: string | null;
  calls: ToolCall[];
}

/** GenAI `gen_ai.output.messages`: `[{role, parts: [{type: text|reasoning|tool_call, …}]}]`. */
function genAiOutput(attrs: Attributes, idPrefix: string): ModelOutput | null {
  const messages = jsonAttribute(attrs, "gen_ai.output.messages");
  if (!Array.isArray(messages)) return null;
  const text: string[] = [];
  const reasoning: string[] = [];
  const calls: ToolCall[] = [];
  for (const message of messages) {
    const parts = asObject(message)?.parts;
    for (const part of Array.isArray(parts) ? parts : []) {
      const p = asObject(part);
      if (p?.type === "text" && typeof p.content === "string") text.push(p.content);
      else if (p?.type === "reasoning" && typeof p.content === "string") reasoning.push(p.content);
      else if (p?.type === "tool_call" && typeof p.name === "string")
        calls.push({
          id: stringOrNull(p.id) ?? `${idPrefix}.${calls.length}`,
          name: p.name,
          arguments: parseArguments(p.arguments),
        });
    }
  }
  return {
    text: text.length > 0 ? text.join("\n") : null,
    reasoning: reasoning.length > 0 ? reasoning.join("\n") : null,
    calls,
  };
}

/**
 * Flattened output messages: OpenInference `llm.output_messages.<i>.message.*` and the older GenAI
 * `gen_ai.completion.<i>.*` (OpenLLMetry).
 */
function flattenedOutput(attrs: Attributes, idPrefix: string): ModelOutput | null {
  const oi = indexed(attrs, "llm.output_messages.");
  const legacy = indexed(attrs, "gen_ai.completion.");
  const groups = oi.length > 0 ? oi : legacy;
  if (groups.length === 0) return null;
  const m = oi.length > 0 ? "message." : "";
  const text: string[] = [];
  const calls: ToolCall[] = [];
  for (const group of groups) {
    const content = group.get(`${m}content`);
    if (typeof content === "string") text.push(content);
    const flat: Attributes = new Map(group);
    for (const call of indexed(flat, `${m}tool_calls.`)) {
      const f = oi.length > 0 ? "tool_call.function." : "";
      const name = call.get(`${f}name`);
      if (typeof name !== "string") continue;
      const id = call.get(oi.length > 0 ? "tool_call.id" : "id");
      calls.push({
        id: typeof id === "string" ? id : `${idPrefix}.${calls.length}`,
        name,
        arguments: parseArguments(call.get(`${f}arguments`)),
      });
    }
  }
  return { text: text.length > 0 ? text.join("\n") : null, reasoning: null, calls };
}

function modelMetrics(attrs: Attributes) {
  return stepMetrics({
    inputTokens:
      num(attrs, "gen_ai.usage.input_tokens") ??
      num(attrs, "llm.token_count.prompt") ??
      num(attrs, "gen_ai.usage.prompt_tokens"),
    outputTokens:
      num(attrs, "gen_ai.usage.output_tokens") ??
      num(attrs, "llm.token_count.completion") ??
      num(attrs, "gen_ai.usage.completion_tokens"),
    cachedTokens:
      num(attrs, "gen_ai.usage.cache_read.input_tokens") ?? num(attrs, "llm.token_count.prompt_details.cache_read"),
    costUsd: num(attrs, "llm.cost.total"),
  });
}

const valueText = (value: Json | undefined): TraceContent =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** Attributes a step shows through its fields; the rest stay in its extra. */
const MAPPED_ATTRIBUTE =
  /^(gen_ai\.(usage\.|output\.messages$|tool\.call\.(id|arguments|result)$|tool\.name$|completion\.)|llm\.(token_count\.|output_messages\.)|tool\.name$|tool_call\.id$|output\.value$|openinference\.span\.kind$)/;

function spanExtra(row: SpanRow): JsonObject {
  const extra: JsonObject = { span: stringOrNull(row.span.name) ?? "" };
  const rest = attributesObject(row.attrs, (key) => MAPPED_ATTRIBUTE.test(key));
  if (Object.keys(rest).length > 0) extra.attributes = rest;
  if (row.id !== null) extra.spanId = row.id;
  const end = nanosToIso(row.span.endTimeUnixNano);
  if (end !== null) extra.end = end;
  return extra;
}

export function otlpTrace(file: InputFile): TraceRead {
  const rows: SpanRow[] = [];
  const warnings: string[] = [];
  // A first line that is a whole export on its own means the collector's one-export-a-line file.
  if (headObjects(file).length === 0) {
    const parsed = parseTraceJson(file);
    if (!parsed.ok) return parsed.read;
    collectSpans(parsed.value, rows, "");
  } else {
    const parsed = parseTraceJsonLines(file);
    if (!parsed.ok) return parsed.read;
    for (const w of parsed.value.warnings) warnings.push(w);
    parsed.value.values.forEach((value, i) => {
      if (!isJsonObject(value) || !Array.isArray(value.resourceSpans))
        warnings.push(`${file.path} line ${parsed.value.lines[i]}: not an OTLP export (no resourceSpans)`);
      else collectSpans(value, rows, `line ${parsed.value.lines[i]}: `);
    });
  }
  if (!hasAgentSpans(rows))
    return rawTrace(
      file.path,
      file.bytes,
      `OTLP traces with ${rows.length} spans, none with GenAI (gen_ai.*) or OpenInference attributes`,
    );
  const byId = new Map<string, SpanRow>();
  for (const row of rows) if (row.id !== null) byId.set(row.id, row);
  const kinds = new Map(rows.map((row) => [row, spanKind(row.attrs)]));
  const isAgent = (row: SpanRow) => kinds.get(row) === "agent";
  const subagentOf = (row: SpanRow): StepAgent | null => {
    // The outermost agent is the main agent; each agent span inside it is one level of delegation.
    const chain = agentChain(row, byId, isAgent);
    if (chain.length < 2) return null;
    const nearest = chain[0]!;
    return {
      id: nearest.id ?? nearest.where,
      name: str(nearest.attrs, "gen_ai.agent.name") ?? stringOrNull(nearest.span.name),
      depth: chain.length - 1,
    };
  };
  const calls = new Set<string>();
  const steps: StepDraft[] = [];
  let hidden = 0;
  for (const row of startOrder(rows)) {
    const kind = kinds.get(row) ?? null;
    if (kind === null || kind === "structure") {
      hidden++;
      continue;
    }
    const at = nanosToIso(row.span.startTimeUnixNano);
    const base = { id: row.id, at, subagent: subagentOf(row), extra: spanExtra(row) };
    const error = spanError(row);
    if (kind === "model") {
      const attrs = withEventAttributes(row);
      const output = genAiOutput(attrs, row.id ?? String(row.order)) ??
        flattenedOutput(attrs, row.id ?? String(row.order)) ?? { text: null, reasoning: null, calls: [] };
      for (const call of output.calls) calls.add(call.id);
      if (error !== null) warnings.push(`model call ${row.where} failed: ${error}`);
      steps.push(
        draftStep("agent", {
          ...base,
          text:
            output.text ?? (output.calls.length === 0 ? (stringOrNull(row.attrs.get("output.value")) ?? null) : null),
          reasoning: output.reasoning,
          toolCalls: output.calls,
          metrics: modelMetrics(attrs),
          extra: error === null ? base.extra : { ...base.extra, error },
        }),
      );
    } else if (kind === "tool") {
      const name =
        str(row.attrs, "gen_ai.tool.name") ?? str(row.attrs, "tool.name") ?? stringOrNull(row.span.name) ?? "tool";
      const callId = str(row.attrs, "gen_ai.tool.call.id") ?? str(row.attrs, "tool_call.id");
      const result = row.attrs.get("gen_ai.tool.call.result") ?? row.attrs.get("output.value");
      const content = error !== null && (result === undefined || result === null) ? error : valueText(result);
      if (callId !== null && calls.has(callId)) {
        // The model call that asked for it already holds the call: this span is its result.
        steps.push(draftStep("tool", { ...base, results: [{ callId, content, isError: error !== null }] }));
      } else {
        const id = callId ?? row.id ?? `span${row.order}`;
        calls.add(id);
        const args = row.attrs.get("gen_ai.tool.call.arguments") ?? row.attrs.get("input.value") ?? null;
        steps.push(
          draftStep("agent", {
            ...base,
            toolCalls: [{ id, name, arguments: parseArguments(args) }],
            results: [{ callId: id, content, isError: error !== null }],
          }),
        );
      }
    } else if (kind === "agent") {
      const output = genAiOutput(withEventAttributes(row), row.id ?? String(row.order));
      steps.push(
        draftStep("environment", {
          ...base,
          text: output?.text ?? stringOrNull(row.attrs.get("output.value")),
          extra: { ...base.extra, agent: str(row.attrs, "gen_ai.agent.name") ?? stringOrNull(row.span.name) ?? "" },
        }),
      );
    } else {
      steps.push(draftStep("environment", { ...base, text: stringOrNull(row.attrs.get("output.value")) }));
    }
  }
  const metadata: JsonObject = { spans: rows.length, spansNotShown: hidden };
  const service = rows[0] ? str(rows[0].resource, "service.name") : null;
  if (service !== null) metadata.service = service;
  return { kind: "trace", trace: buildTrace({ format: "otlp", path: file.path, steps, metadata, warnings }) };
}
