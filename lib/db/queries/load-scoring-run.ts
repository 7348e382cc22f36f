import type { Db } from "../client";
import { providerOf } from "../client";
import { prepared, sqliteConnection } from "../sqlite-direct";
import type { CheckStatus, ScoringCheck, ScoringRun, VerdictRule } from "@/lib/scoring/core/types";

/*
 * The hot read of the app: the run page, the report API and the ingest summaries all load a whole run, and a
 * run of 10,000 rollouts has 120,000 checks. Prisma's findMany spends most of that time building and
 * validating result objects, so tasks, rollouts and checks are read with plain SELECTs of only the columns
 * scoring needs. Raw rows differ by provider: SQLite gives booleans as 0/1 and JSON as text, PostgreSQL gives
 * booleans and jsonb natively; the converters below accept both.
 */

type Row = Record<string, unknown>;

const bool = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "true" || v === "t";
const boolOrNull = (v: unknown): boolean | null => (v === null || v === undefined ? null : bool(v));
const num = (v: unknown): number => (typeof v === "number" ? v : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- a text column: a string, or a number or bigint read as one
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A JSON column: text on SQLite (parsed here), already parsed on PostgreSQL. */
function json<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  if (typeof v === "string") {
    try {
      return (JSON.parse(v) ?? fallback) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
}

/** The columns of a check scoring reads, in the order toCheck takes them. */
const CHECK_FIELDS = [
  "key",
  "label",
  "passed",
  "score",
  "required",
  "dimension",
  "status",
  "weight",
  "failureTag",
] as const;

function toCheck([
  key,
  label,
  passed,
  score,
  required,
  dimension,
  status,
  weight,
  failureTag,
]: unknown[]): ScoringCheck {
  return {
    key: key as string,
    label: label as string,
    passed: boolOrNull(passed),
    score: numOrNull(score),
    required: bool(required),
    dimension: dimension as string,
    status: status as CheckStatus,
    weight: numOrNull(weight),
    failureTag: strOrNull(failureTag),
  };
}

/** Through Prisma: the checks of a run's rollouts in one query, grouped by rollout row id, in check order. */
async function checksByRollout(db: Db, runId: string, param: string): Promise<(r: Row) => ScoringCheck[]> {
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT c."rolloutRef", ${CHECK_FIELDS.map((f) => `c."${f}"`).join(", ")} FROM "Check" c ` +
      `WHERE c."rolloutRef" IN (SELECT r."id" FROM "Rollout" r WHERE r."runId" = ${param}) ORDER BY c."rolloutRef" ASC, c."order" ASC`,
    runId,
  );
  const byRollout = new Map<string, ScoringCheck[]>();
  for (const row of rows) {
    const ref = row.rolloutRef as string;
    let list = byRollout.get(ref);
    if (!list) byRollout.set(ref, (list = []));
    list.push(toCheck(CHECK_FIELDS.map((f) => row[f])));
  }
  return (r) => byRollout.get(r.id as string) ?? [];
}

/**
 * Loads a stored run in the compact shape every scoring function reads (the same shape `tally score`
 * builds from files), or null when there is no such run.
 */
export async function loadScoringRun(db: Db, runId: string): Promise<ScoringRun | null> {
  const p = providerOf(db) === "postgres" ? (n: number) => `$${n}` : () => "?";
  // SQLite: straight to the driver (prepared once, no per-row mapping by Prisma); PostgreSQL: Prisma's raw path.
  const connection = await sqliteConnection(db);
  const select = async (sql: string): Promise<Row[]> =>
    connection ? (prepared(connection, sql).all(runId) as Row[]) : db.$queryRawUnsafe<Row[]>(sql, runId);
  const [run] = await select(
    `SELECT "name", "format", "passThreshold", "warnings", "regrades" FROM "Run" WHERE "id" = ${p(1)}`,
  );
  if (!run) return null;
  const rolloutColumns = `r."id", r."taskRef", r."rolloutId", r."status", r."rule", r."reportedPassed", r."reportedReward", r."penalties", r."gate", r."sourcePath", r."warnings"`;
  const [tasks, rollouts] = await Promise.all([
    select(
      `SELECT "id", "key", "taskId", "name", "group", "weight" FROM "Task" WHERE "runId" = ${p(1)} ORDER BY "key" ASC`,
    ),
    // SQLite: each rollout's checks come with it as one JSON array built by SQLite, instead of 120,000 rows
    // of ten values each for a large run (twice as fast: most of the cost was making each value in JS).
    select(
      connection
        ? `SELECT ${rolloutColumns}, (SELECT json_group_array(json_array(${CHECK_FIELDS.map((f) => `c."${f}"`).join(", ")}) ORDER BY c."order") ` +
            `FROM "Check" c WHERE c."rolloutRef" = r."id") AS "checks" FROM "Rollout" r WHERE r."runId" = ? ORDER BY r."rolloutId" ASC`
        : `SELECT ${rolloutColumns} FROM "Rollout" r WHERE r."runId" = ${p(1)} ORDER BY r."rolloutId" ASC`,
    ),
  ]);
  const checksOf = connection
    ? (r: Row) => (JSON.parse(r.checks as string) as unknown[][]).map(toCheck)
    : await checksByRollout(db, runId, p(1));
  const taskKey = new Map<string, string>();
  for (const t of tasks) taskKey.set(t.id as string, t.key as string);
  return {
    name: run.name as string,
    format: run.format as string,
    passThreshold: num(run.passThreshold),
    warnings: json(run.warnings, [] as string[]),
    regrades: json(run.regrades, [] as NonNullable<ScoringRun["regrades"]>),
    tasks: tasks.map((t) => ({
      key: t.key as string,
      taskId: t.taskId as string,
      name: strOrNull(t.name),
      group: strOrNull(t.group),
      weight: num(t.weight),
    })),
    rollouts: rollouts.map((r) => ({
      id: r.rolloutId as string,
      task: taskKey.get(r.taskRef as string) ?? "",
      status: r.status === "unscored" ? "unscored" : "scored",
      rule: r.rule as VerdictRule,
      reportedPassed: boolOrNull(r.reportedPassed),
      reportedReward: numOrNull(r.reportedReward),
      penalties: num(r.penalties),
      gate: strOrNull(r.gate),
      checks: checksOf(r),
      source: r.sourcePath as string,
      warnings: json(r.warnings, [] as string[]),
    })),
  };
}
