import type pg from "pg";
import { createPostgresDb, type Db } from "@/lib/db/client";
import { rolloutRowId, runRowId, taskRowId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile, NormalizedRun } from "@/lib/formats/types";
import type { ScoringCheck, ScoringRun } from "@/lib/scoring/core/types";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { MEASURE_KEYS, measuresOf, type MeasureKey } from "@/lib/scoring/core/measures";
import { measureRow } from "@/lib/scoring/report/effort";
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
  type ScenarioChanges,
  type ScenarioWrite,
  type TaskRollouts,
  type SharedRollouts,
} from "../records";
import { CHECK, RAW_FILE, ROLLOUT, RUN, RUN_FILE, TASK, runRow } from "../rows";
import { RunCache } from "../run-cache";
import { ROLLOUT_OVERLAP_SQL } from "../rollout-overlap-sql";
import {
  CHECK_FIELDS,
  ROLLOUT_COLUMNS,
  RUN_SELECT,
  TASK_SELECT,
  toScoringCheck,
  toScoringRun,
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
} from "../to-records";
import type { RolloutModel } from "@/lib/db/generated/sqlite/models";
import type { StoredEncoding } from "../run-encoding";
import { OverlapCache, STORE_MARKER_SQL } from "../overlap-cache";
import { bulkInsert, insertByColumns } from "./bulk-insert";

/** Every measure column of a rollout, for a Prisma select. */
const MEASURE_SELECT = Object.fromEntries(MEASURE_KEYS.map((k) => [k, true])) as Record<MeasureKey, true>;

/*
 * The PostgreSQL store. Contract: every read and write goes through one pg pool per process, under one Prisma
 * client: the ORM for small reads and writes, raw statements with bound parameters for the bulk ones (the
 * whole-run read, the task summaries); a batch of rollouts is one transaction on a pool client of its own,
 * with one array-bound INSERT per table. Several app instances may share the database.
 */

/** Source paths of the run's rollouts read from bytes the batch has at a moved path (moved-sources.ts). */
async function movedSources(
  client: Pick<pg.ClientBase, "query">,
  runId: string,
  items: readonly RolloutToStore[],
  ids: readonly string[],
  existing: ReadonlyMap<string, ExistingRollout>,
): Promise<Map<string, string[]>> {
  const unmatched = unmatchedSources(items, ids, existing);
  if (unmatched.length === 0) return new Map();
  const runFiles = await client.query<{ path: string; sha256: string }>(
    `SELECT "path", "sha256" FROM "RunFile" WHERE "runId" = $1 AND "sha256" = ANY($2::text[])`,
    [runId, unmatched],
  );
  const candidates = movedCandidates(items, unmatched, runFiles.rows);
  if (candidates.length === 0) return new Map();
  const stored = await client.query<ExistingRollout>(
    `SELECT "sourceSha256", "sourcePath" FROM "Rollout" WHERE "runId" = $1 AND "sourceSha256" = ANY($2::text[])`,
    [runId, candidates],
  );
  return sourcesBySha(stored.rows);
}

/** Tasks per UPDATE statement (two parameters each, plus the ids again): well under every parameter limit. */
const TASKS_PER_STATEMENT = 500;

const withChecks = { task: { select: { key: true } }, checks: { orderBy: { order: "asc" as const } } };

export class PostgresStore implements Store {
  readonly provider = "postgres";
  readonly #db: Db;
  readonly #pool: pg.Pool;
  readonly #cache = new RunCache(this);

  constructor(url: string) {
    ({ db: this.#db, pool: this.#pool } = createPostgresDb(url));
  }

  /** Runs `work` in one transaction on a pool client of its own; rolls back when it throws. */
  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
      throw error;
    } finally {
      client.release(broken); // a client that cannot roll back is not reused
    }
  }

