import { rolloutRowId } from "@/lib/db/ids";
import { first, insert, select, type Rule } from "../sql/rule";
import { forUpdate, inList, join, sql, stepTextMatch, type Sql, type Token } from "../sql/sql";
import {
  TRACE_SEARCH_STATE,
  TRACE_STEP,
  type MatchedRollout,
  type MatchedStep,
  type ScannedStep,
  type SearchStep,
  type StepFilter,
  type StepTextPage,
  type StepTextQuery,
  type TraceSearchProgress,
  type TraceSearchStateRow,
  type TraceStepsEntry,
  type UnindexedTrace,
} from "../trace-search-rows";

/*
 * The rules of the trace search index, for both databases: which rollouts are still to read, storing one
 * rollout's steps once, a words or phrase search through the full-text index (the dialect's stepTextMatch) and
 * the chunks a regex scan reads. A run's rows go with it (runs.ts deleteRun).
 */

const STEP_KINDS = { isError: "bool", passed: "bool" } as const;

/** Rollouts of the run without an index entry, by rollout id, at most `limit`. */
export function* unindexedTraces(runId: string, limit: number): Rule<UnindexedTrace[]> {
  return yield* select<UnindexedTrace>(
    sql`SELECT r."rolloutId", r."sourceFormat", r."sourcePath", r."files" FROM "Rollout" r
      WHERE r."runId" = ${runId} AND NOT EXISTS (SELECT 1 FROM "TraceSearchState" i WHERE i."rolloutRef" = r."id")
      ORDER BY r."rolloutId" LIMIT ${limit}`,
    { files: "json" },
  );
}

/**
 * Stores rollouts' index entries and steps, each once: false for a rollout that is gone or already indexed
 * (another search or ingest did it first). The rollouts' rows are locked so a delete of their run waits. Steps
 * already stored (appended, or left by a fill that stopped halfway) are left as they are.
 */
export function* writeTraceSteps(runId: string, entries: readonly TraceStepsEntry[]): Rule<boolean[]> {
  if (entries.length === 0) return [];
  // Looked up together: an ingest writes the entries of a thousand rollouts without a trace at once.
  const refs = entries.map(({ rolloutId }) => rolloutRowId(runId, rolloutId));
  const open = yield* openForSteps(refs);
  const written: boolean[] = [];
  const states: TraceSearchStateRow[] = [];
  for (const [n, { entry, written: before = 0 }] of entries.entries()) {
    const ref = refs[n]!;
    written.push(open.delete(ref)); // a rollout given twice is indexed by its first entry
    if (!written[n]) continue;
    const steps = entry.status === "indexed" ? entry.steps : [];
    yield* insertSteps(runId, ref, steps);
    states.push({ rolloutRef: ref, runId, status: entry.status, steps: before + steps.length });
  }
  yield* insert(TRACE_SEARCH_STATE, states);
  return written;
}

/** Stores some of a rollout's steps ahead of its entry; false when it is gone or already indexed. */
export function* appendTraceSteps(runId: string, rolloutId: string, steps: readonly SearchStep[]): Rule<boolean> {
  const ref = rolloutRowId(runId, rolloutId);
  if (!(yield* openForSteps([ref])).has(ref)) return false;
  yield* insertSteps(runId, ref, steps);
  return true;
}

/** Of these rollouts, the ones stored and not yet indexed, their rows locked until the transaction ends. */
function* openForSteps(refs: readonly string[]): Rule<Set<string>> {
  const stored = yield* select<{ id: string }>(
    sql`SELECT "id" FROM "Rollout" WHERE ${inList(sql`"id"`, [...new Set(refs)], "text")}${forUpdate()}`,
  );
  if (stored.length === 0) return new Set();
  const indexed = yield* select<{ rolloutRef: string }>(
    sql`SELECT "rolloutRef" FROM "TraceSearchState" WHERE ${inList(
      sql`"rolloutRef"`,
      stored.map((r) => r.id),
      "text",
    )}`,
  );
  const done = new Set(indexed.map((r) => r.rolloutRef));
  return new Set(stored.map((r) => r.id).filter((id) => !done.has(id)));
}

function* insertSteps(runId: string, ref: string, steps: readonly SearchStep[]): Rule<void> {
  yield* insert(
    TRACE_STEP,
    steps.map((s) => ({ runId, rolloutRef: ref, ...s })),
    "ignore",
  );
}

/** How far the run's index is; null for an unknown run. */
export function* traceSearchState(runId: string): Rule<TraceSearchProgress | null> {
  const found = yield* first<{ rollouts: number }>(
    sql`SELECT CAST(COUNT(r."id") AS INTEGER) AS "rollouts" FROM "Run" x LEFT JOIN "Rollout" r ON r."runId" = x."id"
      WHERE x."id" = ${runId} GROUP BY x."id"`,
  );
  if (!found) return null;
  const rows = yield* select<{ status: string; n: number; steps: number }>(
    sql`SELECT "status", CAST(COUNT(*) AS INTEGER) AS "n", CAST(SUM("steps") AS INTEGER) AS "steps"
      FROM "TraceSearchState" WHERE "runId" = ${runId} GROUP BY "status"`,
  );
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  const read = rows.reduce((n, r) => n + r.n, 0);
  return {
    rollouts: found.rollouts,
    indexed: of("indexed"),
    skipped: of("skipped"),
    none: of("none"),
    pending: found.rollouts - read,
    steps: rows.reduce((n, r) => n + (r.steps ?? 0), 0),
  };
}

