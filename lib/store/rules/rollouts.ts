import { rolloutRowId, taskRowId } from "@/lib/db/ids";
import type { CheckModel, RolloutModel, TaskModel } from "@/lib/db/generated/sqlite/models";
import type { ScoringRollout, ScoringRun } from "@/lib/scoring/core/types";
import { MEASURE_KEYS, measuresOf } from "@/lib/scoring/core/measures";
import { measureRow } from "@/lib/scoring/report/effort";
import { checkHeadSelect, checkRefsSelect, rolloutHeadSelect, textColumn } from "../head-sql";
import type { JsonObject } from "@/lib/formats/types";
import type {
  CheckBounds,
  CheckDetail,
  CheckHead,
  CheckPick,
  CheckRefs,
  RolloutDetail,
  RolloutHead,
  RolloutTextRef,
  RunExport,
  SharedRollouts,
  TaskHead,
  TaskRollouts,
} from "../records";
import { rolloutOverlapSql } from "../rollout-overlap-sql";
import { CHECK, ROLLOUT, RUN, TASK } from "../rows";
import {
  CHECK_FIELDS,
  ROLLOUT_COLUMNS,
  RUN_COLUMNS,
  TASK_COLUMNS,
  scoringRunHead,
  taskKeysOf,
  toScoringCheck,
  toScoringRollout,
  type RawRow,
} from "../scoring-columns";
import {
  toCheckHead,
  fromJson,
  toRolloutDetail,
  toRolloutDetailOf,
  toRolloutHead,
  toTaskRecord,
  type CheckHeadColumns,
  type RolloutHeadColumns,
} from "../to-records";
import { first, pause, select, type Kinds, type Rule } from "../sql/rule";
import { inList, jsonArray, jsonArrayAgg, jsonText, jsonValue, raw, sql, textAgg, type Sql } from "../sql/sql";

/*
 * The reads of tasks, rollouts and checks, for both databases: a run for scoring, a task's rollouts, one
 * rollout whole or as its head, pages of checks, texts, export rows and the runs sharing a run's rollouts.
 */

/** Rollouts per read of loadScoringRun, between which other requests are served (~0.1 s of work each on SQLite). */
const LOAD_PAGE = 1000;

/** Each rollout's checks as one JSON array, in check order, in the order toScoringCheck takes their fields. */
const CHECKS_OF_ROLLOUT = sql`(SELECT ${jsonArrayAgg(
  sql`${jsonArray(CHECK_FIELDS.map((f) => sql`${raw(`c."${f}"`)}`))}`,
  sql`c."order"`,
)} FROM "Check" c WHERE c."rolloutRef" = r."id")`;

/**
 * The hot read of the app (a run of 10,000 rollouts has 120,000 checks): only the columns scoring needs, and
 * each rollout's checks as one JSON array built by the database rather than 120,000 rows of values made one by
 * one in JavaScript. LOAD_PAGE rollouts at a time, by rollout id, giving the event loop back before each read:
 * SQLite reads are synchronous, and a run of 100,000 rollouts read at once held every other request (the page's
 * own stylesheets included) for seconds. Rollouts stored meanwhile may or may not be in the result; the run
 * cache keys what it holds to the rollouts read, so the next request reads again.
 */
export function* loadScoringRun(runId: string): Rule<ScoringRun | null> {
  const run = yield* first<RawRow>(sql`SELECT ${raw(RUN_COLUMNS)} FROM "Run" WHERE "id" = ${runId}`);
  if (!run) return null;
  const tasks = yield* select<RawRow>(
    sql`SELECT ${raw(TASK_COLUMNS)} FROM "Task" WHERE "runId" = ${runId} ORDER BY "key" ASC`,
  );
  const taskKey = taskKeysOf(tasks);
  const checksOf = (r: RawRow) => {
    const checks = typeof r.checks === "string" ? (JSON.parse(r.checks) as unknown[][]) : (r.checks as unknown[][]);
    return checks.map(toScoringCheck);
  };
  const rollouts: ScoringRollout[] = [];
  for (let after = ""; ;) {
    // Before each read, the first too: a page streaming a skeleton sends it before the run is read.
    yield* pause();
    const rows = yield* select<RawRow>(
      sql`SELECT ${raw(ROLLOUT_COLUMNS)}, ${CHECKS_OF_ROLLOUT} AS "checks" FROM "Rollout" r
        WHERE r."runId" = ${runId} AND r."rolloutId" > ${after} ORDER BY r."rolloutId" ASC LIMIT ${LOAD_PAGE}`,
    );
    for (const r of rows) rollouts.push(toScoringRollout(r, taskKey, checksOf));
    if (rows.length < LOAD_PAGE) break;
    after = rows.at(-1)!.rolloutId as string;
  }
  return { ...scoringRunHead(run, tasks), rollouts };
}

