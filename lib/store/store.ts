import type { InputFile, JsonObject, NormalizedRollout, NormalizedRun, NormalizedTask } from "@/lib/formats/types";
import type { IndexedRefs, TraceSummary } from "@/lib/traces";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Review } from "@/lib/scoring/reviews/review-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { StoredEncoding } from "./run-encoding";
import type {
  ScannedStep,
  SearchStep,
  StepFilter,
  StepTextPage,
  StepTextQuery,
  TraceSearchProgress,
  TraceStepsEntry,
  UnindexedTrace,
} from "./trace-search-rows";
import type {
  CheckBounds,
  CheckDetail,
  CheckHead,
  CheckPick,
  CheckRefs,
  RawFileBytes,
  RawFilePieces,
  StoredTraceIndex,
  TraceIndexToStore,
  RolloutHead,
  RolloutTextRef,
  TaskHead,
  RolloutDetail,
  RunBrief,
  ReviewWrite,
  RunExport,
  RunListItem,
  RunMeta,
  RunReview,
  RunVersion,
  SavedScenario,
  ScenarioChanges,
  ScenarioWrite,
  SharedRollouts,
  TaskRollouts,
} from "./records";

export type Provider = "sqlite" | "postgres";

/** The checks that Store.getTasks calls given the same table share: each distinct check once, by its text. */
export class SharedChecks {
  readonly byText = new Map<string, CheckDetail>();
}

/** What happened to one rollout of a stored batch. */
export type StoreOutcome = "stored" | "duplicate" | { conflict: string };

export interface RolloutToStore {
  task: NormalizedTask;
  rollout: NormalizedRollout;
  /** As computed at ingest from the rollout's own data and the run's threshold. */
  verdict: { passed: boolean; reward: number | null };
  /** Reads the rollout's trace totals; called only for a rollout that is stored (not for a duplicate). */
  trace?: () => TraceSummary | null;
}

/**
 * Every read and write of Tally's data: the pages, route handlers, ingest, the CLI and the bench go through
 * one Store (lib/store/open-store.ts picks the implementation from DATABASE_URL). Stored rollouts are never
 * changed, only added, or deleted with their whole run; a run's own fields are written once, when it is
 * created, except its summary, baseline flag, name, tags and live heartbeat.
 */
export interface Store {
  readonly provider: Provider;

