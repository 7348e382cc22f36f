import type { ExpansionBudget } from "@/lib/archive/unzip";
import type { ScoringCheck, ScoringRollout } from "@/lib/scoring/core/types";

/** One file of a batch, its path relative to the ingested root (POSIX separators). */
export interface InputFile {
  path: string;
  bytes: Uint8Array;
}

export type FormatId = "silo" | "benchflow" | "harbor" | "grade" | "rubric" | "inspect" | "tau-bench";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Formats build their records field by field; scoring reads them read-only. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

export interface NormalizedCheck extends Writable<ScoringCheck> {
  order: number;
  detail: string | null;
  reason: string | null;
  evidenceRefs: string[];
  /** Every field of the check the format did not map, kept verbatim. */
  metadata: JsonObject;
}

export interface RolloutSource {
  /** Relative path; for a file holding many rollouts `path#name`. */
  path: string;
  format: FormatId;
  /** sha256 (hex) of the file's raw bytes. */
  sha256: string;
  /**
   * sha256 (hex) of the identity the log itself gives the rollout, the same whichever file it is read from (one
   * Inspect sample in the .eval and the .json of its log). Absent where only the bytes identify a rollout.
   */
  identity?: string;
}

export interface NormalizedRollout extends Writable<Omit<ScoringRollout, "checks" | "source" | "warnings">> {
  checks: NormalizedCheck[];
  terminationReason: string | null;
  toolCalls: number | null;
  toolErrors: number | null;
  agentOutput: string | null;
  error: string | null;
  errorCategory: string | null;
  startedAt: string | null; // ISO 8601
  finishedAt: string | null;
  durationMs: number | null;
  costUsd: number | null;
  /** Total tokens where only a total is recorded; input + output otherwise. */
  tokens: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  /** Time the agent itself ran, where the harness records it apart from the wall time. */
  agentMs: number | null;
  source: RolloutSource;
  /** Every raw file this rollout was read from (the source first, then sidecars such as run.json). */
  files: string[];
  /** Integrity and format warnings, in words a user reads. */
  warnings: string[];
  metadata: JsonObject;
}

export interface NormalizedTask {
  key: string;
  taskId: string;
  name: string | null;
  group: string | null;
  weight: number;
}

export interface Regrade {
  rollout: string;
  originalReward: number | null;
  newReward: number | null;
  change: "pass->fail" | "fail->pass" | "unchanged";
}

export interface NormalizedRun {
  name: string;
  agent: string | null;
  model: string | null;
  format: FormatId;
  createdAt: string | null;
  passThreshold: number;
  tasks: NormalizedTask[];
  rollouts: NormalizedRollout[];
  /** Run-level warnings (e.g. a summary file that disagrees with its trials). */
  warnings: string[];
  regrades: Regrade[];
  metadata: JsonObject;
  /** Parsed with `light`: the rollouts are identities only (see lib/formats/light.ts), never stored as they are. */
  light?: true;
}

export interface FileRejection {
  path: string;
  /** Names the field path or parse position, e.g. `checks[0].label: expected string`. */
  error: string;
}

export interface ParseResult {
  runs: NormalizedRun[];
  rejected: FileRejection[];
}

export interface FormatModule {
  id: FormatId;
  /** The files of the batch this format reads, by name and content. Must not throw. */
  claim(files: readonly InputFile[]): InputFile[];
  /** Parse the claimed files; a bad file becomes a rejection, never an exception. */
  parse(files: readonly InputFile[], options: ParseOptions): ParseResult;
  /**
   * The keys `claim` asks mayHoldKey about (lib/formats/json.ts), so that a batch read from disk is searched for
   * all of them in one read of each file (lib/formats/sniff.ts). A key missing here is still answered, by a read.
   */
  detectKeys?: readonly string[];
}

export interface ParseOptions {
  /** Run name given by the user (--run); else the format derives one. */
  runName?: string;
  /** Name of the ingested folder or archive (for deriving a run name), e.g. `silo-runs`. */
  rootName?: string;
  agent?: string;
  model?: string;
  /**
   * Keep rollouts light (lib/formats/light.ts) for a batch too large to hold parsed: the runs, keys, tasks and
   * rejections are those of a whole parse. Formats that read a rollout per file honour it; others ignore it.
   */
  light?: boolean;
  /**
   * What the batch's archives may still expand to (one budget for every zip and .eval of a batch; see
   * lib/archive/unzip.ts). Absent: a budget of the default limits for this parse alone.
   */
  archives?: ExpansionBudget;
}