export function* rolloutCount(runId: string): Rule<number> {
  const count = sql`SELECT CAST(count(*) AS INTEGER) AS "n" FROM "Rollout" WHERE "runId" = ${runId}`;
  return (yield* first<{ n: number }>(count))!.n;
}

/** Rollout rows and their checks in check order (`c`), both decoded, the rows carrying their task's key. */
function* details(rollouts: Sql, checks: Sql): Rule<RolloutDetail[]> {
  const rows = yield* select<RolloutModel & { taskKey: string }>(rollouts, ROLLOUT.columns);
  const byRollout = new Map<string, CheckModel[]>();
  for (const check of yield* select<CheckModel>(checks, CHECK.columns)) {
    let list = byRollout.get(check.rolloutRef);
    if (!list) byRollout.set(check.rolloutRef, (list = []));
    list.push(check);
  }
  return rows.map(({ taskKey, ...row }) => toRolloutDetail(row, taskKey, byRollout.get(row.id) ?? []));
}

function* task(runId: string, key: string): Rule<TaskModel | undefined> {
  const row = sql`SELECT * FROM "Task" WHERE "id" = ${taskRowId(runId, key)} AND "runId" = ${runId}`;
  return yield* first<TaskModel>(row, TASK.columns);
}

export function* getTask(runId: string, key: string): Rule<TaskRollouts | null> {
  const found = yield* task(runId, key);
  if (!found) return null;
  const rollouts = yield* details(
    sql`SELECT r.*, t."key" AS "taskKey" FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef"
      WHERE r."taskRef" = ${found.id} ORDER BY r."rolloutId" ASC`,
    sql`SELECT c.* FROM "Check" c JOIN "Rollout" r ON r."id" = c."rolloutRef"
      WHERE r."taskRef" = ${found.id} ORDER BY c."rolloutRef", c."order"`,
  );
  return { task: toTaskRecord(found), rollouts };
}

/** Tasks per statement of getTasks: bounded so that one read holds a group, not a run. */
export const TASKS_PER_READ = 500;

/**
 * A rollout's checks as ONE text built by the database: each check the JSON array of its fields in CheckDetail
 * order, in check order, joined by CHECK_SEPARATOR (JSON escapes it inside strings). A run's checks repeat (a
 * run of 100,000 rollouts has 1.2 million checks and a few ten thousand distinct ones): each distinct check
 * text is parsed once and its checks share the object.
 */
const CHECK_SEPARATOR = "\u001e";
const CHECKS_TEXT = sql`(SELECT ${textAgg(
  sql`${jsonText(
    sql`${jsonArray([
      ...(
        ["order", "key", "label", "passed", "score", "required", "dimension", "status", "detail", "weight"] as const
      ).map((f) => sql`${raw(`c."${f}"`)}`),
      sql`c."reason"`,
      sql`c."failureTag"`,
      sql`${jsonValue(sql`c."evidenceRefs"`)}`,
      sql`${jsonValue(sql`c."metadata"`)}`,
    ])}`,
  )}`,
  CHECK_SEPARATOR,
  sql`c."order"`,
)} FROM "Check" c WHERE c."rolloutRef" = r."id")`;

const flag = (value: unknown) => value === true || value === 1;

function checkOfText(text: string): CheckDetail {
  const [
    order,
    key,
    label,
    passed,
    score,
    required,
    dimension,
    status,
    detail,
    weight,
    reason,
    failureTag,
    refs,
    meta,
  ] = JSON.parse(text) as unknown[];
  return {
    order: order as number,
    key: key as string,
    label: label as string,
    passed: passed === null ? null : flag(passed),
    score: score as number | null,
    required: flag(required),
    dimension: dimension as string,
    status: status as CheckDetail["status"],
    detail: detail as string | null,
    weight: weight as number | null,
    reason: reason as string | null,
    failureTag: failureTag as string | null,
    evidenceRefs: fromJson<string[]>(refs, []),
    metadata: fromJson<JsonObject>(meta, {}),
  };
}