  /** Every run, newest first, with the summary stored at ingest (no check is read). */
  listRuns(): Promise<RunListItem[]>;
  countRuns(): Promise<number>;
  /** A run's fields (no task or rollout is read), or null. */
  getRun(runId: string): Promise<RunMeta | null>;
  /** A run's id, name and baseline flag, or null (nothing else is read). */
  getRunBrief(runId: string): Promise<RunBrief | null>;
  /** The runs of a series (lib/run-series.ts), oldest first (their own date, else when ingested); [] for none. */
  seriesRuns(series: string): Promise<RunListItem[]>;
  /** Every series with its number of runs, by name. */
  listSeries(): Promise<{ name: string; runs: number }[]>;
  /** The run marked as baseline (at most one), or null. */
  baselineRun(): Promise<RunBrief | null>;
  /** A run in the compact shape scoring reads (tasks by key, rollouts by id), read now, or null. */
  loadScoringRun(runId: string): Promise<ScoringRun | null>;
  /** How many rollouts a run has (0 for an unknown run). */
  rolloutCount(runId: string): Promise<number>;
  /** What identifies the stored version of a run (the run cache revalidates on it), or null when it is gone. */
  runVersion(runId: string): Promise<RunVersion | null>;
  /** A task by its key and all its rollouts with their checks (the checks × rollouts grid), or null. */
  getTask(runId: string, key: string): Promise<TaskRollouts | null>;
  /**
   * Tasks by key, each as getTask reads it (null for a key the run does not hold), in the order of `keys`, read
   * a group of tasks per statement (an export reads a run this way). Equal checks are one shared object within
   * a call, and across the calls given the same `sharedChecks` (which holds each distinct check once: the
   * caller bounds it by starting a new one): callers must not mutate them.
   */
  getTasks(
    runId: string,
    keys: readonly string[],
    options?: { sharedChecks?: SharedChecks },
  ): Promise<(TaskRollouts | null)[]>;
  /** One rollout by its id as the data names it, with every field and check, or null. */
  getRollout(runId: string, rolloutId: string): Promise<RolloutDetail | null>;
  /**
   * One rollout as its page reads it: every field but its checks, each long text cut after `textHead`
   * characters (its head and its size; the database does not send the rest), and its check count. Null when
   * the run has no such rollout.
   */
  getRolloutHead(runId: string, rolloutId: string, options: { textHead: number }): Promise<RolloutHead | null>;
  /** A task's row and its rollouts' heads without texts, by rollout id; null when the run has no such task. */
  getTaskHead(runId: string, key: string): Promise<TaskHead | null>;
  /**
   * Checks of rollouts by stored order, their texts cut to `bounds`: for each pick, the checks it names that
   * exist, in stored order (an unknown rollout or order gives none).
   */
  getChecks(runId: string, picks: readonly CheckPick[], bounds: CheckBounds): Promise<CheckHead[][]>;
  /** The checks of a rollout that cite evidence, with their first refs, in stored order. */
  getCheckRefs(runId: string, rolloutId: string): Promise<CheckRefs[]>;
  /**
   * One whole text of a rollout or of one of its checks (metadata as its JSON text): `missing` when there is no
   * such rollout or check, else the text (null when not recorded).
   */
  getRolloutText(runId: string, rolloutId: string, ref: RolloutTextRef): Promise<{ text: string | null } | "missing">;
  /**
   * The task key or rollout id behind a row id (lib/db/ids.ts), or null: a page URL holding a row id in place
   * of the key redirects to the key's URL.
   */
  taskKeyOfRowId(runId: string, rowId: string): Promise<string | null>;
  rolloutIdOfRowId(runId: string, rowId: string): Promise<string | null>;
  /**
   * The other runs holding rollouts of this run (same rollout id, same source bytes), most shared first: a
   * run ingested twice, or a run of a job's trial folders beside the job. Empty for an unknown run.
   */
  sharedRollouts(runId: string): Promise<SharedRollouts[]>;
  /** What changes whenever a run is created or deleted or rollouts are added anywhere, as text: one cheap query. */
  storeMarker(): Promise<string>;
  /** The current names of runs by id (a run gone is left out). */
  runNames(runIds: readonly string[]): Promise<Map<string, string>>;
  /** Raw bytes of an ingested file by content address, or null. */
  getRawFile(sha256: string): Promise<RawFileBytes | null>;
  /** A raw file's size and pieces, to read it piece by piece (a big file is never held whole), or null. */
  getRawFilePieces(sha256: string): Promise<RawFilePieces | null>;
  /** Piece `n` (from 0) of a raw file, or null when the file or the piece is not stored. */
  getRawFilePiece(sha256: string, n: number): Promise<Uint8Array | null>;
  /**
   * The trace index of a raw file (docs/traces.md), or null when none of the current version is stored. `part`
   * names the trace inside the file ("", the default: the file is one trace; an Inspect log's sample, `1_epoch_1`).
   */
  getTraceIndex(sha256: string, part?: string): Promise<StoredTraceIndex | null>;
  /**
   * The first of these raw files (in the order given) with a trace index of the current version of
   * `part`, and its sha256; null when none has one. One question for a trace whose file is known only once read.
   */
  findTraceIndex(
    sha256s: readonly string[],
    part?: string,
  ): Promise<{ sha256: string; index: StoredTraceIndex } | null>;
  /** The evidence refs of a trace index, or null. */
  getTraceRefs(sha256: string, part?: string): Promise<IndexedRefs | null>;
  /** Chunks [from, to] of a trace index, in order (fewer when the index has fewer). */
  getTraceChunks(sha256: string, from: number, to: number, part?: string): Promise<Uint8Array[]>;
  /**
   * Stores the trace index of a stored raw file (of its trace `part`) with its chunks; false when the file is not
   * stored or that index already is. The index goes when the file does.
   */
  putTraceIndex(sha256: string, index: TraceIndexToStore, part?: string): Promise<boolean>;
  /** Every rollout of a run with its checks, by task key, rollout id and check order; null when no run. */
  getRunExport(runId: string): Promise<RunExport | null>;

