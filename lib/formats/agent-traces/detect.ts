import type { TraceRead } from "@/lib/traces";
import { atifTrace, isAtif } from "../harbor/atif-trace";
import { parseTraceJson } from "../trace-input";
import type { InputFile } from "../types";
import { claudeCodeTrace, isClaudeCodeStream } from "./claude-code";
import { codexTrace, isCodexEvents } from "./codex";
import { isOtlpTraces, otlpTrace } from "./otlp";
import { headText } from "./sniff";

/** The trajectory formats an agent writes itself, recognised by what a file holds, whatever it is named. */
export type AgentTraceKind = "claude-code" | "codex" | "otlp" | "atif";

/** Files whose content may be one: Harbor keeps Claude Code's stream as `agent/claude-code.txt`. */
const CANDIDATE = /\.(jsonl|ndjson|json|txt|log)$/i;

/** ATIF's marker in a file's head, so a JSON file is parsed whole only when it may be one. */
const ATIF_HEAD = /"schema_version"\s*:\s*"ATIF-v/;

/** Which agent trajectory a file holds, from its first 64 KB; null when none. */
export function agentTraceKind(file: InputFile): AgentTraceKind | null {
  if (!CANDIDATE.test(file.path)) return null;
  if (isOtlpTraces(file)) return "otlp";
  if (isCodexEvents(file)) return "codex";
  if (isClaudeCodeStream(file)) return "claude-code";
  if (ATIF_HEAD.test(headText(file))) return "atif";
  return null;
}

/** A file's agent trajectory read by its kind; null when the file holds none (an ATIF head that is not one). */
export function readAgentTrace(file: InputFile, files: readonly InputFile[]): TraceRead | null {
  switch (agentTraceKind(file)) {
    case "otlp":
      return otlpTrace(file);
    case "codex":
      return codexTrace(file);
    case "claude-code":
      return claudeCodeTrace(file);
    case "atif": {
      const parsed = parseTraceJson(file);
      if (!parsed.ok) return parsed.read;
      return isAtif(parsed.value) ? atifTrace(file, parsed.value, files) : null;
    }
    case null:
      return null;
  }
}

/** What readAgentTraces looks for, in words. */
export const AGENT_TRACE_SHAPES = "Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory";

/**
 * The first file in path order holding an agent trajectory, read; null when none does. A raw read (the file
 * was detected but does not parse) is returned too: the user sees which file and why.
 */
export function readAgentTraces(files: readonly InputFile[]): TraceRead | null {
  const candidates = files.filter((f) => CANDIDATE.test(f.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const file of candidates) {
    const read = readAgentTrace(file, files);
    if (read) return read;
  }
  return null;
}
