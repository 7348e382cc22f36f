import type { TraceSearchStateModel, TraceStepModel } from "@/lib/db/generated/sqlite/models";
import type { SearchEntry, SearchStep } from "@/lib/traces/search-text";
import type { StepSource } from "@/lib/traces";
import type { StoredFileRef } from "./records";
import type { Table } from "./rows";

/*
 * The search index of trace steps (docs/traces.md#search): its two tables, and what the store's search methods
 * take and give.
 */

/** `id` is assigned by the database (the full-text index's row id). */
export type TraceStepRow = Omit<TraceStepModel, "id">;
export type TraceSearchStateRow = TraceSearchStateModel;

export const TRACE_STEP: Table<TraceStepRow> = {
  name: "TraceStep",
  columns: {
    runId: "text",
    rolloutRef: "text",
    step: "number",
    source: "text",
    tool: "text",
    isError: "bool",
    text: "text",
  },
};

export const TRACE_SEARCH_STATE: Table<TraceSearchStateRow> = {
  name: "TraceSearchState",
  columns: { rolloutRef: "text", runId: "text", status: "text", steps: "number" },
};

/** What search read of one rollout's trace (lib/traces/search-text.ts). */
export type TraceSearchEntry = SearchEntry;

/** One rollout's search entry as stored; `written`: its steps appended before (appendTraceSteps), 0 if absent. */
export interface TraceStepsEntry {
  rolloutId: string;
  entry: TraceSearchEntry;
  written?: number;
}

export type { SearchStep };

/** A rollout whose trace search has not read, with what reading its trace needs. */
export interface UnindexedTrace {
  rolloutId: string;
  sourceFormat: string;
  sourcePath: string;
  files: StoredFileRef[];
}

/** How many of a run's rollouts search has read, by outcome, and how many are still to read. */
export interface TraceSearchProgress {
  rollouts: number;
  indexed: number;
  /** Traces that did not parse: counted, never searched. */
  skipped: number;
  /** Rollouts without a trace. */
  none: number;
  pending: number;
  /** Steps in the index for the run. */
  steps: number;
}

/** Which steps a search looks at. */
export interface StepFilter {
  tool?: string | null;
  errorsOnly?: boolean;
  source?: StepSource | null;
}

/** A words or phrase search of a run's steps, one page of matching rollouts. */
export interface StepTextQuery extends StepFilter {
  mode: "all" | "phrase";
  words: readonly string[];
  offset: number;
  limit: number;
  /** Matching steps returned per rollout (the rest are counted). */
  stepsPerRollout: number;
}

/** A rollout with matching steps. */
export interface MatchedRollout {
  rolloutId: string;
  task: string;
  passed: boolean;
  /** How many of its steps match. */
  hits: number;
  steps: MatchedStep[];
}

export interface MatchedStep {
  step: number;
  source: StepSource;
  tool: string | null;
  isError: boolean;
  text: string;
}

export interface StepTextPage {
  /** Matching rollouts and steps over the whole run. */
  rollouts: number;
  steps: number;
  page: MatchedRollout[];
}

/** A step as the bounded regex scan reads it, in stored order (`id` is where the next chunk starts after). */
export interface ScannedStep extends MatchedStep {
  id: number;
  rolloutId: string;
  task: string;
  passed: boolean;
}