  /** Finds the run a batch maps to, creating it (empty) when new; `tags` are added to the run's tags. */
  upsertRun(
    key: string,
    run: NormalizedRun,
    options: { baseline?: boolean; tags?: readonly string[]; series?: string | null },
  ): Promise<{ id: string; created: boolean }>;
  /**
   * Stores a batch of rollouts of one run with their checks, task rows and the raw bytes of every file they
   * were read from, in ONE transaction: each rollout is whole or absent. A rollout id already in the run with
   * the same source bytes is a duplicate (nothing written); with other bytes it is a conflict.
   */
  storeRollouts(
    runId: string,
    items: readonly RolloutToStore[],
    files: ReadonlyMap<string, InputFile>,
  ): Promise<StoreOutcome[]>;
  /** Keeps the bytes of refused files with their reasons, so nothing a user uploaded is lost. */
  storeRejectedFiles(refused: readonly { file: InputFile; error: string }[]): Promise<void>;
  /** Stores the as-recorded report's run and task figures; nothing for an unknown run. */
  updateSummaries(runId: string, report: Report): Promise<void>;
  /** The run's stored encoding (lib/store/run-encoding.ts) as written, its bytes left empty unless `bytes`; or null. */
  readRunEncoding(runId: string, options: { bytes: boolean }): Promise<StoredEncoding | null>;
  /** Stores a run's encoding in place of the one before; fails for an unknown run. */
  writeRunEncoding(runId: string, encoding: StoredEncoding): Promise<void>;
  /** Marks one run as the baseline every comparison defaults to (at most one), or unmarks it; nothing for an unknown run. */
  setBaseline(runId: string, baseline?: boolean): Promise<void>;
  /** Gives a run a new name (its key, and so the batches that map to it, stay); false when there is no such run. */
  renameRun(runId: string, name: string): Promise<boolean>;
  /** Puts a run in a series, or with null takes it out; false when there is no such run. */
  setRunSeries(runId: string, series: string | null): Promise<boolean>;
  /** Replaces a run's tags (valid per lib/run-tags.ts); false when there is no such run. */
  setRunTags(runId: string, tags: readonly string[]): Promise<boolean>;
  /**
   * Sets (or with null clears) the heartbeat that makes a run live until `until` (lib/run-labels.ts), keeping
   * its tags; false when there is no such run. Not part of the run's version: the run cache is not invalidated.
   */
  setRunLive(runId: string, until: Date | null): Promise<boolean>;
  /**
   * Deletes a run with its tasks, rollouts, checks, reviews and run files, and the raw files no other run and no
   * refused file references, in ONE transaction; false when there is no such run. Every later read of the
   * run, on any instance, answers as for an unknown run.
   */
  deleteRun(runId: string): Promise<boolean>;
  /** Every review of a run (history included: changes and withdrawals), oldest first; null when no run. */
  listReviews(runId: string): Promise<RunReview[] | null>;
  /**
   * Adds reviews of a run's verdicts in ONE transaction; never changes a stored verdict. Each names a rollout
   * of the run by its id and one of its checks by key, else nothing is written and the first missing one is
   * named. A review already stored (same rollout, check, reviewer and time) is counted `present`, not added.
   */
  addReviews(runId: string, reviews: readonly Review[]): Promise<ReviewWrite>;
  /**
   * The checks of a run whose stored metadata holds `key` (Inspect keeps a score's edit `history` there), with
   * rollout id, task key and metadata, in stored order; null when no run.
   */
  checksWithMetadataKey(
    runId: string,
    key: string,
  ): Promise<{ task: string; rollout: string; check: string; metadata: JsonObject }[] | null>;
  /** Every saved scenario, by name. */
  listScenarios(): Promise<SavedScenario[]>;
  /** A saved scenario by its name, or null. */
  getScenario(name: string): Promise<SavedScenario | null>;
  /** The declared scenario (at most one), or null. */
  declaredScenario(): Promise<SavedScenario | null>;
  /** Saves a new named scenario; `taken` when the name is already used (nothing written). */
  createScenario(input: { name: string; description: string; scenario: Scenario }): Promise<ScenarioWrite>;
  /**
   * Changes a saved scenario in ONE transaction: a rename keeps its creation time; declaring it undeclares any
   * other, and so does any edit of the declared one (it stays the only one declared, whether or not `changes`
   * names `declared`). `missing` for an unknown name, `taken` when renamed to a name another scenario holds.
   */
  updateScenario(name: string, changes: ScenarioChanges): Promise<ScenarioWrite>;
  /** Deletes a saved scenario; false when there is none by that name. */
  deleteScenario(name: string): Promise<boolean>;
  /** Rollouts of a run whose traces the search index has not read, by rollout id, at most `limit` ([] for none). */
  unindexedTraces(runId: string, limit: number): Promise<UnindexedTrace[]>;
  /**
   * Stores what search read of rollouts' traces (their steps, or why they have none), each once, in ONE
   * transaction: per entry, false when the rollout is gone or already indexed. `written`: the steps of that
   * rollout appendTraceSteps stored before these (counted with them); a step already stored is left as it is.
   */
  writeTraceSteps(runId: string, entries: readonly TraceStepsEntry[]): Promise<boolean[]>;
  /**
   * Stores some of one rollout's search steps ahead of its writeTraceSteps, for a trace too big to hold whole
   * (one transaction); false when the rollout is gone or already indexed. A step already stored is left as it is.
   */
  appendTraceSteps(runId: string, rolloutId: string, steps: readonly SearchStep[]): Promise<boolean>;
  /** How many of a run's rollouts the search index has read, by outcome; null for an unknown run. */
  traceSearchState(runId: string): Promise<TraceSearchProgress | null>;
  /**
   * One page of a run's rollouts whose indexed steps hold every word, or the words as a phrase, through the
   * full-text index (FTS5, tsvector), by rollout id, each with its first matching steps; counts over the run.
   */
  searchStepText(runId: string, query: StepTextQuery): Promise<StepTextPage>;
  /** The next `limit` indexed steps of a run after stored position `after` (0 from the start), for a bounded scan. */
  scanSteps(runId: string, filter: StepFilter, after: number, limit: number): Promise<ScannedStep[]>;
  /** The ids of a run's rollouts with a step matching the words (as searchStepText), by id, at most `limit`. */
  rolloutsMatching(runId: string, query: Pick<StepTextQuery, "mode" | "words">, limit: number): Promise<string[]>;
  /** The tools a run's indexed steps name, with their number of steps, most used first; [] for none. */
  traceTools(runId: string): Promise<{ tool: string; steps: number }[]>;
  /** Runs a bulk write (an ingest): lets the store defer housekeeping until the last overlapping one ends. */
  bulkWrites<T>(work: () => Promise<T>): Promise<T>;

  close(): Promise<void>;
}