/**
 * Tasks by key, each as getTask reads it (null for a key the run does not hold), in the order of `keys`: two
 * statements per TASKS_PER_READ tasks instead of three per task. Equal checks are one shared object.
 */
export function* getTasks(
  runId: string,
  keys: readonly string[],
  shared: Map<string, CheckDetail> = new Map(),
): Rule<(TaskRollouts | null)[]> {
  const found = new Map<string, TaskRollouts>();
  for (let at = 0; at < keys.length; at += TASKS_PER_READ) {
    const group = keys.slice(at, at + TASKS_PER_READ);
    const rows = yield* select<TaskModel>(
      sql`SELECT * FROM "Task" WHERE "runId" = ${runId} AND ${inList(sql`"key"`, group, "text")}`,
      TASK.columns,
    );
    if (rows.length === 0) continue;
    const rollouts = yield* select<RolloutModel & { taskKey: string; checkTexts: string | null }>(
      sql`SELECT r.*, t."key" AS "taskKey", ${CHECKS_TEXT} AS "checkTexts"
        FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef"
        WHERE ${inList(
          sql`r."taskRef"`,
          rows.map((t) => t.id),
          "text",
        )} ORDER BY r."rolloutId" ASC`,
      ROLLOUT.columns,
    );
    for (const t of rows) found.set(t.key, { task: toTaskRecord(t), rollouts: [] });
    // The row is passed whole (its extra columns are not read): copying 40 columns per rollout cost 1 s at 100k.
    for (const row of rollouts) {
      const checks: CheckDetail[] = [];
      for (const text of row.checkTexts === null ? [] : row.checkTexts.split(CHECK_SEPARATOR)) {
        let check = shared.get(text);
        if (!check) shared.set(text, (check = checkOfText(text)));
        checks.push(check);
      }
      found.get(row.taskKey)!.rollouts.push(toRolloutDetailOf(row, row.taskKey, checks));
    }
  }
  return keys.map((key) => found.get(key) ?? null);
}

export function* getRollout(runId: string, rolloutId: string): Rule<RolloutDetail | null> {
  const id = rolloutRowId(runId, rolloutId);
  const [detail] = yield* details(
    sql`SELECT r.*, t."key" AS "taskKey" FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef"
      WHERE r."id" = ${id} AND r."runId" = ${runId}`,
    sql`SELECT c.* FROM "Check" c WHERE c."rolloutRef" = ${id} ORDER BY c."order"`,
  );
  return detail ?? null;
}

/** Rollout rows (`r`, with task `t`) read as heads, texts cut after `textHead` characters. */
function* heads(where: Sql, textHead: number): Rule<RolloutHead[]> {
  const rows = yield* select<
    Omit<RolloutModel, "agentOutput" | "error" | "metadata"> & RolloutHeadColumns & { taskKey: string }
  >(
    sql`SELECT ${rolloutHeadSelect(textHead)} FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef" WHERE ${where}`,
    ROLLOUT.columns,
  );
  return rows.map(({ taskKey, ...row }) => toRolloutHead(row, taskKey));
}

export function* getRolloutHead(runId: string, rolloutId: string, textHead: number): Rule<RolloutHead | null> {
  const where = sql`r."id" = ${rolloutRowId(runId, rolloutId)} AND r."runId" = ${runId}`;
  return (yield* heads(where, textHead))[0] ?? null;
}

export function* getTaskHead(runId: string, key: string): Rule<TaskHead | null> {
  const found = yield* task(runId, key);
  if (!found) return null;
  const rollouts = yield* heads(sql`r."taskRef" = ${found.id} ORDER BY r."rolloutId" ASC`, 0);
  return { task: toTaskRecord(found), rollouts };
}

/** For each pick, the checks it names that exist, in stored order, texts cut to `bounds`. */
export function* getChecks(runId: string, picks: readonly CheckPick[], bounds: CheckBounds): Rule<CheckHead[][]> {
  const pages: CheckHead[][] = [];
  for (const pick of picks) {
    if (pick.orders.length === 0) {
      pages.push([]);
      continue;
    }
    const rows = yield* select<CheckHeadColumns>(
      sql`SELECT ${checkHeadSelect(bounds)} FROM "Check" c
        WHERE c."rolloutRef" = ${rolloutRowId(runId, pick.rolloutId)} AND ${inList(sql`c."order"`, pick.orders, "integer")}
        ORDER BY c."order"`,
    );
    pages.push(rows.map(toCheckHead));
  }
  return pages;
}