function where(runId: string, filter: StepFilter, match: Sql | Token | null): Sql {
  const conditions = [sql`s."runId" = ${runId}`];
  if (filter.tool) conditions.push(sql`s."tool" = ${filter.tool}`);
  if (filter.errorsOnly) conditions.push(sql`s."isError" = ${true}`);
  if (filter.source) conditions.push(sql`s."source" = ${filter.source}`);
  if (match) conditions.push(sql`${match}`);
  return join(conditions, " AND ");
}

/** One page of the run's rollouts whose steps match the words (by rollout id), with their first matching steps. */
export function* searchStepText(runId: string, query: StepTextQuery): Rule<StepTextPage> {
  const condition = where(runId, query, stepTextMatch(query.mode, query.words));
  const totals = yield* first<{ rollouts: number; steps: number }>(
    sql`SELECT CAST(COUNT(DISTINCT s."rolloutRef") AS INTEGER) AS "rollouts", CAST(COUNT(*) AS INTEGER) AS "steps"
      FROM "TraceStep" s WHERE ${condition}`,
  );
  if (!totals || totals.steps === 0) return { rollouts: 0, steps: 0, page: [] };
  const rollouts = yield* select<Omit<MatchedRollout, "steps"> & { ref: string }>(
    sql`SELECT s."rolloutRef" AS "ref", r."rolloutId", t."key" AS "task", r."passed", CAST(COUNT(*) AS INTEGER) AS "hits"
      FROM "TraceStep" s JOIN "Rollout" r ON r."id" = s."rolloutRef" JOIN "Task" t ON t."id" = r."taskRef"
      WHERE ${condition} GROUP BY s."rolloutRef", r."rolloutId", t."key", r."passed"
      ORDER BY r."rolloutId" LIMIT ${query.limit} OFFSET ${query.offset}`,
    STEP_KINDS,
  );
  if (rollouts.length === 0) return { ...totals, page: [] };
  const refs = rollouts.map((r) => r.ref);
  const steps = yield* select<MatchedStep & { ref: string }>(
    sql`SELECT x."ref", x."step", x."source", x."tool", x."isError", x."text" FROM (
        SELECT s."rolloutRef" AS "ref", s."step", s."source", s."tool", s."isError", s."text",
          ROW_NUMBER() OVER (PARTITION BY s."rolloutRef" ORDER BY s."step") AS "n"
        FROM "TraceStep" s WHERE ${condition} AND ${inList(sql`s."rolloutRef"`, refs, "text")}
      ) x WHERE x."n" <= ${query.stepsPerRollout} ORDER BY x."ref", x."step"`,
    STEP_KINDS,
  );
  const byRef = new Map<string, MatchedStep[]>();
  for (const { ref, ...step } of steps) (byRef.get(ref) ?? byRef.set(ref, []).get(ref)!).push(step);
  return {
    ...totals,
    page: rollouts.map(({ ref, ...r }) => ({ ...r, steps: byRef.get(ref) ?? [] })),
  };
}

/** The next `limit` steps of the run after stored position `after`, for a scan the caller bounds. */
export function* scanSteps(runId: string, filter: StepFilter, after: number, limit: number): Rule<ScannedStep[]> {
  return yield* select<ScannedStep>(
    sql`SELECT s."id", s."step", s."source", s."tool", s."isError", s."text", r."rolloutId", t."key" AS "task", r."passed"
      FROM "TraceStep" s JOIN "Rollout" r ON r."id" = s."rolloutRef" JOIN "Task" t ON t."id" = r."taskRef"
      WHERE ${where(runId, filter, null)} AND s."id" > ${after} ORDER BY s."id" LIMIT ${limit}`,
    STEP_KINDS,
  );
}

/** The rollout ids of the run whose steps match the words, by rollout id (the rollouts list's trace filter). */
export function* rolloutsMatching(
  runId: string,
  query: Pick<StepTextQuery, "mode" | "words">,
  limit: number,
): Rule<string[]> {
  const rows = yield* select<{ rolloutId: string }>(
    sql`SELECT DISTINCT r."rolloutId" FROM "TraceStep" s JOIN "Rollout" r ON r."id" = s."rolloutRef"
      WHERE ${where(runId, {}, stepTextMatch(query.mode, query.words))} ORDER BY r."rolloutId" LIMIT ${limit}`,
  );
  return rows.map((r) => r.rolloutId);
}

/** The tools the run's indexed steps name, each with its number of steps, most used first (ties by name). */
export function* traceTools(runId: string): Rule<{ tool: string; steps: number }[]> {
  return yield* select<{ tool: string; steps: number }>(
    sql`SELECT "tool", CAST(COUNT(*) AS INTEGER) AS "steps" FROM "TraceStep"
      WHERE "runId" = ${runId} AND "tool" IS NOT NULL GROUP BY "tool" ORDER BY COUNT(*) DESC, "tool" ASC`,
  );
}
