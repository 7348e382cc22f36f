import { rolloutFactsOf } from "@/lib/scoring/report/rollout-facts";
import type { RolloutTable } from "@/lib/scoring/report/rollout-table";
import type { RolloutMeasures } from "@/lib/formats/measures";
import type { IndexedRefs, PackedSteps, TraceIndexSummary, TraceSummary } from "@/lib/traces";
import type { JsonObject, Regrade } from "@/lib/formats/types";
import type { CheckStatus } from "@/lib/scoring/core/types";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import type { Coverage, Report } from "@/lib/scoring/report/report-types";
import { SCORING_VERSION } from "@/lib/scoring/report/report";
import type { Review } from "@/lib/scoring/reviews/review-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { JsonHead, TextHead } from "@/lib/text-head";

/*
 * What the store hands to pages, route handlers and the CLI: plain, serialisable records (dates as ISO text),
 * the same on every provider.
 */

/** What the runs table shows, stored on the run so listing runs never rescans checks. */
export interface RunSummary {
  tasks: number;
  rollouts: number;
  scored: number;
  unscored: number;
  passRate: number | null;
  meanReward: number | null;
  headline: { metric: string; scheme: string; value: number | null };
  /**
   * Completion and correctness under the headline scheme (null: no eligible task), so every run shows the same
   * figures side by side. Absent in summaries stored before it existed: the runs table falls back to the
   * headline when it is one of them.
   */
  metrics?: { completion: number | null; correctness: number | null };
  /**
   * What completion and correctness cover (null: not a metric of the run), so the table can say "3 of 85 tasks".
   * Absent in summaries stored before it existed.
   */
  coverage?: { completion: Coverage | null; correctness: Coverage | null };
  /** The scoring version that wrote the summary (SCORING_VERSION); summaries of another are rewritten. */
  scoring?: number;
  warnings: number;
  /**
   * What the run spent in total (null: no rollout records it). Absent in summaries stored before it existed:
   * the runs table shows those as not recorded.
   */
  totals?: {
    costUsd: number | null;
    tokens: number | null;
    durationMs: number | null;
    /**
     * The rollouts each total sums over (of `rollouts`), so a partial sum reads "13 of 425 recorded". Absent in
     * summaries stored before it existed: the table then shows the total without its coverage.
     */
    recorded?: { costUsd: number; tokens: number; durationMs: number };
  };
}

/** How many warnings the rollouts carry in all. */
function rolloutWarningCount(rollouts: RolloutTable): number {
  let n = 0;
  for (let r = 0; r < rollouts.length; r++) n += rollouts.warnings(r).length;
  return n;
}

export function runSummaryOf(report: Report): RunSummary {
  return {
    ...report.counts,
    passRate: report.passRate.value,
    meanReward: report.meanReward.value,
    headline: { metric: report.headline.metric, scheme: report.headline.scheme, value: report.headline.value },
    metrics: {
      completion: report.metrics.completion?.value ?? null,
      correctness: report.metrics.correctness?.value ?? null,
    },
    coverage: {
      completion: report.metrics.completion?.coverage ?? null,
      correctness: report.metrics.correctness?.coverage ?? null,
    },
    scoring: SCORING_VERSION,
    warnings: report.warnings.length + rolloutWarningCount(rolloutFactsOf(report).table()),
    totals: {
      costUsd: report.effort.costUsd.total,
      tokens: report.effort.tokens.total,
      durationMs: report.effort.durationMs.total,
      recorded: {
        costUsd: report.effort.costUsd.recorded,
        tokens: report.effort.tokens.recorded,
        durationMs: report.effort.durationMs.recorded,
      },
    },
  };
}