  async listRuns() {
    const runs = await this.#db.run.findMany({
      orderBy: [{ ingestedAt: "desc" }, { name: "asc" }],
      select: {
        id: true,
        name: true,
        agent: true,
        model: true,
        format: true,
        createdAt: true,
        ingestedAt: true,
        baseline: true,
        labels: true,
        summary: true,
      },
    });
    return runs.map(toRunListItem);
  }

  countRuns() {
    return this.#db.run.count();
  }

  async getRun(runId: string) {
    const run = await this.#db.run.findUnique({ where: { id: runId } });
    return run ? toRunMeta(run) : null;
  }

  getRunBrief(runId: string) {
    return this.#db.run.findUnique({ where: { id: runId }, select: { id: true, name: true, baseline: true } });
  }

  baselineRun() {
    return this.#db.run.findFirst({ where: { baseline: true }, select: { id: true, name: true, baseline: true } });
  }

  /**
   * The hot read of the app: plain SELECTs of only the columns scoring needs (Prisma's findMany spends most of
   * the time of a large run building result objects), the checks of all rollouts in one query.
   */
  async loadScoringRun(runId: string): Promise<ScoringRun | null> {
    const select = (sql: string) => this.#db.$queryRawUnsafe<RawRow[]>(sql, runId);
    const [run] = await select(`${RUN_SELECT}$1`);
    if (!run) return null;
    const [tasks, rollouts, checks] = await Promise.all([
      select(`${TASK_SELECT}$1 ORDER BY "key" ASC`),
      select(`SELECT ${ROLLOUT_COLUMNS} FROM "Rollout" r WHERE r."runId" = $1 ORDER BY r."rolloutId" ASC`),
      select(
        `SELECT c."rolloutRef", ${CHECK_FIELDS.map((f) => `c."${f}"`).join(", ")} FROM "Check" c ` +
          `WHERE c."rolloutRef" IN (SELECT r."id" FROM "Rollout" r WHERE r."runId" = $1) ORDER BY c."rolloutRef" ASC, c."order" ASC`,
      ),
    ]);
    const byRollout = new Map<string, ScoringCheck[]>();
    for (const row of checks) {
      const ref = row.rolloutRef as string;
      let list = byRollout.get(ref);
      if (!list) byRollout.set(ref, (list = []));
      list.push(toScoringCheck(CHECK_FIELDS.map((f) => row[f])));
    }
    return toScoringRun(run, tasks, rollouts, (r) => byRollout.get(r.id as string) ?? []);
  }

  rolloutCount(runId: string) {
    return this.#db.rollout.count({ where: { runId } });
  }

  readonly #shared = new OverlapCache({
    marker: async () => JSON.stringify(await this.#db.$queryRawUnsafe<unknown[]>(STORE_MARKER_SQL)),
    overlap: (runId) => this.#db.$queryRawUnsafe<SharedRollouts[]>(ROLLOUT_OVERLAP_SQL("$1"), runId),
    names: async (ids) => {
      const rows = await this.#db.run.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  });

  sharedRollouts(runId: string): Promise<SharedRollouts[]> {
    return this.#shared.get(runId);
  }

  async runVersion(runId: string): Promise<RunVersion | null> {
    const [row] = await this.#db.$queryRawUnsafe<{ ingestedAt: Date; name: string; rollouts: number }[]>(
      `SELECT r."ingestedAt", r."name", (SELECT count(*)::int FROM "Rollout" o WHERE o."runId" = r."id") AS "rollouts" ` +
        `FROM "Run" r WHERE r."id" = $1`,
      runId,
    );
    return row ? { ingestedAt: new Date(row.ingestedAt).toISOString(), name: row.name, rollouts: row.rollouts } : null;
  }

  async getTask(runId: string, key: string): Promise<TaskRollouts | null> {
    const task = await this.#db.task.findUnique({ where: { runId_key: { runId, key } } });
    if (!task) return null;
    const rows = await this.#db.rollout.findMany({
      where: { taskRef: task.id },
      include: withChecks,
      orderBy: { rolloutId: "asc" },
    });
    return { task: toTaskRecord(task), rollouts: rows.map((r) => toRolloutDetail(r, r.task.key, r.checks)) };
  }

  async getRollout(runId: string, rolloutId: string): Promise<RolloutDetail | null> {
    const row = await this.#db.rollout.findUnique({
      where: { runId_rolloutId: { runId, rolloutId } },
      include: withChecks,
    });
    return row ? toRolloutDetail(row, row.task.key, row.checks) : null;
  }

  /** Rollout rows read as heads (head-sql.ts): $1 is the texts' bound, the WHERE clause's parameters follow. */
  async #heads(where: string, textHead: number, ...params: unknown[]): Promise<RolloutHead[]> {
    const rows = await this.#db.$queryRawUnsafe<
      (Omit<RolloutModel, "agentOutput" | "error" | "metadata"> & RolloutHeadColumns & { taskKey: string })[]
    >(
      `SELECT ${rolloutHeadSelect("postgres", "$1")} FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef" WHERE ${where}`,
      textHead,
      ...params,
    );
    return rows.map(({ taskKey, ...row }) => toRolloutHead(row, taskKey));
  }

  async getRolloutHead(runId: string, rolloutId: string, options: { textHead: number }) {
    const [head] = await this.#heads(
      `r."id" = $2 AND r."runId" = $3`,
      options.textHead,
      rolloutRowId(runId, rolloutId),
      runId,
    );
    return head ?? null;
  }

  async getTaskHead(runId: string, key: string): Promise<TaskHead | null> {
    const task = await this.#db.task.findUnique({ where: { runId_key: { runId, key } } });
    if (!task) return null;
    const rollouts = await this.#heads(`r."taskRef" = $2 ORDER BY r."rolloutId" ASC`, 0, task.id);
    return { task: toTaskRecord(task), rollouts };
  }

  async getChecks(runId: string, picks: readonly CheckPick[], bounds: CheckBounds): Promise<CheckHead[][]> {
    const sql =
      `SELECT ${checkHeadSelect("postgres", { key: "$1", label: "$2", text: "$3" })} FROM "Check" c ` +
      `WHERE c."rolloutRef" = $4 AND c."order" = ANY($5::int[]) ORDER BY c."order"`;
    return Promise.all(
      picks.map(async (pick) => {
        if (pick.orders.length === 0) return [];
        const rows = await this.#db.$queryRawUnsafe<CheckHeadColumns[]>(
          sql,
          bounds.key,
          bounds.label,
          bounds.text,
          rolloutRowId(runId, pick.rolloutId),
          [...pick.orders],
        );
        return rows.map(toCheckHead);
      }),
    );
  }

  async getCheckRefs(runId: string, rolloutId: string): Promise<CheckRefs[]> {
    return this.#db.$queryRawUnsafe<CheckRefs[]>(checkRefsSelect("postgres"), rolloutRowId(runId, rolloutId));
  }

  async getRolloutText(runId: string, rolloutId: string, ref: RolloutTextRef) {
    const { table, column } = textColumn("postgres", ref);
    const rowId = rolloutRowId(runId, rolloutId);
    const [row] =
      table === "Rollout"
        ? await this.#db.$queryRawUnsafe<{ text: string | null }[]>(
            `SELECT ${column} AS "text" FROM "Rollout" WHERE "id" = $1 AND "runId" = $2`,
            rowId,
            runId,
          )
        : await this.#db.$queryRawUnsafe<{ text: string | null }[]>(
            `SELECT ${column} AS "text" FROM "Check" WHERE "rolloutRef" = $1 AND "order" = $2`,
            rowId,
            "check" in ref ? ref.check : -1,
          );
    return row ? { text: row.text } : ("missing" as const);
  }

  async taskKeyOfRowId(runId: string, rowId: string): Promise<string | null> {
    const task = await this.#db.task.findFirst({ where: { id: rowId, runId }, select: { key: true } });
    return task?.key ?? null;
  }

  async rolloutIdOfRowId(runId: string, rowId: string): Promise<string | null> {
    const rollout = await this.#db.rollout.findFirst({ where: { id: rowId, runId }, select: { rolloutId: true } });
    return rollout?.rolloutId ?? null;
  }

  async getRawFile(sha256: string): Promise<RawFileBytes | null> {
    const file = await this.#db.rawFile.findUnique({ where: { sha256 }, select: { bytes: true, size: true } });
    return file ? { bytes: new Uint8Array(file.bytes), size: file.size } : null;
  }

  async getRunExport(runId: string): Promise<RunExport | null> {
    const run = await this.#db.run.findUnique({ where: { id: runId }, select: { name: true } });
    if (!run) return null;
    const rows = await this.#db.rollout.findMany({
      where: { runId },
      select: {
        rolloutId: true,
        status: true,
        passed: true,
        reward: true,
        errorCategory: true,
        error: true,
        ...MEASURE_SELECT,
        task: { select: { key: true, group: true } },
        checks: {
          select: {
            key: true,
            label: true,
            required: true,
            dimension: true,
            status: true,
            passed: true,
            score: true,
            detail: true,
            failureTag: true,
          },
          orderBy: { order: "asc" },
        },
      },
      orderBy: [{ task: { key: "asc" } }, { rolloutId: "asc" }],
    });
    return {
      name: run.name,
      rollouts: rows.map((r) => ({
        taskKey: r.task.key,
        group: r.task.group,
        rolloutId: r.rolloutId,
        status: r.status,
        passed: r.passed,
        reward: r.reward,
        errorCategory: r.errorCategory,
        error: r.error,
        measures: measureRow(measuresOf(r)),
        checks: r.checks,
      })),
    };
  }

  async upsertRun(key: string, run: NormalizedRun, options: { baseline?: boolean; tags?: readonly string[] }) {
    const id = runRowId(key);
    const tags = options.tags ?? [];
    // Two ingests of one run may start together: the insert that lands creates it, the other finds it.
    const [inserted] = await this.#db.$transaction(
      bulkInsert(this.#db, RUN, [runRow(id, key, run, new Date(), tags)], { ignoreConflicts: true }),
    );
    if (inserted !== 1 && tags.length > 0)
      await this.#setLabels(id, (current) => ({ ...current, tags: mergeTags(current.tags, tags) }));
    if (options.baseline) await this.setBaseline(id);
    return { id, created: inserted === 1 };
  }

  async renameRun(runId: string, name: string) {
    return (await this.#db.run.updateMany({ where: { id: runId }, data: { name } })).count > 0;
  }

  /** Rewrites a run's labels from their current value, row-locked: two writers (an ingest adding tags, a
   * watcher's heartbeat, a user setting tags) each keep what the other wrote. */
  #setLabels(runId: string, change: (current: RunLabels) => RunLabels): Promise<boolean> {
    return this.#db.$transaction(async (tx) => {
      const [row] = await tx.$queryRawUnsafe<{ labels: unknown }[]>(
        `SELECT "labels" FROM "Run" WHERE "id" = $1 FOR UPDATE`,
        runId,
      );
      if (!row) return false;
      await tx.run.update({ where: { id: runId }, data: { labels: labelsValue(change(readLabels(row.labels))) } });
      return true;
    });
  }

  async setRunTags(runId: string, tags: readonly string[]) {
    return this.#setLabels(runId, (current) => ({ ...current, tags: [...tags] }));
  }

  async setRunLive(runId: string, until: Date | null) {
    const liveUntil = until?.toISOString() ?? null;
    return this.#setLabels(runId, (current) => ({ ...current, liveUntil }));
  }

  /**
   * One interactive transaction: the run's row is locked first, so an ingest into it (whose inserts reference
   * the row) waits for the delete and then fails on the missing run rather than leaving rollouts behind.
   */
  async deleteRun(runId: string) {
    return this.#db.$transaction(async (tx) => {
      const found = await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM "Run" WHERE "id" = $1 FOR UPDATE`, runId);
      if (found.length === 0) return false;
      const files = await tx.$queryRawUnsafe<{ sha256: string }[]>(
        `SELECT DISTINCT "sha256" FROM "RunFile" WHERE "runId" = $1`,
        runId,
      );
      const run = (sql: string) => tx.$executeRawUnsafe(sql, runId);
      await run(`DELETE FROM "Check" WHERE "rolloutRef" IN (SELECT "id" FROM "Rollout" WHERE "runId" = $1)`);
      await run(`DELETE FROM "Rollout" WHERE "runId" = $1`);
      await run(`DELETE FROM "Task" WHERE "runId" = $1`);
      await run(`DELETE FROM "RunFile" WHERE "runId" = $1`);
      await run(`DELETE FROM "RunEncoding" WHERE "runId" = $1`);
      await run(`DELETE FROM "Run" WHERE "id" = $1`);
      if (files.length > 0)
        await tx.$executeRawUnsafe(
          `DELETE FROM "RawFile" f WHERE f."sha256" = ANY($1::text[]) ` +
            `AND NOT EXISTS (SELECT 1 FROM "RunFile" o WHERE o."sha256" = f."sha256") ` +
            `AND NOT EXISTS (SELECT 1 FROM "RejectedFile" j WHERE j."sha256" = f."sha256")`,
          files.map((f) => f.sha256),
        );
      return true;
    });
  }

  /**
   * One transaction per batch, holding the run's advisory lock from the lookup to the commit: a concurrent
   * ingest of the same run (another process, another instance) waits, then finds these rollouts stored.
   */
  async storeRollouts(
    runId: string,
    items: readonly RolloutToStore[],
    files: ReadonlyMap<string, InputFile>,
  ): Promise<StoreOutcome[]> {
    const ids = batchRowIds(runId, items);
    return this.#transaction(async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [runId]);
      const found = await client.query<ExistingRollout & { id: string }>(
        `SELECT "id", "sourceSha256", "sourcePath" FROM "Rollout" WHERE "id" = ANY($1::text[])`,
        [ids],
      );
      const existing = new Map<string, ExistingRollout>(
        found.rows.map(({ id, sourceSha256, sourcePath }) => [id, { sourceSha256, sourcePath }]),
      );
      const moved = await movedSources(client, runId, items, ids, existing);
      const { outcomes, rows } = planBatch(runId, items, ids, existing, files, moved);
      await insertByColumns(client, RAW_FILE, rows.rawFiles, { ignoreConflicts: true });
      await insertByColumns(client, RUN_FILE, rows.runFiles, { ignoreConflicts: true });
      await insertByColumns(client, TASK, rows.tasks, { ignoreConflicts: true });
      await insertByColumns(client, ROLLOUT, rows.rollouts);
      await insertByColumns(client, CHECK, rows.checks);
      return outcomes;
    });
  }

  async storeRejectedFiles(refused: readonly { file: InputFile; error: string }[]) {
    for (const { file, error } of refused) {
      const sha256 = sha256Hex(file.bytes);
      await this.#db.$transaction([
        this.#db.rawFile.upsert({
          where: { sha256 },
          create: { sha256, size: file.bytes.byteLength, bytes: new Uint8Array(file.bytes) },
          update: {},
        }),
        this.#db.rejectedFile.upsert({
          where: { sha256_path: { sha256, path: file.path } },
          create: { sha256, path: file.path, error },
          update: { error },
        }),
      ]);
    }
  }

  /**
   * The task summaries go in a few `UPDATE … SET summary = CASE id WHEN … END` statements rather than one
   * Prisma update per task, whose query compiler dominates for runs of thousands of tasks.
   */
  async updateSummaries(runId: string, report: Report) {
    const statements = [];
    for (let start = 0; start < report.tasks.length; start += TASKS_PER_STATEMENT) {
      const chunk = report.tasks.slice(start, start + TASKS_PER_STATEMENT);
      const params: unknown[] = [];
      const p = () => `$${params.length}`;
      const cases = chunk.map((t) => {
        params.push(taskRowId(runId, t.key));
        const id = p();
        params.push(JSON.stringify(t));
        return `WHEN ${id} THEN ${p()}::jsonb`;
      });
      const ids = chunk.map((t) => {
        params.push(taskRowId(runId, t.key));
        return p();
      });
      statements.push(
        this.#db.$executeRawUnsafe(
          `UPDATE "Task" SET "summary" = CASE "id" ${cases.join(" ")} END WHERE "id" IN (${ids.join(", ")})`,
          ...params,
        ),
      );
    }
    await this.#db.$transaction([
      this.#db.run.updateMany({ where: { id: runId }, data: { summary: toJson(runSummaryOf(report)) } }),
      ...statements,
    ]);
  }

  async readRunEncoding(runId: string, { bytes }: { bytes: boolean }): Promise<StoredEncoding | null> {
    const row = await this.#db.runEncoding.findUnique({
      where: { runId },
      select: {
        ingestedAt: true,
        rollouts: true,
        name: true,
        layout: true,
        bytes,
        screenLayout: true,
        firstScreen: true,
      },
    });
    return row ? { ...row, bytes: row.bytes ? new Uint8Array(row.bytes) : new Uint8Array() } : null;
  }

  async writeRunEncoding(runId: string, encoding: StoredEncoding) {
    const data = {
      ...encoding,
      bytes: new Uint8Array(encoding.bytes),
      firstScreen: toJson(encoding.firstScreen),
    };
    await this.#db.runEncoding.upsert({ where: { runId }, create: { runId, ...data }, update: data });
  }

  async setBaseline(runId: string, baseline = true) {
    await this.#db.$transaction(async (tx) => {
      if ((await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM "Run" WHERE "id" = $1 FOR UPDATE`, runId)).length === 0)
        return;
      if (baseline)
        await tx.run.updateMany({ where: { baseline: true, NOT: { id: runId } }, data: { baseline: false } });
      await tx.run.update({ where: { id: runId }, data: { baseline } });
    });
  }

  async listScenarios() {
    return (await this.#db.scenario.findMany({ orderBy: { name: "asc" } })).map(toSavedScenario);
  }

  async getScenario(name: string) {
    const found = await this.#db.scenario.findUnique({ where: { name } });
    return found ? toSavedScenario(found) : null;
  }

  async declaredScenario() {
    const found = await this.#db.scenario.findFirst({ where: { declared: true } });
    return found ? toSavedScenario(found) : null;
  }

  /** Scenario writes hold one advisory lock, so two instances never both declare one or both take a name. */
  #scenarioWrite(work: (tx: Parameters<Parameters<Db["$transaction"]>[0]>[0]) => Promise<ScenarioWrite>) {
    return this.#db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('tally:scenarios'))`);
      return work(tx);
    });
  }

  createScenario(input: { name: string; description: string; scenario: Scenario }) {
    return this.#scenarioWrite(async (tx) => {
      if (await tx.scenario.findUnique({ where: { name: input.name }, select: { name: true } }))
        return { error: "taken" };
      const now = new Date();
      const saved = await tx.scenario.create({
        data: { ...input, scenario: toJson(input.scenario), createdAt: now, updatedAt: now },
      });
      return { saved: toSavedScenario(saved) };
    });
  }

  updateScenario(name: string, changes: ScenarioChanges) {
    return this.#scenarioWrite(async (tx) => {
      const found = await tx.scenario.findUnique({ where: { name } });
      if (!found) return { error: "missing" };
      const next = changes.name ?? name;
      if (next !== name && (await tx.scenario.findUnique({ where: { name: next }, select: { name: true } })))
        return { error: "taken" };
      // A declared scenario edited stays the only declared one, whether or not the edit names it.
      if (changes.declared ?? found.declared)
        await tx.scenario.updateMany({ where: { declared: true, NOT: { name } }, data: { declared: false } });
      const saved = await tx.scenario.update({
        where: { name },
        data: {
          name: next,
          ...(changes.description === undefined ? {} : { description: changes.description }),
          ...(changes.scenario === undefined ? {} : { scenario: toJson(changes.scenario) }),
          ...(changes.declared === undefined ? {} : { declared: changes.declared }),
          updatedAt: new Date(),
        },
      });
      return { saved: toSavedScenario(saved) };
    });
  }

  async deleteScenario(name: string) {
    return (await this.#db.scenario.deleteMany({ where: { name } })).count > 0;
  }

  bulkWrites<T>(work: () => Promise<T>): Promise<T> {
    return work();
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
    try {
      await this.#db.$disconnect();
    } finally {
      if (!this.#pool.ended) await this.#pool.end();
    }
  }
}
