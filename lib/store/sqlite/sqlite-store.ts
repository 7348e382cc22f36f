import { rolloutRowId, runRowId, taskRowId } from "@/lib/db/ids";
import type { CheckModel, RolloutModel, RunModel, ScenarioModel, TaskModel } from "@/lib/db/generated/sqlite/models";
import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile, NormalizedRun } from "@/lib/formats/types";
import type { ScoringRollout, ScoringRun } from "@/lib/scoring/core/types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { MEASURE_KEYS, measuresOf } from "@/lib/scoring/core/measures";
import { measureRow } from "@/lib/scoring/report/effort";
import type { Report } from "@/lib/scoring/report/report-types";
import { movedCandidates, sourcesBySha, unmatchedSources } from "../moved-sources";
import { batchRowIds, planBatch, type ExistingRollout } from "../plan-batch";
import { mergeTags } from "@/lib/run-tags";
import { labelsValue, readLabels, type RunLabels } from "@/lib/run-labels";
import { checkHeadSelect, checkRefsSelect, rolloutHeadSelect, textColumn } from "../head-sql";
import {
  runSummaryOf,
  type CheckBounds,
  type CheckHead,
  type CheckPick,
  type CheckRefs,
  type RolloutHead,
  type RolloutTextRef,
  type TaskHead,
  type RawFileBytes,
  type RolloutDetail,
  type RunExport,
  type RunVersion,
  type SavedScenario,
  type ScenarioChanges,
  type ScenarioWrite,
  type TaskRollouts,
  type SharedRollouts,
} from "../records";
import {
  CHECK,
  RAW_FILE,
  REJECTED_FILE,
  ROLLOUT,
  RUN,
  RUN_ENCODING,
  RUN_FILE,
  SCENARIO,
  TASK,
  rawFileRow,
  runRow,
} from "../rows";
import type { StoredEncoding } from "../run-encoding";
import { OverlapCache, STORE_MARKER_SQL } from "../overlap-cache";
import { RunCache } from "../run-cache";
import { ROLLOUT_OVERLAP_SQL } from "../rollout-overlap-sql";
import {
  CHECK_FIELDS,
  ROLLOUT_COLUMNS,
  RUN_SELECT,
  TASK_SELECT,
  scoringRunHead,
  taskKeysOf,
  toScoringCheck,
  toScoringRollout,
  type RawRow,
} from "../scoring-columns";
import type { RolloutToStore, Store, StoreOutcome } from "../store";
import {
  toCheckHead,
  toRolloutDetail,
  toRolloutHead,
  toRunListItem,
  toRunMeta,
  toSavedScenario,
  toTaskRecord,
  type CheckHeadColumns,
  type RolloutHeadColumns,
  type RunListColumns,
} from "../to-records";
import { decodeRow, encode, insertRows, openConnection, Statements, type Connection } from "./connection";

/*
 * The SQLite store. Contract: every read and write of a SQLite deployment goes through this store's ONE
 * better-sqlite3 connection per process; Prisma is not used on SQLite at run time (lib/db/migrate.ts applies
 * the committed migrations on a connection of its own before the store opens; tests may read through Prisma). better-sqlite3 is synchronous: a write transaction runs from BEGIN
 * IMMEDIATE to COMMIT without yielding, so within the process nothing interleaves with it and nothing waits on
 * a lock held by an await. Other processes (a CLI ingest next to the server) are serialised by SQLite's write
 * lock: a writer waits up to the busy timeout, and WAL lets readers go on meanwhile.
 */

/** Rollouts per read of loadScoringRun, between which other requests are served (~0.1 s of work each). */
const LOAD_PAGE = 1000;
const RUN_LIST_COLUMNS = `"id", "name", "agent", "model", "format", "createdAt", "ingestedAt", "baseline", "labels", "summary"`;

