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
import { asObject, checkItem, keepPartFields, stringOrNull, unmapped } from "../trace-input";
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
  // Parts that are neither text nor an image (v1.8 audio) stay visible as the trajectory wrote them.
  const otherParts = typeof message === "string" ? [] : message.flatMap((p) => (p.type === "json" ? [p.value] : []));
  const m = step.metrics;
  const extra = unmapped(raw, STEP_FIELDS);
  if (otherParts.length > 0) extra.messageParts = otherParts;
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

/** How deep embedded subagents are followed; deeper ones are named in a warning, not read. */
export const MAX_SUBAGENT_DEPTH = 8;

interface Nesting {
  image: ImageResolver;
  warnings: string[];
}

/** The `trajectory_id`s a step's results delegate to (ATIF v1.7+ `subagent_trajectory_ref`). */
function delegatedIds(raw: JsonObject): string[] {
  const results = asObject(raw.observation)?.results;
  const ids: string[] = [];
  for (const result of Array.isArray(results) ? results : []) {
    const refs = asObject(result)?.subagent_trajectory_ref;
    for (const ref of Array.isArray(refs) ? refs : []) {
      const id = asObject(ref)?.trajectory_id;
      if (typeof id === "string") ids.push(id);
    }
  }
  return ids;
}

/**
 * The steps of one trajectory and, right after each step that delegates, the steps of the embedded subagent it
 * names (v1.7 `subagent_trajectories`, matched by `trajectory_id`), nested as deep as they go. Subagent steps
 * carry their trajectory's id in their step id and call ids (`sub-1/3`), so evidence and results never
 * collide with the parent's. An embedded subagent no step names follows its parent's last step, with a warning.
 */
function trajectorySteps(value: JsonObject, where: string, depth: number, nest: Nesting): StepDraft[] {
  const checked = ZAtifTrajectory.safeParse(value);
  if (!checked.success) {
    nest.warnings.push(`${where}: not an ATIF trajectory: ${zodIssuesToMessage(checked.error.issues)}`);
    return [draftStep("environment", { extra: { subagentTrajectory: value } })];
  }
  const trajectoryId = typeof value.trajectory_id === "string" ? value.trajectory_id : null;
  const agentName = stringOrNull(asObject(value.agent)?.name);
  const embedded = Array.isArray(value.subagent_trajectories) ? value.subagent_trajectories : [];
  const byId = new Map<string, { value: JsonObject; index: number }>();
  embedded.forEach((child, index) => {
    const object = asObject(child);
    const id = object?.trajectory_id;
    if (object && typeof id === "string") byId.set(id, { value: object, index });
    else nest.warnings.push(`${where}subagent_trajectories[${index}]: no trajectory_id, so no step can name it`);
  });
  const used = new Set<string>();
  const prefix = depth === 0 ? "" : `${trajectoryId ?? where}/`;
  const own = (step: StepDraft): StepDraft =>
    depth === 0
      ? step
      : {
          ...step,
          id: `${prefix}${step.id ?? "?"}`,
          toolCalls: step.toolCalls.map((c) => ({ ...c, id: `${prefix}${c.id}` })),
          results: step.results.map((r) => ({ ...r, callId: r.callId === null ? null : `${prefix}${r.callId}` })),
          subagent: { id: trajectoryId ?? where, name: agentName, depth },
        };
  const children = (id: string, index: number, child: JsonObject): StepDraft[] => {
    used.add(id);
    if (depth + 1 > MAX_SUBAGENT_DEPTH) {
      nest.warnings.push(
        `${where}subagent_trajectories[${index}] (${id}) is nested deeper than ${MAX_SUBAGENT_DEPTH}: not read`,
      );
      return [];
    }
    return trajectorySteps(child, `${where}subagent_trajectories[${index}].`, depth + 1, nest);
  };
  const out: StepDraft[] = [];
  checked.data.steps.forEach((raw, i) => {
    const step = checkItem(ZAtifStep, raw, `${where}steps[${i}]`);
    const object = asObject(raw) ?? {};
    if (!step.ok) {
      nest.warnings.push(step.error);
      out.push(own(draftStep("environment", { extra: { step: raw } })));
      return;
    }
    out.push(own(atifStep(step.data, object, nest.image)));
    for (const id of delegatedIds(object)) {
      const child = byId.get(id);
      if (child && !used.has(id)) for (const c of children(id, child.index, child.value)) out.push(c);
    }
  });
  for (const [id, child] of byId) {
    if (used.has(id)) continue;
    nest.warnings.push(
      `${where}subagent_trajectories[${child.index}] (${id}) is named by no step: shown after the last step`,
    );
    for (const c of children(id, child.index, child.value)) out.push(c);
  }
  return out;
}

/** An ATIF trajectory as a trace; `files` are the rollout's files (images are looked up among them). */
export function atifTrace(file: InputFile, value: Json, files: readonly InputFile[]): TraceRead {
  const checked = ZAtifTrajectory.safeParse(value);
  if (!checked.success)
    return rawTrace(file.path, file.bytes, `not an ATIF trajectory: ${zodIssuesToMessage(checked.error.issues)}`);
  const warnings: string[] = [];
  const steps = trajectorySteps(asObject(value) ?? {}, "", 0, { image: imageResolver(file.path, files), warnings });
  const missing = steps.flatMap(stepImages).filter((image) => image.available === false).length;
  if (missing > 0)
    warnings.push(`${missing} image${missing === 1 ? "" : "s"} named by the trajectory not among the trial's files`);
  const final = checked.data.final_metrics;
  const metadata = unmapped(asObject(value) ?? {}, new Set(["steps", "subagent_trajectories"]));
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