export interface RunListItem {
  id: string;
  name: string;
  agent: string | null;
  model: string | null;
  format: string;
  createdAt: string | null;
  ingestedAt: string;
  baseline: boolean;
  /** The series the run belongs to (lib/run-series.ts), or null. */
  series: string | null;
  /** The run's tags (lib/run-tags.ts), in the order they were given. */
  tags: string[];
  /** Until when `tally watch` keeps the run live (lib/run-labels.ts isLive), or null when never watched. */
  liveUntil: string | null;
  summary: RunSummary | null;
  /** Headline difference to the baseline run (same metric and scheme), set by the runs page. */
  deltaToBaseline?: number | null;
  /** The headline under the declared scenario, set by the runs page when one is declared. */
  declared?: DeclaredHeadline | null;
  /** Whether the heartbeat is fresh now (lib/run-labels.ts isLive), set by the runs page. */
  live?: boolean;
}

/** A run's headline under the team's declared scenario, beside the one as recorded. */
export interface DeclaredHeadline {
  /** The declared scenario's name. */
  name: string;
  metric: string;
  scheme: string;
  value: number | null;
}

export interface RunMeta extends RunListItem {
  metadata: JsonObject;
  warnings: string[];
  regrades: Regrade[];
}

/**
 * Another run holding some of a run's rollouts: the same rollout id read from the same bytes, or the same
 * samples of one log read from another of its files (the .eval and the .json of an Inspect log).
 */
export interface SharedRollouts {
  runId: string;
  name: string;
  /** Rollouts the two runs share. */
  shared: number;
  /** Of `shared`, those read from the same bytes; the others are the same samples read from another file. */
  sameBytes: number;
  /** The other run's rollouts in all. */
  rollouts: number;
}

export interface RunBrief {
  id: string;
  name: string;
  baseline: boolean;
}

/**
 * What identifies a stored version of a run for the run cache: rollouts are only ever added to a run, and a
 * deleted run ingested again is a new row with a new ingest time, so these three change whenever what the
 * scoring read gives changes (the name is part of it).
 */
export interface RunVersion {
  ingestedAt: string;
  name: string;
  rollouts: number;
}

/** A raw file a rollout was read from, by content address; the source comes first. */
export interface StoredFileRef {
  path: string;
  sha256: string;
}

export interface CheckDetail {
  order: number;
  key: string;
  label: string;
  passed: boolean | null;
  score: number | null;
  required: boolean;
  dimension: string;
  status: CheckStatus;
  detail: string | null;
  weight: number | null;
  reason: string | null;
  failureTag: string | null;
  evidenceRefs: string[];
  metadata: JsonObject;
}

export interface RolloutDetail extends RolloutMeasures {
  /** Rollout id as the data names it (unique within its run; the rollout page's URL). */
  id: string;
  taskKey: string;
  status: "scored" | "unscored";
  rule: string;
  reportedPassed: boolean | null;
  reportedReward: number | null;
  terminationReason: string | null;
  agentOutput: string | null;
  error: string | null;
  errorCategory: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  sourcePath: string;
  sourceFormat: string;
  sourceSha256: string;
  files: StoredFileRef[];
  warnings: string[];
  metadata: JsonObject;
  checks: CheckDetail[];
  /** The trace as read at ingest (its totals, or why it did not read); null without one or before it was read. */
  trace: TraceSummary | null;
}

/**
 * A rollout as its page reads it: every field but its checks, with its long texts cut to their heads
 * (lib/text-head.ts), and how many checks it has (a page reads them a page at a time).
 */
export interface RolloutHead extends Omit<RolloutDetail, "agentOutput" | "error" | "metadata" | "checks"> {
  agentOutput: TextHead | null;
  error: TextHead | null;
  metadata: JsonHead;
  checkCount: number;
}

/** A stored check as a page of checks reads it: its texts cut to their heads. */
export interface CheckHead {
  order: number;
  key: TextHead;
  label: TextHead;
  passed: boolean | null;
  score: number | null;
  required: boolean;
  dimension: string;
  status: CheckStatus;
  weight: number | null;
  detail: TextHead | null;
  reason: TextHead | null;
  failureTag: string | null;
  /** The first EVIDENCE_REFS_HEAD refs, each cut to REF_HEAD characters. */
  evidenceRefs: string[];
  /** How many refs the check cites in all. */
  evidenceCount: number;
  metadata: JsonHead;
}

