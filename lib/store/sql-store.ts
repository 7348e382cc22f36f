import type { InputFile, NormalizedRun } from "@/lib/formats/types";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Review } from "@/lib/scoring/reviews/review-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type {
  CheckBounds,
  CheckPick,
  RolloutTextRef,
  ScenarioChanges,
  SharedRollouts,
  TraceIndexToStore,
} from "./records";
import { storeRollouts } from "./rules/batches";
import { getRawFile, getRawFilePiece, getRawFilePieces, RAW_PART_BYTES, storeRejectedFiles } from "./rules/files";
import * as reviews from "./rules/reviews";
import * as rollouts from "./rules/rollouts";
import * as runs from "./rules/runs";
import * as scenarios from "./rules/scenarios";
import * as traceIndex from "./rules/trace-index";
import { readRunEncoding, updateSummaries, writeRunEncoding } from "./rules/summaries";
import * as traceSearch from "./rules/trace-search";
import type { StoredEncoding } from "./run-encoding";
import { first, type Dialect } from "./sql/rule";
import { raw, sql } from "./sql/sql";
import type { Provider, RolloutToStore, SharedChecks, Store } from "./store";
import type { SearchStep, StepFilter, StepTextQuery, TraceStepsEntry } from "./trace-search-rows";

/*
 * The one Store: each method runs its rule (lib/store/rules/, written once for both databases) on the
 * database's dialect (lib/store/sqlite/dialect.ts, lib/store/postgres/dialect.ts): reads through `read`, every
 * write through `write`, one transaction each. The run cache and the shared-rollouts cache sit on top.
 */
/** What changes whenever a run is created or deleted or rollouts are added anywhere (a single row). */
const STORE_MARKER_SQL =
  `SELECT CAST((SELECT count(*) FROM "Run") AS INTEGER) AS "runs", (SELECT max("ingestedAt") FROM "Run") AS "latest", ` +
  `CAST((SELECT count(*) FROM "Rollout") AS INTEGER) AS "rollouts"`;

export class SqlStore implements Store {
  readonly provider: Provider;
  readonly #db: Dialect;

  readonly #rawPartBytes: number;
  readonly #indexSliceBytes: number;
  /** Slices of packed steps on PostgreSQL; none on SQLite (rules/trace-index.ts getTraceIndex). */
  readonly #indexSlices = () => (this.provider === "postgres" ? this.#indexSliceBytes : null);

  /**
   * `rawPartBytes`: the size of a big raw file's parts (RAW_PART_BYTES); `indexSliceBytes`: the slices a trace
   * index's packed steps are read in on PostgreSQL (rules/trace-index.ts INDEX_SLICE_BYTES). Smaller in tests.
   */
  constructor(db: Dialect, options: { rawPartBytes?: number; indexSliceBytes?: number } = {}) {
    this.#db = db;
    this.provider = db.provider;
    this.#rawPartBytes = options.rawPartBytes ?? RAW_PART_BYTES;
    this.#indexSliceBytes = options.indexSliceBytes ?? traceIndex.INDEX_SLICE_BYTES;
  }

  listRuns() {
    return this.#db.read(runs.listRuns());
  }

  countRuns() {
    return this.#db.read(runs.countRuns());
  }

  getRun(runId: string) {
    return this.#db.read(runs.getRun(runId));
  }

  getRunBrief(runId: string) {
    return this.#db.read(runs.getRunBrief(runId));
  }

  seriesRuns(series: string) {
    return this.#db.read(runs.seriesRuns(series));
  }

  listSeries() {
    return this.#db.read(runs.listSeries());
  }

  baselineRun() {
    return this.#db.read(runs.baselineRun());
  }

  loadScoringRun(runId: string) {
    return this.#db.read(rollouts.loadScoringRun(runId));
  }

  rolloutCount(runId: string) {
    return this.#db.read(rollouts.rolloutCount(runId));
  }

  runVersion(runId: string) {
    return this.#db.read(runs.runVersion(runId));
  }

  getTask(runId: string, key: string) {
    return this.#db.read(rollouts.getTask(runId, key));
  }

  getTasks(runId: string, keys: readonly string[], options?: { sharedChecks?: SharedChecks }) {
    return this.#db.read(rollouts.getTasks(runId, keys, options?.sharedChecks?.byText));
  }

  getRollout(runId: string, rolloutId: string) {
    return this.#db.read(rollouts.getRollout(runId, rolloutId));
  }

  getRolloutHead(runId: string, rolloutId: string, options: { textHead: number }) {
    return this.#db.read(rollouts.getRolloutHead(runId, rolloutId, options.textHead));
  }

  getTaskHead(runId: string, key: string) {
    return this.#db.read(rollouts.getTaskHead(runId, key));
  }

  getChecks(runId: string, picks: readonly CheckPick[], bounds: CheckBounds) {
    return this.#db.read(rollouts.getChecks(runId, picks, bounds));
  }

  getCheckRefs(runId: string, rolloutId: string) {
    return this.#db.read(rollouts.getCheckRefs(runId, rolloutId));
  }

  getRolloutText(runId: string, rolloutId: string, ref: RolloutTextRef) {
    return this.#db.read(rollouts.getRolloutText(runId, rolloutId, ref));
  }

  taskKeyOfRowId(runId: string, rowId: string) {
    return this.#db.read(rollouts.taskKeyOfRowId(runId, rowId));
  }

  rolloutIdOfRowId(runId: string, rowId: string) {
    return this.#db.read(rollouts.rolloutIdOfRowId(runId, rowId));
  }

  sharedRollouts(runId: string): Promise<SharedRollouts[]> {
    return this.#db.read(rollouts.rolloutOverlap(runId));
  }