export class SqliteStore implements Store {
  readonly provider = "sqlite";
  readonly #connection: Connection;
  readonly #sql: Statements;
  readonly #cache = new RunCache(this);
  /** Overlapping bulk writes, and the automatic-checkpoint setting to restore after the last. */
  #bulk = { depth: 0, saved: 0 };

  constructor(file: string) {
    this.#connection = openConnection(file);
    this.#sql = new Statements(this.#connection);
  }

  #write<T>(work: () => T): T {
    return this.#connection.transaction(work).immediate();
  }

  async listRuns() {
    const rows = this.#sql
      .get(`SELECT ${RUN_LIST_COLUMNS} FROM "Run" ORDER BY "ingestedAt" DESC, "name" ASC`)
      .all() as RawRow[];
    return rows.map((r) => toRunListItem(decodeRow<RunListColumns>(RUN, r)));
  }

  async countRuns() {
    return (this.#sql.get(`SELECT count(*) AS "n" FROM "Run"`).get() as { n: number }).n;
  }

  async getRun(runId: string) {
    const raw = this.#sql.get(`SELECT * FROM "Run" WHERE "id" = ?`).get(runId) as RawRow | undefined;
    return raw ? toRunMeta(decodeRow<RunModel>(RUN, raw)) : null;
  }

  async getRunBrief(runId: string) {
    const raw = this.#sql.get(`SELECT "id", "name", "baseline" FROM "Run" WHERE "id" = ?`).get(runId) as
      RawRow | undefined;
    return raw ? decodeRow<{ id: string; name: string; baseline: boolean }>(RUN, raw) : null;
  }

  async baselineRun() {
    const raw = this.#sql.get(`SELECT "id", "name", "baseline" FROM "Run" WHERE "baseline" = 1 LIMIT 1`).get() as
      RawRow | undefined;
    return raw ? decodeRow<{ id: string; name: string; baseline: boolean }>(RUN, raw) : null;
  }

  /**
   * The hot read of the app (a run of 10,000 rollouts has 120,000 checks): only the columns scoring needs,
   * and each rollout's checks as one JSON array built by SQLite rather than 120,000 rows of values made one
   * by one in JavaScript. Read LOAD_PAGE rollouts at a time, by rollout id, giving the event loop back before
   * each read: SQLite reads are synchronous, and a run of 100,000 rollouts read at once held every other request
   * (the page's own stylesheets included) for seconds. Rollouts stored meanwhile may or may not be in the
   * result; the run cache keys what it holds to the rollouts read, so the next request reads again.
   */
  async loadScoringRun(runId: string): Promise<ScoringRun | null> {
    const run = this.#sql.get(`${RUN_SELECT}?`).get(runId) as RawRow | undefined;
    if (!run) return null;
    const tasks = this.#sql.get(`${TASK_SELECT}? ORDER BY "key" ASC`).all(runId) as RawRow[];
    const taskKey = taskKeysOf(tasks);
    const checksOf = (r: RawRow) => (JSON.parse(r.checks as string) as unknown[][]).map(toScoringCheck);
    const page = this.#sql.get(
      `SELECT ${ROLLOUT_COLUMNS}, (SELECT json_group_array(json_array(${CHECK_FIELDS.map((f) => `c."${f}"`).join(", ")}) ORDER BY c."order") ` +
        `FROM "Check" c WHERE c."rolloutRef" = r."id") AS "checks" FROM "Rollout" r ` +
        `WHERE r."runId" = ? AND r."rolloutId" > ? ORDER BY r."rolloutId" ASC LIMIT ${LOAD_PAGE}`,
    );
    const rollouts: ScoringRollout[] = [];
    for (let after = ""; ;) {
      // Before each read, the first too: a page streaming a skeleton sends it before the run is read.
      await new Promise((resolve) => setImmediate(resolve));
      const rows = page.all(runId, after) as RawRow[];
      for (const r of rows) rollouts.push(toScoringRollout(r, taskKey, checksOf));
      if (rows.length < LOAD_PAGE) break;
      after = rows.at(-1)!.rolloutId as string;
    }
    return { ...scoringRunHead(run, tasks), rollouts };
  }

  async rolloutCount(runId: string) {
    return (this.#sql.get(`SELECT count(*) AS "n" FROM "Rollout" WHERE "runId" = ?`).get(runId) as { n: number }).n;
  }

  readonly #shared = new OverlapCache({
    marker: async () => JSON.stringify(this.#sql.get(STORE_MARKER_SQL).get()),
    overlap: async (runId) => this.#sql.get(ROLLOUT_OVERLAP_SQL("?")).all(runId) as SharedRollouts[],
    names: async (ids) => {
      const rows = this.#sql
        .get(`SELECT "id", "name" FROM "Run" WHERE "id" IN (SELECT "value" FROM json_each(?))`)
        .all(JSON.stringify(ids)) as { id: string; name: string }[];
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  });

  sharedRollouts(runId: string): Promise<SharedRollouts[]> {
    return this.#shared.get(runId);
  }

  async runVersion(runId: string): Promise<RunVersion | null> {
    const raw = this.#sql
      .get(
        `SELECT r."ingestedAt", r."name", (SELECT count(*) FROM "Rollout" o WHERE o."runId" = r."id") AS "rollouts" ` +
          `FROM "Run" r WHERE r."id" = ?`,
      )
      .get(runId) as RawRow | undefined;
    if (!raw) return null;
    const row = decodeRow<{ ingestedAt: Date; name: string; rollouts: number }>(RUN, raw);
    return { ingestedAt: row.ingestedAt.toISOString(), name: row.name, rollouts: row.rollouts };
  }

  /** Rollout rows with their task keys and checks (in check order). */
  #details(rows: readonly RawRow[], checks: readonly RawRow[]): RolloutDetail[] {
    const byRollout = new Map<string, CheckModel[]>();
    for (const raw of checks) {
      const check = decodeRow<CheckModel>(CHECK, raw);
      let list = byRollout.get(check.rolloutRef);
      if (!list) byRollout.set(check.rolloutRef, (list = []));
      list.push(check);
    }
    return rows.map((raw) => {
      const { taskKey, ...rollout } = raw;
      const row = decodeRow<RolloutModel>(ROLLOUT, rollout);
      return toRolloutDetail(row, taskKey as string, byRollout.get(row.id) ?? []);
    });
  }

  async getTask(runId: string, key: string): Promise<TaskRollouts | null> {
    const taskRef = taskRowId(runId, key);
    const task = this.#sql.get(`SELECT * FROM "Task" WHERE "id" = ? AND "runId" = ?`).get(taskRef, runId) as
      RawRow | undefined;
    if (!task) return null;
    const record = toTaskRecord(decodeRow<TaskModel>(TASK, task));
    const rows = this.#sql
      .get(`SELECT r.*, ? AS "taskKey" FROM "Rollout" r WHERE r."taskRef" = ? ORDER BY r."rolloutId" ASC`)
      .all(record.key, taskRef) as RawRow[];
    const checks = this.#sql
      .get(
        `SELECT c.* FROM "Check" c JOIN "Rollout" r ON r."id" = c."rolloutRef" WHERE r."taskRef" = ? ORDER BY c."rolloutRef", c."order"`,
      )
      .all(taskRef) as RawRow[];
    return { task: record, rollouts: this.#details(rows, checks) };
  }

  async getRollout(runId: string, rolloutId: string): Promise<RolloutDetail | null> {
    const rowId = rolloutRowId(runId, rolloutId);
    const row = this.#sql
      .get(
        `SELECT r.*, t."key" AS "taskKey" FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef" WHERE r."id" = ? AND r."runId" = ?`,
      )
      .get(rowId, runId) as RawRow | undefined;
    if (!row) return null;
    const checks = this.#sql
      .get(`SELECT * FROM "Check" WHERE "rolloutRef" = ? ORDER BY "order"`)
      .all(rowId) as RawRow[];
    return this.#details([row], checks)[0]!;
  }

  /** Rollout rows read as heads (head-sql.ts): the bound of each of the three texts, then the WHERE clause's. */
  #heads(where: string, textHead: number, ...params: unknown[]): RolloutHead[] {
    const rows = this.#sql
      .get(
        `SELECT ${rolloutHeadSelect("sqlite", "?")} FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef" WHERE ${where}`,
      )
      .all(textHead, textHead, textHead, ...params) as RawRow[];
    return rows.map((raw) => {
      const { taskKey, ...rollout } = raw;
      const row = decodeRow<Omit<RolloutModel, "agentOutput" | "error" | "metadata"> & RolloutHeadColumns>(
        ROLLOUT,
        rollout,
      );
      return toRolloutHead(row, taskKey as string);
    });
  }

  async getRolloutHead(runId: string, rolloutId: string, options: { textHead: number }) {
    return (
      this.#heads(`r."id" = ? AND r."runId" = ?`, options.textHead, rolloutRowId(runId, rolloutId), runId)[0] ?? null
    );
  }

  async getTaskHead(runId: string, key: string): Promise<TaskHead | null> {
    const taskRef = taskRowId(runId, key);
    const task = this.#sql.get(`SELECT * FROM "Task" WHERE "id" = ? AND "runId" = ?`).get(taskRef, runId) as
      RawRow | undefined;
    if (!task) return null;
    const rollouts = this.#heads(`r."taskRef" = ? ORDER BY r."rolloutId" ASC`, 0, taskRef);
    return { task: toTaskRecord(decodeRow<TaskModel>(TASK, task)), rollouts };
  }

  async getChecks(runId: string, picks: readonly CheckPick[], bounds: CheckBounds): Promise<CheckHead[][]> {
    const statement = this.#sql.get(
      `SELECT ${checkHeadSelect("sqlite", { key: "?", label: "?", text: "?" })} FROM "Check" c ` +
        `WHERE c."rolloutRef" = ? AND c."order" IN (SELECT "value" FROM json_each(?)) ORDER BY c."order"`,
    );
    return picks.map((pick) => {
      if (pick.orders.length === 0) return [];
      const rows = statement.all(
        bounds.key,
        bounds.label,
        bounds.text,
        bounds.text,
        bounds.text,
        rolloutRowId(runId, pick.rolloutId),
        JSON.stringify(pick.orders),
      ) as CheckHeadColumns[];
      return rows.map(toCheckHead);
    });
  }

  async getCheckRefs(runId: string, rolloutId: string): Promise<CheckRefs[]> {
    const rows = this.#sql.get(checkRefsSelect("sqlite")).all(rolloutRowId(runId, rolloutId)) as {
      order: number;
      key: string;
      refs: string;
    }[];
    return rows.map((r) => ({ order: r.order, key: r.key, refs: JSON.parse(r.refs) as string[] }));
  }

  async getRolloutText(runId: string, rolloutId: string, ref: RolloutTextRef) {
    const { table, column } = textColumn("sqlite", ref);
    const rowId = rolloutRowId(runId, rolloutId);
    const row = (
      table === "Rollout"
        ? this.#sql.get(`SELECT ${column} AS "text" FROM "Rollout" WHERE "id" = ? AND "runId" = ?`).get(rowId, runId)
        : this.#sql
            .get(`SELECT ${column} AS "text" FROM "Check" WHERE "rolloutRef" = ? AND "order" = ?`)
            .get(rowId, "check" in ref ? ref.check : -1)
    ) as { text: string | null } | undefined;
    return row ? { text: row.text } : ("missing" as const);
  }

  async taskKeyOfRowId(runId: string, rowId: string): Promise<string | null> {
    const row = this.#sql.get(`SELECT "key" FROM "Task" WHERE "id" = ? AND "runId" = ?`).get(rowId, runId) as
      { key: string } | undefined;
    return row?.key ?? null;
  }

  async rolloutIdOfRowId(runId: string, rowId: string): Promise<string | null> {
    const row = this.#sql.get(`SELECT "rolloutId" FROM "Rollout" WHERE "id" = ? AND "runId" = ?`).get(rowId, runId) as
      { rolloutId: string } | undefined;
    return row?.rolloutId ?? null;
  }

  async getRawFile(sha256: string): Promise<RawFileBytes | null> {
    const raw = this.#sql.get(`SELECT "bytes", "size" FROM "RawFile" WHERE "sha256" = ?`).get(sha256) as
      RawRow | undefined;
    return raw ? decodeRow<RawFileBytes>(RAW_FILE, raw) : null;
  }

  async getRunExport(runId: string): Promise<RunExport | null> {
    const run = this.#sql.get(`SELECT "name" FROM "Run" WHERE "id" = ?`).get(runId) as { name: string } | undefined;
    if (!run) return null;
    const rollouts = this.#sql
      .get(
        `SELECT r."id", r."rolloutId", r."status", r."passed", r."reward", r."errorCategory", r."error", ` +
          `${MEASURE_KEYS.map((k) => `r."${k}"`).join(", ")}, t."key" AS "taskKey", t."group" ` +
          `FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef" WHERE r."runId" = ? ORDER BY t."key" ASC, r."rolloutId" ASC`,
      )
      .all(runId) as RawRow[];
    const checks = this.#sql
      .get(
        `SELECT c."rolloutRef", c."key", c."label", c."required", c."dimension", c."status", c."passed", c."score", c."detail", c."failureTag" ` +
          `FROM "Check" c JOIN "Rollout" r ON r."id" = c."rolloutRef" WHERE r."runId" = ? ORDER BY c."rolloutRef", c."order"`,
      )
      .all(runId) as RawRow[];
    const byRollout = new Map<string, RunExport["rollouts"][number]["checks"]>();
    for (const raw of checks) {
      const { rolloutRef, ...check } = decodeRow<CheckModel>(CHECK, raw);
      let list = byRollout.get(rolloutRef);
      if (!list) byRollout.set(rolloutRef, (list = []));
      list.push(check);
    }
    return {
      name: run.name,
      rollouts: rollouts.map((raw) => {
        const r = decodeRow<RolloutModel & { taskKey: string; group: string | null }>(ROLLOUT, raw);
        return {
          taskKey: r.taskKey,
          group: r.group,
          rolloutId: r.rolloutId,
          status: r.status,
          passed: r.passed,
          reward: r.reward,
          errorCategory: r.errorCategory,
          error: r.error,
          measures: measureRow(measuresOf(r)),
          checks: byRollout.get(r.id) ?? [],
        };
      }),
    };
  }

  async upsertRun(key: string, run: NormalizedRun, options: { baseline?: boolean; tags?: readonly string[] }) {
    const id = runRowId(key);
    const tags = options.tags ?? [];
    return this.#write(() => {
      const found = this.#sql.get(`SELECT "labels" FROM "Run" WHERE "id" = ?`).get(id) as RawRow | undefined;
      if (!found) insertRows(this.#sql, RUN, [runRow(id, key, run, new Date(), tags)]);
      else if (tags.length > 0) this.#setLabels(id, (current) => ({ ...current, tags: mergeTags(current.tags, tags) }));
      if (options.baseline) this.#baseline(id, true);
      return { id, created: !found };
    });
  }

  /** Rewrites a run's labels from their current value; call inside a write transaction. */
  #setLabels(runId: string, change: (current: RunLabels) => RunLabels): boolean {
    const found = this.#sql.get(`SELECT "labels" FROM "Run" WHERE "id" = ?`).get(runId) as RawRow | undefined;
    if (!found) return false;
    const next = labelsValue(change(readLabels(decodeRow<{ labels: unknown }>(RUN, found).labels)));
    return (
      this.#sql.get(`UPDATE "Run" SET "labels" = ? WHERE "id" = ?`).run(encode(next, RUN.columns.labels), runId)
        .changes > 0
    );
  }

  async renameRun(runId: string, name: string) {
    return this.#write(() => this.#sql.get(`UPDATE "Run" SET "name" = ? WHERE "id" = ?`).run(name, runId).changes > 0);
  }

  async setRunTags(runId: string, tags: readonly string[]) {
    return this.#write(() => this.#setLabels(runId, (current) => ({ ...current, tags: [...tags] })));
  }

  async setRunLive(runId: string, until: Date | null) {
    const liveUntil = until?.toISOString() ?? null;
    return this.#write(() => this.#setLabels(runId, (current) => ({ ...current, liveUntil })));
  }

  async deleteRun(runId: string) {
    return this.#write(() => {
      if (this.#sql.get(`SELECT 1 FROM "Run" WHERE "id" = ?`).get(runId) === undefined) return false;
      const files = this.#sql.arrays(`SELECT DISTINCT "sha256" FROM "RunFile" WHERE "runId" = ?`).all(runId) as [
        string,
      ][];
      const run = (sql: string) => this.#sql.get(sql).run(runId);
      run(`DELETE FROM "Check" WHERE "rolloutRef" IN (SELECT "id" FROM "Rollout" WHERE "runId" = ?)`);
      run(`DELETE FROM "Rollout" WHERE "runId" = ?`);
      run(`DELETE FROM "Task" WHERE "runId" = ?`);
      run(`DELETE FROM "RunFile" WHERE "runId" = ?`);
      run(`DELETE FROM "RunEncoding" WHERE "runId" = ?`);
      run(`DELETE FROM "Run" WHERE "id" = ?`);
      const drop = this.#sql.get(
        `DELETE FROM "RawFile" WHERE "sha256" = @sha256 AND NOT EXISTS (SELECT 1 FROM "RunFile" WHERE "sha256" = @sha256) ` +
          `AND NOT EXISTS (SELECT 1 FROM "RejectedFile" WHERE "sha256" = @sha256)`,
      );
      for (const [sha256] of files) drop.run({ sha256 });
      return true;
    });
  }

  async storeRollouts(
    runId: string,
    items: readonly RolloutToStore[],
    files: ReadonlyMap<string, InputFile>,
  ): Promise<StoreOutcome[]> {
    const ids = batchRowIds(runId, items);
    return this.#write(() => {
      const lookup = this.#sql.get(`SELECT "sourceSha256", "sourcePath" FROM "Rollout" WHERE "id" = ?`);
      const existing = new Map<string, ExistingRollout>();
      for (const id of ids) {
        const found = lookup.get(id) as ExistingRollout | undefined;
        if (found) existing.set(id, found);
      }
      const { outcomes, rows } = planBatch(
        runId,
        items,
        ids,
        existing,
        files,
        this.#movedSources(runId, items, ids, existing),
      );
      insertRows(this.#sql, RAW_FILE, rows.rawFiles, { ignoreConflicts: true });
      insertRows(this.#sql, RUN_FILE, rows.runFiles, { ignoreConflicts: true });
      insertRows(this.#sql, TASK, rows.tasks, { ignoreConflicts: true });
      insertRows(this.#sql, ROLLOUT, rows.rollouts);
      insertRows(this.#sql, CHECK, rows.checks);
      return outcomes;
    });
  }

  /** Source paths of the run's rollouts read from bytes the batch has at a moved path (moved-sources.ts). */
  #movedSources(
    runId: string,
    items: readonly RolloutToStore[],
    ids: readonly string[],
    existing: ReadonlyMap<string, ExistingRollout>,
  ): Map<string, string[]> {
    // One statement whatever the batch: the hashes go as one JSON array.
    const inRun = (table: string, columns: string, sha: string, shas: readonly string[]) =>
      this.#sql
        .get(`SELECT ${columns} FROM "${table}" WHERE "runId" = ? AND "${sha}" IN (SELECT "value" FROM json_each(?))`)
        .all(runId, JSON.stringify(shas));
    const unmatched = unmatchedSources(items, ids, existing);
    if (unmatched.length === 0) return new Map();
    const runFiles = inRun("RunFile", `"path", "sha256"`, "sha256", unmatched) as { path: string; sha256: string }[];
    const candidates = movedCandidates(items, unmatched, runFiles);
    if (candidates.length === 0) return new Map();
    const stored = inRun("Rollout", `"sourceSha256", "sourcePath"`, "sourceSha256", candidates) as ExistingRollout[];
    return sourcesBySha(stored);
  }

  async storeRejectedFiles(refused: readonly { file: InputFile; error: string }[]) {
    if (refused.length === 0) return;
    const now = new Date();
    const rows = refused.map(({ file, error }) => ({ sha256: sha256Hex(file.bytes), file, error }));
    this.#write(() => {
      insertRows(
        this.#sql,
        RAW_FILE,
        rows.map(({ sha256, file }) => rawFileRow(sha256, file.bytes, now)),
        { ignoreConflicts: true },
      );
      const upsert = this.#sql.get(
        `INSERT INTO "RejectedFile" ("sha256", "path", "error", "createdAt") VALUES (@sha256, @path, @error, @createdAt) ` +
          `ON CONFLICT ("sha256", "path") DO UPDATE SET "error" = excluded."error"`,
      );
      for (const { sha256, file, error } of rows)
        upsert.run({ sha256, path: file.path, error, createdAt: encode(now, REJECTED_FILE.columns.createdAt) });
    });
  }

  async updateSummaries(runId: string, report: Report) {
    this.#write(() => {
      this.#sql
        .get(`UPDATE "Run" SET "summary" = ? WHERE "id" = ?`)
        .run(encode(runSummaryOf(report), RUN.columns.summary), runId);
      const task = this.#sql.get(`UPDATE "Task" SET "summary" = ? WHERE "id" = ?`);
      for (const t of report.tasks) task.run(encode(t, TASK.columns.summary), taskRowId(runId, t.key));
    });
  }

  async readRunEncoding(runId: string, { bytes }: { bytes: boolean }): Promise<StoredEncoding | null> {
    const raw = this.#sql
      .get(
        `SELECT "ingestedAt", "rollouts", "name", "layout", ${bytes ? `"bytes"` : `X'' AS "bytes"`}, "screenLayout", "firstScreen" ` +
          `FROM "RunEncoding" WHERE "runId" = ?`,
      )
      .get(runId) as RawRow | undefined;
    return raw ? decodeRow<StoredEncoding>(RUN_ENCODING, raw) : null;
  }

  async writeRunEncoding(runId: string, encoding: StoredEncoding) {
    this.#write(() => {
      this.#sql.get(`DELETE FROM "RunEncoding" WHERE "runId" = ?`).run(runId);
      insertRows(this.#sql, RUN_ENCODING, [{ runId, ...encoding }]);
    });
  }

  #baseline(runId: string, baseline: boolean): void {
    if (this.#sql.get(`SELECT 1 FROM "Run" WHERE "id" = ?`).get(runId) === undefined) return;
    if (baseline) this.#sql.get(`UPDATE "Run" SET "baseline" = 0 WHERE "baseline" = 1 AND "id" <> ?`).run(runId);
    this.#sql.get(`UPDATE "Run" SET "baseline" = ? WHERE "id" = ?`).run(baseline ? 1 : 0, runId);
  }

  async setBaseline(runId: string, baseline = true) {
    this.#write(() => this.#baseline(runId, baseline));
  }

  #scenarios(where: string, ...values: unknown[]): SavedScenario[] {
    const rows = this.#sql.get(`SELECT * FROM "Scenario" ${where}`).all(...values) as RawRow[];
    return rows.map((raw) => toSavedScenario(decodeRow<ScenarioModel>(SCENARIO, raw)));
  }

  #scenario(name: string): SavedScenario | null {
    return this.#scenarios(`WHERE "name" = ?`, name)[0] ?? null;
  }

  async listScenarios() {
    return this.#scenarios(`ORDER BY "name" ASC`);
  }

  async getScenario(name: string) {
    return this.#scenario(name);
  }

  async declaredScenario() {
    return this.#scenarios(`WHERE "declared" = 1 LIMIT 1`)[0] ?? null;
  }

  async createScenario(input: { name: string; description: string; scenario: Scenario }): Promise<ScenarioWrite> {
    return this.#write(() => {
      if (this.#scenario(input.name)) return { error: "taken" };
      const now = new Date();
      insertRows(this.#sql, SCENARIO, [{ ...input, declared: false, createdAt: now, updatedAt: now }]);
      return { saved: this.#scenario(input.name)! };
    });
  }

  async updateScenario(name: string, changes: ScenarioChanges): Promise<ScenarioWrite> {
    return this.#write(() => {
      const found = this.#scenario(name);
      if (!found) return { error: "missing" };
      const next = changes.name ?? name;
      if (next !== name && this.#scenario(next)) return { error: "taken" };
      const declared = changes.declared ?? found.declared;
      if (declared)
        this.#sql.get(`UPDATE "Scenario" SET "declared" = 0 WHERE "declared" = 1 AND "name" <> ?`).run(name);
      this.#sql
        .get(
          `UPDATE "Scenario" SET "name" = ?, "description" = ?, "scenario" = ?, "declared" = ?, "updatedAt" = ? WHERE "name" = ?`,
        )
        .run(
          next,
          changes.description ?? found.description,
          encode(changes.scenario ?? found.scenario, SCENARIO.columns.scenario),
          encode(declared, SCENARIO.columns.declared),
          encode(new Date(), SCENARIO.columns.updatedAt),
          name,
        );
      return { saved: this.#scenario(next)! };
    });
  }

  async deleteScenario(name: string) {
    return this.#write(() => this.#sql.get(`DELETE FROM "Scenario" WHERE "name" = ?`).run(name).changes > 0);
  }

  /**
   * Holds back SQLite's automatic WAL checkpoints during an ingest: by default SQLite copies the WAL into the
   * database file every ~4 MB written, with an fsync each time, a large share of a big ingest. One checkpoint
   * runs after the last of any overlapping bulk writes, and the usual setting comes back.
   */
  async bulkWrites<T>(work: () => Promise<T>): Promise<T> {
    const connection = this.#connection;
    if (this.#bulk.depth === 0) {
      this.#bulk.saved = Number(connection.pragma("wal_autocheckpoint", { simple: true }));
      connection.pragma("wal_autocheckpoint = 0");
    }
    this.#bulk.depth++;
    try {
      return await work();
    } finally {
      this.#bulk.depth--;
      if (this.#bulk.depth === 0 && connection.open) {
        connection.pragma(`wal_autocheckpoint = ${this.#bulk.saved}`);
        connection.pragma("wal_checkpoint(PASSIVE)");
      }
    }
  }

  snapshot(runId: string, options?: { cachedOnly?: boolean }) {
    return this.#cache.get(runId, options);
  }

  encoding(runId: string, options: { bytes: boolean }) {
    return this.#cache.encoding(runId, options);
  }

  warmRunCache(runIds: readonly string[]) {
    this.#cache.warm(runIds);
  }

  async close() {
    if (this.#connection.open) this.#connection.close();
  }
}
