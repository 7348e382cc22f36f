import {
  buildTrace,
  draftStep,
  stepMetrics,
  type ContentPart,
  type ImageRef,
  type StepDraft,
  type StepSource,
  type ToolCall,
  type ToolResult,
  type TraceContent,
  type TraceRead,
  rawTrace,
  stepImages,
} from "@/lib/traces";
import { zodIssuesToMessage } from "../json";
import { dirName, joinPath } from "../paths";
import { asObject, checkItem, keepPartFields, unmapped } from "../trace-input";
import type { InputFile, Json, JsonObject } from "../types";
import { ZAtifStep, ZAtifTrajectory, type TAtifContentPart, type TAtifStep } from "./atif-schema";

const STEP_FIELDS = new Set([
  "step_id",
  "timestamp",
  "source",
  "message",
  "reasoning_content",
  "tool_calls",
  "observation",
  "metrics",
]);
const CALL_FIELDS = new Set(["tool_call_id", "function_name", "arguments"]);
/** `subagent_trajectory_ref` and other result fields stay in the step's extra. */
const RESULT_FIELDS = new Set(["source_call_id", "content"]);
const METRIC_FIELDS = new Set(["prompt_tokens", "completion_tokens", "cached_tokens", "cost_usd"]);
const SOURCES: ReadonlySet<string> = new Set(["system", "user", "agent"]);

/** Resolves image paths against the trajectory's folder and says whether the image is among the files. */
type ImageResolver = (written: string, mediaType: string | null) => ImageRef;

function imageResolver(trajectoryPath: string, files: readonly InputFile[]): ImageResolver {
  const present = new Set(files.map((f) => f.path));
  const folder = dirName(trajectoryPath);
  return (written, mediaType) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(written)) return { path: null, written, mediaType, available: null };
    const path = joinPath(folder, written.replace(/^\.\//, ""));
    return { path, written, mediaType, available: present.has(path) };
  };
}

function parts(content: TAtifContentPart[], image: ImageResolver): ContentPart[] {
  return content.map((part): ContentPart => {
    if (part.type === "text" && typeof part.text === "string") return { type: "text", text: part.text };
    if (part.type === "image" && typeof part.source?.path === "string")
      return { type: "image", image: image(part.source.path, part.source.media_type ?? null) };
    return { type: "json", value: part as Json };
  });
}

function content(value: TAtifStep["message"], image: ImageResolver): TraceContent {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : parts(value, image);
}

/**
 * How a result finds its call differs by agent: gemini-cli names it (`source_call_id`); navigator and
 * mini-swe-agent give one result per call, in order; terminus-2 gives one result (the terminal screen) after
 * a batch of calls, which answers the last of them.
 */
function callIdFor(
  index: number,
  named: string | null,
  calls: readonly ToolCall[],
  resultCount: number,
): string | null {
  if (named !== null) return named;
  if (resultCount === calls.length) return calls[index]?.id ?? null;
  if (resultCount === 1) return calls.at(-1)?.id ?? null;
  return null;
}

function atifStep(step: TAtifStep, raw: JsonObject, image: ImageResolver): StepDraft {
  const id = step.step_id === undefined ? null : String(step.step_id);
  const calls: ToolCall[] = (step.tool_calls ?? []).map((call, i) => ({
    id: call.tool_call_id === undefined ? `${id ?? "?"}.${i}` : String(call.tool_call_id),
    name: call.function_name,
    arguments: call.arguments ?? null,
  }));
  const resultsIn = step.observation?.results ?? [];
  const results: ToolResult[] = resultsIn.map((result, i) => {
    const named =
      result.source_call_id === undefined || result.source_call_id === null ? null : String(result.source_call_id);
    return {
      callId: callIdFor(i, named, calls, resultsIn.length),
      content: content(result.content, image),
      isError: false,
    };
  });
  const message = content(step.message, image);
  const text =
    typeof message === "string" ? message : message.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
  const images = typeof message === "string" ? [] : message.flatMap((p) => (p.type === "image" ? [p.image] : []));
  const m = step.metrics;
  const extra = unmapped(raw, STEP_FIELDS);
  keepPartFields(extra, "toolCallFields", Array.isArray(raw.tool_calls) ? raw.tool_calls : [], CALL_FIELDS);
  const observation = asObject(raw.observation);
  const observationRest = observation ? unmapped(observation, new Set(["results"])) : {};
  if (Object.keys(observationRest).length > 0) extra.observation = observationRest;
  keepPartFields(extra, "resultFields", Array.isArray(observation?.results) ? observation.results : [], RESULT_FIELDS);
  const metricsRaw = asObject(raw.metrics);
  if (metricsRaw) {
    const rest = unmapped(metricsRaw, METRIC_FIELDS);
    if (Object.keys(rest).length > 0) extra.metrics = rest;
  }
  const source: StepSource = SOURCES.has(step.source) ? (step.source as StepSource) : "environment";
  if (source === "environment") extra.source = step.source;
  return draftStep(source, {
    id,
    at: step.timestamp ?? null,
    text: text === "" ? null : text,
    reasoning: step.reasoning_content ?? null,
    toolCalls: calls,
    results,
    images,
    metrics: m
      ? stepMetrics({
          inputTokens: m.prompt_tokens ?? null,
          outputTokens: m.completion_tokens ?? null,
          cachedTokens: m.cached_tokens ?? null,
          costUsd: m.cost_usd ?? null,
        })
      : null,
    extra,
  });
}

/** Whether a parsed JSON value looks like an ATIF trajectory (a `steps` array and an ATIF version or agent). */
export function isAtif(value: Json): boolean {
  const object = asObject(value);
  if (!object || !Array.isArray(object.steps)) return false;
  return (typeof object.schema_version === "string" && object.schema_version.startsWith("ATIF")) || "agent" in object;
}

/** An ATIF trajectory as a trace; `files` are the rollout's files (images are looked up among them). */
export function atifTrace(file: InputFile, value: Json, files: readonly InputFile[]): TraceRead {
  const checked = ZAtifTrajectory.safeParse(value);
  if (!checked.success)
    return rawTrace(file.path, file.bytes, `not an ATIF trajectory: ${zodIssuesToMessage(checked.error.issues)}`);
  const image = imageResolver(file.path, files);
  const warnings: string[] = [];
  const steps = checked.data.steps.map((raw, i) => {
    const step = checkItem(ZAtifStep, raw, `steps[${i}]`);
    if (step.ok) return atifStep(step.data, asObject(raw) ?? {}, image);
    warnings.push(step.error);
    return draftStep("environment", { extra: { step: raw } });
  });
  const missing = steps.flatMap(stepImages).filter((image) => image.available === false).length;
  if (missing > 0)
    warnings.push(`${missing} image${missing === 1 ? "" : "s"} named by the trajectory not among the trial's files`);
  const final = checked.data.final_metrics;
  const metadata = unmapped(asObject(value) ?? {}, new Set(["steps"]));
  return {
    kind: "trace",
    trace: buildTrace({
      format: "harbor-atif",
      path: file.path,
      steps,
      recorded: {
        inputTokens: final?.total_prompt_tokens ?? null,
        outputTokens: final?.total_completion_tokens ?? null,
        cachedTokens: final?.total_cached_tokens ?? null,
        costUsd: final?.total_cost_usd ?? null,
      },
      metadata,
      warnings,
    }),
  };
}