  async storeMarker(): Promise<string> {
    return JSON.stringify(await this.#db.read(first(sql`${raw(STORE_MARKER_SQL)}`)));
  }

  runNames(runIds: readonly string[]) {
    return this.#db.read(rollouts.runNames(runIds));
  }

  getRawFile(sha256: string) {
    return this.#db.read(getRawFile(sha256));
  }

  getRawFilePieces(sha256: string) {
    return this.#db.read(getRawFilePieces(sha256));
  }

  getRawFilePiece(sha256: string, n: number) {
    return this.#db.read(getRawFilePiece(sha256, n));
  }

  getTraceIndex(sha256: string, part = "") {
    return this.#db.read(traceIndex.getTraceIndex(sha256, part, this.#indexSlices()));
  }

  findTraceIndex(sha256s: readonly string[], part = "") {
    return this.#db.read(traceIndex.findTraceIndex(sha256s, part, this.#indexSlices()));
  }

  getTraceRefs(sha256: string, part = "") {
    return this.#db.read(traceIndex.getTraceRefs(sha256, part));
  }

  getTraceChunks(sha256: string, from: number, to: number, part = "") {
    return this.#db.read(traceIndex.getTraceChunks(sha256, part, from, to));
  }

  putTraceIndex(sha256: string, index: TraceIndexToStore, part = "") {
    return this.#db.write(traceIndex.putTraceIndex(sha256, part, index));
  }

  getRunExport(runId: string) {
    return this.#db.read(rollouts.getRunExport(runId));
  }

  upsertRun(
    key: string,
    run: NormalizedRun,
    options: { baseline?: boolean; tags?: readonly string[]; series?: string | null },
  ) {
    return this.#db.write(runs.upsertRun(key, run, options));
  }

  storeRollouts(runId: string, items: readonly RolloutToStore[], files: ReadonlyMap<string, InputFile>) {
    return this.#db.write(storeRollouts(runId, items, files, this.#rawPartBytes));
  }

  storeRejectedFiles(refused: readonly { file: InputFile; error: string }[]) {
    return this.#db.write(storeRejectedFiles(refused, this.#rawPartBytes));
  }

  updateSummaries(runId: string, report: Report) {
    return this.#db.write(updateSummaries(runId, report));
  }

  readRunEncoding(runId: string, options: { bytes: boolean }) {
    return this.#db.read(readRunEncoding(runId, options));
  }

  writeRunEncoding(runId: string, encoding: StoredEncoding) {
    return this.#db.write(writeRunEncoding(runId, encoding));
  }

  setBaseline(runId: string, baseline = true) {
    return this.#db.write(runs.setBaseline(runId, baseline));
  }

  renameRun(runId: string, name: string) {
    return this.#db.write(runs.renameRun(runId, name));
  }

  setRunSeries(runId: string, series: string | null) {
    return this.#db.write(runs.setRunSeries(runId, series));
  }

  setRunTags(runId: string, tags: readonly string[]) {
    return this.#db.write(runs.setLabels(runId, (current) => ({ ...current, tags: [...tags] })));
  }

  setRunLive(runId: string, until: Date | null) {
    const liveUntil = until?.toISOString() ?? null;
    return this.#db.write(runs.setLabels(runId, (current) => ({ ...current, liveUntil })));
  }

  deleteRun(runId: string) {
    return this.#db.write(runs.deleteRun(runId));
  }

  listReviews(runId: string) {
    return this.#db.read(reviews.listReviews(runId));
  }

  addReviews(runId: string, list: readonly Review[]) {
    return this.#db.write(reviews.addReviews(runId, list));
  }

  checksWithMetadataKey(runId: string, key: string) {
    return this.#db.read(reviews.checksWithMetadataKey(runId, key));
  }

  listScenarios() {
    return this.#db.read(scenarios.listScenarios());
  }

  getScenario(name: string) {
    return this.#db.read(scenarios.getScenario(name));
  }

  declaredScenario() {
    return this.#db.read(scenarios.declaredScenario());
  }

  createScenario(input: { name: string; description: string; scenario: Scenario }) {
    return this.#db.write(scenarios.createScenario(input));
  }

  updateScenario(name: string, changes: ScenarioChanges) {
    return this.#db.write(scenarios.updateScenario(name, changes));
  }

  deleteScenario(name: string) {
    return this.#db.write(scenarios.deleteScenario(name));
  }

  unindexedTraces(runId: string, limit: number) {
    return this.#db.read(traceSearch.unindexedTraces(runId, limit));
  }

  writeTraceSteps(runId: string, entries: readonly TraceStepsEntry[]) {
    return this.#db.write(traceSearch.writeTraceSteps(runId, entries));
  }

  appendTraceSteps(runId: string, rolloutId: string, steps: readonly SearchStep[]) {
    return this.#db.write(traceSearch.appendTraceSteps(runId, rolloutId, steps));
  }

  traceSearchState(runId: string) {
    return this.#db.read(traceSearch.traceSearchState(runId));
  }

  searchStepText(runId: string, query: StepTextQuery) {
    return this.#db.read(traceSearch.searchStepText(runId, query));
  }

  scanSteps(runId: string, filter: StepFilter, after: number, limit: number) {
    return this.#db.read(traceSearch.scanSteps(runId, filter, after, limit));
  }

  rolloutsMatching(runId: string, query: Pick<StepTextQuery, "mode" | "words">, limit: number) {
    return this.#db.read(traceSearch.rolloutsMatching(runId, query, limit));
  }

  traceTools(runId: string) {
    return this.#db.read(traceSearch.traceTools(runId));
  }

  bulkWrites<T>(work: () => Promise<T>): Promise<T> {
    return this.#db.bulkWrites(work);
  }

  close() {
    return this.#db.close();
  }
}