export function* getCheckRefs(runId: string, rolloutId: string): Rule<CheckRefs[]> {
  const rows = yield* select<CheckRefs>(checkRefsSelect(rolloutRowId(runId, rolloutId)), { refs: "json" });
  return rows.map((r) => ({ order: r.order, key: r.key, refs: r.refs }));
}

export function* getRolloutText(
  runId: string,
  rolloutId: string,
  ref: RolloutTextRef,
): Rule<{ text: string | null } | "missing"> {
  const { table, column } = textColumn(ref);
  const id = rolloutRowId(runId, rolloutId);
  const row = yield* first<{ text: string | null }>(
    table === "Rollout"
      ? sql`SELECT ${column} AS "text" FROM "Rollout" WHERE "id" = ${id} AND "runId" = ${runId}`
      : sql`SELECT ${column} AS "text" FROM "Check" WHERE "rolloutRef" = ${id} AND "order" = ${"check" in ref ? ref.check : -1}`,
  );
  return row ? { text: row.text } : "missing";
}

export function* taskKeyOfRowId(runId: string, rowId: string): Rule<string | null> {
  const row = yield* first<{ key: string }>(sql`SELECT "key" FROM "Task" WHERE "id" = ${rowId} AND "runId" = ${runId}`);
  return row?.key ?? null;
}

export function* rolloutIdOfRowId(runId: string, rowId: string): Rule<string | null> {
  const row = yield* first<{ rolloutId: string }>(
    sql`SELECT "rolloutId" FROM "Rollout" WHERE "id" = ${rowId} AND "runId" = ${runId}`,
  );
  return row?.rolloutId ?? null;
}

const EXPORT_KINDS: Kinds = { ...ROLLOUT.columns, taskKey: "text", group: "text" };

/** Every rollout of a run with its checks, by task key, rollout id and check order; null when no run. */
export function* getRunExport(runId: string): Rule<RunExport | null> {
  const run = yield* first<{ name: string }>(sql`SELECT "name" FROM "Run" WHERE "id" = ${runId}`, RUN.columns);
  if (!run) return null;
  const rollouts = yield* select<RolloutModel & { taskKey: string; group: string | null }>(
    sql`SELECT r."id", r."rolloutId", r."status", r."passed", r."reward", r."errorCategory", r."error",
        ${raw(MEASURE_KEYS.map((k) => `r."${k}"`).join(", "))}, t."key" AS "taskKey", t."group"
      FROM "Rollout" r JOIN "Task" t ON t."id" = r."taskRef"
      WHERE r."runId" = ${runId} ORDER BY t."key" ASC, r."rolloutId" ASC`,
    EXPORT_KINDS,
  );
  const checks = yield* select<CheckModel>(
    sql`SELECT c."rolloutRef", c."key", c."label", c."required", c."dimension", c."status", c."passed", c."score",
        c."detail", c."failureTag"
      FROM "Check" c JOIN "Rollout" r ON r."id" = c."rolloutRef"
      WHERE r."runId" = ${runId} ORDER BY c."rolloutRef", c."order"`,
    CHECK.columns,
  );
  const byRollout = new Map<string, RunExport["rollouts"][number]["checks"]>();
  for (const { rolloutRef, ...check } of checks) {
    let list = byRollout.get(rolloutRef);
    if (!list) byRollout.set(rolloutRef, (list = []));
    list.push(check);
  }
  return {
    name: run.name,
    rollouts: rollouts.map((r) => ({
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
    })),
  };
}

/** The other runs holding this run's rollouts (rollout-overlap-sql.ts); names as of now are read apart. */
export function* rolloutOverlap(runId: string): Rule<SharedRollouts[]> {
  return yield* select<SharedRollouts>(rolloutOverlapSql(runId));
}

/** The current names of runs by id (a run gone is left out). */
export function* runNames(runIds: readonly string[]): Rule<Map<string, string>> {
  const rows = yield* select<{ id: string; name: string }>(
    sql`SELECT "id", "name" FROM "Run" WHERE ${inList(sql`"id"`, runIds, "text")}`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