/** How much of each text of a check a page reads (characters; see lib/text-head.ts). */
export interface CheckBounds {
  key: number;
  label: number;
  text: number;
}

/** The checks of one rollout a page asks for, by stored order. */
export interface CheckPick {
  rolloutId: string;
  orders: readonly number[];
}

/** A check's evidence refs (only checks that cite any), for resolving them against the rollout's trace. */
export interface CheckRefs {
  order: number;
  /** The check's key, cut to KEY_HEAD characters. */
  key: string;
  refs: string[];
}

/** A text of a rollout that a page shows cut: a field of the rollout, or of one of its checks (by order). */
export type RolloutTextRef =
  { field: "agentOutput" | "error" | "metadata" } | { field: "detail" | "reason" | "metadata"; check: number };

export interface TaskRecord {
  key: string;
  taskId: string;
  name: string | null;
  group: string | null;
  weight: number;
}

/** A task's row and all its rollouts with their checks (the static export's task page). */
export interface TaskRollouts {
  task: TaskRecord;
  rollouts: RolloutDetail[];
}

/** A task's row and its rollouts' heads, without texts or checks (the task page reads checks by page). */
export interface TaskHead {
  task: TaskRecord;
  rollouts: RolloutHead[];
}

export interface ExportCheck {
  key: string;
  label: string;
  required: boolean;
  dimension: string;
  status: string;
  passed: boolean | null;
  score: number | null;
  detail: string | null;
  failureTag: string | null;
}

export interface ExportRollout {
  taskKey: string;
  group: string | null;
  rolloutId: string;
  status: string;
  /** As computed at ingest, not as the file reported. */
  passed: boolean;
  reward: number | null;
  /** The harness's error type and message, when it recorded an error. */
  errorCategory: string | null;
  error: string | null;
  /** Every measure key, null where the rollout does not record it (report-types.ts RolloutReport's). */
  measures: Record<MeasureKey, number | null>;
  checks: ExportCheck[];
}

export interface RunExport {
  name: string;
  rollouts: ExportRollout[];
}

export interface RawFileBytes {
  bytes: Uint8Array;
  size: number;
}

/** How a raw file is read piece by piece: its size and its pieces, in order (one for a file stored whole). */
export interface RawFilePieces {
  size: number;
  pieces: number;
}

/** A what-if scenario saved under a name; `declared` marks the team's one agreed scenario. */
export interface SavedScenario {
  name: string;
  description: string;
  scenario: Scenario;
  declared: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What saving or changing a named scenario gives: the stored scenario, or why nothing was written. */
export type ScenarioWrite = { saved: SavedScenario } | { error: "missing" | "taken" };

/** Changes to a saved scenario; absent fields stay. Setting `declared` undeclares any other scenario. */
export interface ScenarioChanges {
  name?: string;
  description?: string;
  scenario?: Scenario;
  declared?: boolean;
}

/** A stored review (lib/scoring/reviews/review-types.ts) with the key of the task its rollout belongs to. */
export interface RunReview extends Review {
  task: string;
}

/**
 * What adding reviews did: `added` newly stored, `present` already stored (the same rollout, check, reviewer
 * and time), or, with nothing written, the first rollout or check the run lacks.
 */
export type ReviewWrite =
  | { added: number; present: number }
  | { error: "run" }
  | { error: "rollout"; rollout: string }
  | { error: "check"; rollout: string; check: string };

/** A trace index as stored (lib/traces/trace-index.ts): what the trace holds, and its steps packed. */
export interface StoredTraceIndex {
  summary: TraceIndexSummary;
  steps: PackedSteps;
}

/** A trace index to store: the summary, the packed steps, the refs and the chunks of the trace's bytes. */
export interface TraceIndexToStore extends StoredTraceIndex {
  refs: IndexedRefs;
  chunks: readonly Uint8Array[];
}
