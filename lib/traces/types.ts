/**
 * The trace model: what an agent did during one rollout, as an ordered list of steps, whatever harness wrote
 * it. Pure data (JSON-safe), so a page, the API and the browser share it. Readers of each format live in
 * lib/formats/<format>/trace.ts; docs/traces.md says how each format maps here.
 */

export type TraceJson = null | boolean | number | string | TraceJson[] | { [key: string]: TraceJson };
export type TraceJsonObject = { [key: string]: TraceJson };

/** Who produced a step: the harness's setup, the user (or simulated user), the agent, a tool, the environment. */
export type StepSource = "system" | "user" | "agent" | "tool" | "environment";

/** An image by reference: never its bytes. */
export interface ImageRef {
  /** Path of the image among the rollout's files (resolved against the trace file's folder), or null. */
  path: string | null;
  /** The path or URL as the trace wrote it. */
  written: string;
  mediaType: string | null;
  /** Whether the file is among the rollout's files; null for a URL or when the reader cannot tell. */
  available: boolean | null;
}

export type ContentPart =
  | { type: "text"; text: string }
  | { type: "image"; image: ImageRef }
  /** Structured output kept as the source wrote it (a tool that returned an object). */
  | { type: "json"; value: TraceJson };

/** Text, or parts (text, images, structured values) in order. */
export type TraceContent = string | ContentPart[];

export interface ToolCall {
  /** The source's call id, or one the reader made up (`<step id>.<n>`) so every result can point at its call. */
  id: string;
  name: string;
  arguments: TraceJson;
}

export interface ToolResult {
  /** The call this result answers; null when the source gives no way to tell. */
  callId: string | null;
  content: TraceContent;
  isError: boolean;
}

/** Usage of one step; null = not recorded (never 0 for "unknown"). */
export interface StepMetrics {
  inputTokens: number | null;
  outputTokens: number | null;
  /** Part of inputTokens served from a cache. */
  cachedTokens: number | null;
  costUsd: number | null;
}

/**
 * The delegated agent a step belongs to: an ATIF subagent trajectory, a Claude Code sidechain (Task tool), an
 * OpenTelemetry `invoke_agent` span inside another. Null for the main agent's own steps.
 */
export interface StepAgent {
  /** The source's id for the delegated run (ATIF `trajectory_id`, the Task call's id, the agent span's id). */
  id: string;
  /** The delegated agent's name, when the source gives one. */
  name: string | null;
  /** 1 for an agent the main agent delegated to, 2 for one that agent delegated to, and so on. */
  depth: number;
}

export interface TraceStep {
  /** Position in the trace, from 0: what evidence resolves to and what pages count. */
  index: number;
  /** The source's own id for the step (ATIF step_id, Silo seq, OpenHands event id), as a string. */
  id: string | null;
  source: StepSource;
  /** ISO 8601, as the source wrote it; null when the source has no time. */
  at: string | null;
  text: string | null;
  reasoning: string | null;
  toolCalls: ToolCall[];
  results: ToolResult[];
  images: ImageRef[];
  metrics: StepMetrics | null;
  /** Set when a delegated agent took the step; its steps follow the step that delegated to it. */
  subagent: StepAgent | null;
  /** Every field of the source step the reader did not map, verbatim. */
  extra: TraceJsonObject;
  /**
   * Set on a step of a big trace sent with its long texts cut (cutLongTexts): how many characters its texts
   * hold in all; the whole step is read on demand. Absent: the step is whole.
   */
  cut?: { chars: number };
}

export interface TraceTotals {
  steps: number;
  toolCalls: number;
  toolErrors: number;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  costUsd: number | null;
  /** From the first to the last step time; null with fewer than two timed steps. */
  wallTimeMs: number | null;
}

export interface Trace {
  /** The reader that produced it, e.g. `harbor-atif`, `silo`, `inspect`. */
  format: string;
  /** The file the steps were read from (`log.eval#1_epoch_1` for one sample of a log). */
  path: string;
  steps: TraceStep[];
  totals: TraceTotals;
  /** Trace-level fields (agent, session, final metrics, …) kept verbatim. */
  metadata: TraceJsonObject;
  /** What the reader noticed and a user should know ("final_metrics cost 0.93 differs from the steps' 3.44"). */
  warnings: string[];
  /**
   * Set when the trace was read by its index (a big trace): `steps` holds its first steps only, the rest are
   * read a page at a time; `totals` are the whole trace's.
   */
  indexed?: IndexedTraceRef;
}

/** What a trace read by its index carries besides its first steps. */
export interface IndexedTraceRef {
  /** The raw file the index is of. */
  sha256: string;
  /** Which trace of the file: "" for a file that is one trace, the sample (`1_epoch_1`) of an Inspect log. */
  part: string;
  /** Step indexes with a tool error (at most 10,000), for "jump to first error" and the error list. */
  errors: number[];
  /** Evidence refs of every step, when a caller loaded them (evidenceIndex uses them); else only `steps` resolve. */
  refs: { stepIds: [string, number][]; outputIds: [string, number][]; callIds: [string, number][] } | null;
}

/** A trace file that could not be read: shown as raw text with why. */
export interface RawTrace {
  path: string;
  why: string;
  /** The start of the file as text (invalid UTF-8 replaced), at most RAW_TEXT_LIMIT characters. */
  text: string;
  truncated: boolean;
  bytes: number;
}

export type TraceRead =
  | { kind: "trace"; trace: Trace }
  | { kind: "raw"; raw: RawTrace }
  /** The rollout's files hold no trace this reader knows. */
  | { kind: "none"; why: string };
