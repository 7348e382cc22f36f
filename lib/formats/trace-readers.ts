import { noTrace, type TraceRead } from "@/lib/traces";
import { AGENT_TRACE_SHAPES, readAgentTraces } from "./agent-traces/detect";
import { readBenchflowTrace } from "./benchflow/trace";
import { GENERIC_SHAPES, readGenericTrace } from "./chat-messages/trace";
import { readHarborTrace } from "./harbor/trace";
import { parseInspectFragment, readInspectTrace } from "./inspect/trace";
import { readSiloTrace } from "./silo/trace";
import { parseTauFragment, readTauBenchTrace } from "./tau-bench/trace";
import type { FormatId, InputFile, RolloutSource } from "./types";

/** `log.eval#1_epoch_1` → the file part and the fragment naming one rollout inside it. */
function splitSource(path: string): { file: string; fragment: string | null } {
  const hash = path.lastIndexOf("#");
  return hash === -1 ? { file: path, fragment: null } : { file: path.slice(0, hash), fragment: path.slice(hash + 1) };
}

/** What readUnownedTrace looks for, in words. */
const UNOWNED_SHAPES = `${AGENT_TRACE_SHAPES}, ${GENERIC_SHAPES}`;

/**
 * A trace in a shape no result format owns: first a trajectory an agent wrote itself, found by content
 * (agent-traces/detect.ts), then the generic shapes (a SWE-agent .traj, an OpenHands list, chat messages).
 */
function readUnownedTrace(files: readonly InputFile[]): TraceRead {
  const agent = readAgentTraces(files);
  if (agent) return agent;
  const generic = readGenericTrace(files);
  return generic.kind === "none" ? noTrace(`no ${UNOWNED_SHAPES} among the files`) : generic;
}

/**
 * The format's own reader, then the shapes no harness owns (an agent's own trajectory, an OpenHands list or
 * SWE-agent .traj in a trial folder). With neither, the why names both: what the format's reader looked for,
 * then the other shapes.
 */
function withGenericFallback(read: TraceRead, files: readonly InputFile[]): TraceRead {
  if (read.kind !== "none") return read;
  const other = readUnownedTrace(files);
  return other.kind === "none" ? noTrace(`${read.why}, nor a ${UNOWNED_SHAPES} among its files`) : other;
}

/** A Silo trace is a sidecar beside the result (silo/sidecars.ts): `<stem>.trace.jsonl` or `<stem>.tool-events.json`. */
const SILO_TRACE_FILE = /(^|[/.])(trace\.jsonl|tool-events\.json)$/;

/**
 * Which of a rollout's files its format's trace reader may read (the others need not be fetched: a Silo result
 * holding a 200 MB answer is never a trace); null when it may read any.
 */
export function traceFileFilter(format: FormatId): ((path: string) => boolean) | null {
  return format === "silo" ? (path) => SILO_TRACE_FILE.test(path) : null;
}

/**
 * The trace of one stored rollout: `source` is its RolloutSource and `files` the raw files it was read from
 * (NormalizedRollout.files, as bytes). Picks the reader of its format; never throws.
 */
export function readRolloutTrace(
  source: Pick<RolloutSource, "path" | "format">,
  files: readonly InputFile[],
): TraceRead {
  const { file, fragment } = splitSource(source.path);
  const format: FormatId = source.format;
  switch (format) {
    case "silo":
      return readSiloTrace(files, file);
    case "harbor":
      return withGenericFallback(readHarborTrace(files), files);
    case "benchflow":
      return withGenericFallback(readBenchflowTrace(files), files);
    case "inspect": {
      // An expanded .eval's rollouts point at their sample file: samples/<id>_epoch_<n>.json, or the shell
      // samples/<id>_epoch_<n>/sample.json of a chunked sample.
      const name = fragment ?? /([^/]+)(?:\/sample)?\.json$/.exec(file)?.[1] ?? "";
      const ref = parseInspectFragment(name);
      return ref ? readInspectTrace(files, ref) : noTrace(`no sample named in ${source.path}`);
    }
    case "tau-bench": {
      const ref = fragment === null ? null : parseTauFragment(fragment);
      const results = files.find((f) => f.path === file);
      if (!ref || !results) return noTrace(`no tau-bench entry named in ${source.path}`);
      return readTauBenchTrace(results, ref);
    }
    case "grade":
    case "rubric":
      return readUnownedTrace(files);
  }
}
