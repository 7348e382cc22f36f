import { isJsonObject, zodIssuesToMessage } from "../json";
import type { FileRejection, JsonObject, NormalizedRun, ParseOptions } from "../types";
import { assembleRun, isoTime, type RolloutWithTask } from "../grade/assemble";
import { capped, errorMessage, normaliseSample } from "./sample";
import { sampleIdentity } from "./identity";
import { ZEvalHeader, ZEvalSample, type TEvalHeader } from "./schema";
import type { LogRead } from "./sources";

/** Run metadata values longer than this (as JSON) are replaced by a note: the raw log keeps them. */
const RUN_METADATA_LIMIT = 50_000;

/** The solver chain: eval.solver when the log names one, else the plan's steps ("system_message → generate"). */
function agentOf(header: TEvalHeader): string | null {
  if (header.eval.solver) return header.eval.solver;
  const steps = header.plan?.steps?.map((s) => s.solver) ?? [];
  return steps.length > 0 ? steps.join(" → ") : null;
}

function statusWarning(header: TEvalHeader): string | null {
  const status = header.status ?? "success";
  if (status === "success") return null;
  const error = header.error ? `: ${errorMessage(header.error)}` : "";
  if (status === "started")
    return "the log's status is started: the eval had not finished when it was written, so samples may be missing";
  return `the log's status is ${status}${error}`;
}

function metadataOf(read: LogRead): JsonObject {
  const out: JsonObject = { log: read.path };
  if (isJsonObject(read.header)) {
    for (const [k, v] of Object.entries(read.header)) if (k !== "samples") out[k] = capped(v, RUN_METADATA_LIMIT);
  }
  return out;
}

function firstScorer(header: JsonObject): string {
  const results = header.results;
  const scores = isJsonObject(results) && Array.isArray(results.scores) ? results.scores : [];
  const first = scores[0];
  return isJsonObject(first) && typeof first.name === "string" ? first.name : "score";
}

export type LogParse = { run: NormalizedRun | null; rejected: FileRejection[] };

const rejectAll = (read: LogRead, error: string): LogParse => ({
  run: null,
  rejected: read.files.map((path) => ({ path, error })),
});

/** One run per Inspect log: samples × epochs → rollouts. A log that cannot be read is rejected whole. */
export function logRun(read: LogRead, options: ParseOptions): LogParse {
  if (read.fatal !== null) return rejectAll(read, read.fatal);
  const header = ZEvalHeader.safeParse(read.header);
  if (!header.success) return rejectAll(read, zodIssuesToMessage(header.error.issues));
  const rawHeader = read.header as JsonObject;
  const rejected = [...read.rejected];
  const items: RolloutWithTask[] = [];
  const errors: string[] = [];
  for (const sample of read.samples) {
    const parsed = ZEvalSample.safeParse(sample.value);
    if (!parsed.success || !isJsonObject(sample.value)) {
      const issues = parsed.success
        ? "expected a sample (a JSON object)"
        : zodIssuesToMessage(
            parsed.error.issues.map((issue) => ({ ...issue, path: [...sample.prefix, ...issue.path] })),
          );
      if (sample.ownFiles.length > 0) for (const path of sample.ownFiles) rejected.push({ path, error: issues });
      else errors.push(sample.entry ? `${sample.entry}: ${issues}` : issues);
      continue;
    }
    const stem = `${parsed.data.id}_epoch_${parsed.data.epoch ?? 1}`;
    const identity = sampleIdentity(header.data, parsed.data);
    items.push(
      normaliseSample({
        data: parsed.data,
        raw: sample.value,
        source: {
          path: sample.sourcePath ?? `${read.path}#${stem}`,
          format: "inspect",
          sha256: sample.sha256,
          ...(identity === null ? {} : { identity }),
        },
        files: sample.files,
        defaultScorer: firstScorer(rawHeader),
      }),
    );
  }
  if (errors.length > 0)
    return rejectAll(
      read,
      errors.slice(0, 3).join("; ") + (errors.length > 3 ? `; and ${errors.length - 3} more samples` : ""),
    );
  if (items.length === 0) {
    const why = header.data.error
      ? ` (the eval failed: ${errorMessage(header.data.error)})`
      : " (was it run without logging samples?)";
    const already = new Set(rejected.map((r) => r.path));
    const rest = rejectAll(read, `the Inspect log holds no samples${why}`).rejected.filter((r) => !already.has(r.path));
    return { run: null, rejected: [...rejected, ...rest] };
  }
  for (const extra of read.extras) items[0]!.rollout.files.push(extra);

  const warnings: string[] = [];
  const status = statusWarning(header.data);
  if (status) warnings.push(status);
  const run = assembleRun(items, {
    format: "inspect",
    name: options.runName?.trim() || header.data.eval.task,
    agent: options.agent ?? agentOf(header.data),
    model: options.model ?? header.data.eval.model,
    createdAt: isoTime(header.data.eval.created),
    passThreshold: 1,
    warnings,
    metadata: metadataOf(read),
  });
  return { run, rejected };
}
