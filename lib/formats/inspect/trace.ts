import {
  buildTrace,
  draftStep,
  linkByAdjacency,
  noTrace,
  rawTrace,
  stepMetrics,
  type StepDraft,
  type TraceRead,
} from "@/lib/traces";
import { chatSteps } from "../chat-messages/messages";
import { isJsonObject } from "../json";
import { asObject, memoOnBytes, numberOrNull, stringOrNull, textOf } from "../trace-input";
import type { InputFile, Json, JsonObject } from "../types";
import { expandedLogFolder, isEvalZip, readFolderLog, readJsonLog, readZipLog, type LogRead } from "./sources";
import { conversation, modelOutputMessage, resolveAttachments } from "./trace-messages";

/** Which sample of a log: `1_epoch_1` is sample 1, epoch 1 (the fragment of the rollout's source path). */
export interface InspectSampleRef {
  id: string;
  epoch: number;
}

export function parseInspectFragment(fragment: string): InspectSampleRef | null {
  const m = /^(.+)_epoch_(\d+)$/.exec(fragment);
  return m ? { id: m[1]!, epoch: Number(m[2]) } : null;
}

// A zip or JSON log holds every sample: read once however many of its samples ask.
const readZipOnce = memoOnBytes(readZipLog);
const readJsonOnce = memoOnBytes(readJsonLog);

function readLog(files: readonly InputFile[]): LogRead | null {
  const zip = files.find(isEvalZip);
  if (zip) return readZipOnce(zip);
  for (const file of files) {
    const folder = expandedLogFolder(file);
    if (folder !== null) return readFolderLog(folder, files, null);
  }
  const json = files.find((f) => /\.json$/i.test(f.path));
  return json ? readJsonOnce(json) : null;
}

function usageMetrics(event: JsonObject) {
  const usage = asObject(asObject(event.output)?.usage);
  if (!usage) return null;
  return stepMetrics({
    inputTokens: numberOrNull(usage.input_tokens),
    outputTokens: numberOrNull(usage.output_tokens),
    cachedTokens: numberOrNull(usage.input_tokens_cache_read),
    costUsd: numberOrNull(usage.total_cost),
  });
}

/** A failed model call (Inspect retries it): shown where the answer it was retried for appears. */
function failedAttempt(event: JsonObject): StepDraft {
  const { error, traceback, attempt, call_id, model } = event;
  const extra: JsonObject = { event: "model" };
  for (const [k, v] of Object.entries({ error, traceback, attempt, call_id, model })) if (v !== undefined) extra[k] = v;
  return draftStep("environment", {
    at: stringOrNull(event.timestamp),
    text: `model call failed: ${textOf(error) ?? "error"}`,
    extra,
  });
}

function sumUsage(sample: JsonObject) {
  const total = {
    inputTokens: null as number | null,
    outputTokens: null as number | null,
    cachedTokens: null as number | null,
  };
  const add = (a: number | null, b: Json | undefined) => (typeof b === "number" ? (a ?? 0) + b : a);
  for (const usage of Object.values(asObject(sample.model_usage) ?? {})) {
    const u = asObject(usage);
    total.inputTokens = add(total.inputTokens, u?.input_tokens);
    total.outputTokens = add(total.outputTokens, u?.output_tokens);
    total.cachedTokens = add(total.cachedTokens, u?.input_tokens_cache_read);
  }
  return total;
}

/**
 * One sample's trace: its conversation (messages; tool results linked by `tool_call_id`) with what the events
 * add: the time and usage of each model call and tool call, failed model attempts before the answer that was
 * retried for them, tool errors, and the sample's error last.
 */
export function sampleTrace(path: string, sample: JsonObject): TraceRead {
  const attachments = asObject(sample.attachments);
  const events = (Array.isArray(sample.events) ? sample.events : []).filter(isJsonObject);
  const messages = resolveAttachments(conversation(sample, events), attachments) as Json[];
  const warnings: string[] = [];
  const steps = chatSteps(messages, "messages", warnings, { idPrefix: "msg" });
  const byMessage = new Map<string, StepDraft>(steps.flatMap((s) => (s.id === null ? [] : [[s.id, s] as const])));
  const byCall = new Map<string, StepDraft>(
    steps.flatMap((s) => s.results.flatMap((r) => (r.callId ? [[r.callId, s] as const] : []))),
  );
  const before = new Map<StepDraft, StepDraft[]>();
  let failures: StepDraft[] = [];
  for (const event of events) {
    if (event.event === "model") {
      if (event.error !== undefined && event.error !== null) {
        failures.push(failedAttempt(event));
        continue;
      }
      const step = byMessage.get(stringOrNull(modelOutputMessage(event)?.id) ?? "");
      if (!step) continue;
      step.at ??= stringOrNull(event.timestamp);
      step.metrics ??= usageMetrics(event);
      if (failures.length > 0) before.set(step, [...(before.get(step) ?? []), ...failures]);
      failures = [];
    } else if (event.event === "tool") {
      const step = byCall.get(stringOrNull(event.id) ?? "");
      if (!step) continue;
      step.at ??= stringOrNull(event.timestamp);
      if (event.error !== undefined && event.error !== null) {
        step.results = step.results.map((r) => (r.callId === event.id ? { ...r, isError: true } : r));
        step.extra.error ??= event.error;
      }
    }
  }
  const ordered = steps.flatMap((s) => [...(before.get(s) ?? []), s]);
  for (const f of failures) ordered.push(f);
  const error = sample.error;
  if (error !== undefined && error !== null)
    ordered.push(draftStep("environment", { text: textOf(asObject(error)?.message ?? error), extra: { error } }));
  linkByAdjacency(ordered);
  const metadata: JsonObject = {};
  for (const key of [
    "id",
    "epoch",
    "target",
    "output",
    "scores",
    "metadata",
    "model_usage",
    "total_time",
    "working_time",
  ])
    if (sample[key] !== undefined) metadata[key] = sample[key]!;
  return {
    kind: "trace",
    trace: buildTrace({ format: "inspect", path, steps: ordered, recorded: sumUsage(sample), metadata, warnings }),
  };
}

/** The trace of one sample of an Inspect log among the files: a `.eval` zip, an expanded `.eval` or a `.json` log. */
export function readInspectTrace(files: readonly InputFile[], ref: InspectSampleRef): TraceRead {
  const log = readLog(files);
  if (!log) return noTrace("no Inspect log among the files");
  const fragment = `${ref.id}_epoch_${ref.epoch}`;
  if (log.fatal !== null) {
    const file = files.find((f) => f.path === log.path) ?? files[0]!;
    return rawTrace(file.path, file.bytes, log.fatal);
  }
  const sample = log.samples.find((s) => {
    const v = asObject(s.value);
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a sample id is a JSON string or number
    return v !== null && String(v.id) === ref.id && (typeof v.epoch === "number" ? v.epoch : 1) === ref.epoch;
  });
  const value = asObject(sample?.value);
  if (!value) return noTrace(`no sample ${fragment} in ${log.path}`);
  return sampleTrace(`${log.path}#${fragment}`, value);
}
