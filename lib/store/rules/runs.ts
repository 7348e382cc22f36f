import { runRowId } from "@/lib/db/ids";
import type { RunModel } from "@/lib/db/generated/sqlite/models";
import type { NormalizedRun } from "@/lib/formats/types";
import { labelsValue, readLabels, type RunLabels } from "@/lib/run-labels";
import { mergeTags } from "@/lib/run-tags";
import type { RunBrief, RunListItem, RunMeta, RunVersion } from "../records";
import { RUN, runRow } from "../rows";
import { toRunListItem, toRunMeta, type RunListColumns } from "../to-records";
import { first, insert, lock, run, select, type Rule } from "../sql/rule";
import { columnList, forUpdate, inList, json, sql } from "../sql/sql";

/*
 * The rules of runs, for both databases: listing, a run's fields and version, creating one for a batch, its
 * name, tags, live heartbeat and baseline flag, and what a delete removes.
 */

/** The lock of the baseline flag: two writers never both mark a run. */
const BASELINE = "tally:baseline";

const LIST_COLUMNS = columnList([
  "id",
  "name",
  "agent",
  "model",
  "format",
  "createdAt",
  "ingestedAt",
  "baseline",
  "series",
  "labels",
  "summary",
]);

/** Newest first; runs ingested at the same moment by name. */
export function* listRuns(): Rule<RunListItem[]> {
  const rows = yield* select<RunListColumns>(
    sql`SELECT ${LIST_COLUMNS} FROM "Run" ORDER BY "ingestedAt" DESC, "name" ASC`,
    RUN.columns,
  );
  return rows.map(toRunListItem);
}

/**
 * The runs of one series, oldest first: by when the run was made (its own date when the data gives one, else
 * when it was ingested), then by name.
 */
export function* seriesRuns(series: string): Rule<RunListItem[]> {
  const rows = yield* select<RunListColumns>(
    sql`SELECT ${LIST_COLUMNS} FROM "Run" WHERE "series" = ${series}
        ORDER BY COALESCE("createdAt", "ingestedAt") ASC, "ingestedAt" ASC, "name" ASC`,
    RUN.columns,
  );
  return rows.map(toRunListItem);
}

/** Every series with how many runs it holds, by name. */
export function* listSeries(): Rule<{ name: string; runs: number }[]> {
  return yield* select<{ name: string; runs: number }>(
    sql`SELECT "series" AS "name", CAST(count(*) AS INTEGER) AS "runs" FROM "Run"
        WHERE "series" IS NOT NULL GROUP BY "series" ORDER BY "series" ASC`,
  );
}

/** Puts a run in a series, or with null takes it out; false when there is no such run. */
export function* setRunSeries(runId: string, series: string | null): Rule<boolean> {
  return (yield* run(sql`UPDATE "Run" SET "series" = ${series} WHERE "id" = ${runId}`)) > 0;
}

export function* countRuns(): Rule<number> {
  return (yield* first<{ n: number }>(sql`SELECT CAST(count(*) AS INTEGER) AS "n" FROM "Run"`))!.n;
}

export function* getRun(runId: string): Rule<RunMeta | null> {
  const row = yield* first<RunModel>(sql`SELECT * FROM "Run" WHERE "id" = ${runId}`, RUN.columns);
  return row ? toRunMeta(row) : null;
}

export function* getRunBrief(runId: string): Rule<RunBrief | null> {
  const brief = sql`SELECT "id", "name", "baseline" FROM "Run" WHERE "id" = ${runId}`;
  return (yield* first<RunBrief>(brief, RUN.columns)) ?? null;
}

export function* baselineRun(): Rule<RunBrief | null> {
  const brief = sql`SELECT "id", "name", "baseline" FROM "Run" WHERE "baseline" = ${true} LIMIT 1`;
  return (yield* first<RunBrief>(brief, RUN.columns)) ?? null;
}

export function* runVersion(runId: string): Rule<RunVersion | null> {
  const row = yield* first<{ ingestedAt: Date; name: string; rollouts: number }>(
    sql`SELECT r."ingestedAt", r."name",
          CAST((SELECT count(*) FROM "Rollout" o WHERE o."runId" = r."id") AS INTEGER) AS "rollouts"
        FROM "Run" r WHERE r."id" = ${runId}`,
    RUN.columns,
  );
  return row ? { ingestedAt: row.ingestedAt.toISOString(), name: row.name, rollouts: row.rollouts } : null;
}

/** Whether the run exists, its row locked until the write ends where the database locks rows. */
function* lockRun(runId: string): Rule<boolean> {
  return (yield* select(sql`SELECT 1 AS "found" FROM "Run" WHERE "id" = ${runId}${forUpdate()}`)).length > 0;
}

/**
 * The run a batch maps to, created (empty) when new; `tags` are added to its tags. Two ingests of one run may
 * start together: the insert that lands creates it, the other finds it.
 */
export function* upsertRun(
  key: string,
  normalized: NormalizedRun,
  options: { baseline?: boolean; tags?: readonly string[]; series?: string | null },
): Rule<{ id: string; created: boolean }> {
  const id = runRowId(key);
  const tags = options.tags ?? [];
  // The baseline's lock before any row lock, in the order setBaseline takes them (no two writers wait on each other).
  if (options.baseline) yield* lock(BASELINE);
  const series = options.series ?? null;
  const created = (yield* insert(RUN, [runRow(id, key, normalized, new Date(), tags, series)], "ignore")) === 1;
  // A batch given a series again moves its run there; without one the run keeps the series it has.
  if (!created && series !== null) yield* setRunSeries(id, series);
  if (!created && tags.length > 0)
    yield* setLabels(id, (current) => ({ ...current, tags: mergeTags(current.tags, tags) }));
  if (options.baseline) yield* setBaseline(id, true);
  return { id, created };
}

export function* renameRun(runId: string, name: string): Rule<boolean> {
  return (yield* run(sql`UPDATE "Run" SET "name" = ${name} WHERE "id" = ${runId}`)) > 0;
}

/**
 * Rewrites a run's labels from their current value, the row locked: two writers (an ingest adding tags, a
 * watcher's heartbeat, a user setting tags) each keep what the other wrote. False when there is no such run.
 */
export function* setLabels(runId: string, change: (current: RunLabels) => RunLabels): Rule<boolean> {
  const found = yield* first<{ labels: unknown }>(
    sql`SELECT "labels" FROM "Run" WHERE "id" = ${runId}${forUpdate()}`,
    RUN.columns,
  );
  if (!found) return false;
  const next = labelsValue(change(readLabels(found.labels)));
  yield* run(sql`UPDATE "Run" SET "labels" = ${json(next)} WHERE "id" = ${runId}`);
  return true;
}

/** At most one baseline: marking one unmarks the others. An unknown run changes nothing. */
export function* setBaseline(runId: string, baseline: boolean): Rule<void> {
  yield* lock(BASELINE);
  if (!(yield* lockRun(runId))) return;
  if (baseline) yield* run(sql`UPDATE "Run" SET "baseline" = ${false} WHERE "baseline" = ${true} AND "id" <> ${runId}`);
  yield* run(sql`UPDATE "Run" SET "baseline" = ${baseline} WHERE "id" = ${runId}`);
}

/**
 * A run with its tasks, rollouts, checks, run files and encoding, then the raw files no other run and no
 * refused file references. The run's row is locked first, so an ingest into it (whose inserts reference the
 * row) waits for the delete and then fails on the missing run rather than leaving rollouts behind.
 */
export function* deleteRun(runId: string): Rule<boolean> {
  if (!(yield* lockRun(runId))) return false;
  const files = yield* select<{ sha256: string }>(
    sql`SELECT DISTINCT "sha256" FROM "RunFile" WHERE "runId" = ${runId}`,
  );
  yield* run(sql`DELETE FROM "Check" WHERE "rolloutRef" IN (SELECT "id" FROM "Rollout" WHERE "runId" = ${runId})`);
  yield* run(sql`DELETE FROM "TraceStep" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "TraceSearchState" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "Rollout" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "Task" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "RunFile" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "RunEncoding" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "Review" WHERE "runId" = ${runId}`);
  yield* run(sql`DELETE FROM "Run" WHERE "id" = ${runId}`);
  if (files.length > 0) yield* deleteUnreferencedFiles(files.map((f) => f.sha256));
  return true;
}

/** Of these raw files, the ones no run file and no refused file references. */
function* deleteUnreferencedFiles(sha256s: readonly string[]): Rule<void> {
  yield* run(
    sql`DELETE FROM "RawFile" WHERE ${inList(sql`"sha256"`, sha256s, "text")}
      AND NOT EXISTS (SELECT 1 FROM "RunFile" o WHERE o."sha256" = "RawFile"."sha256")
      AND NOT EXISTS (SELECT 1 FROM "RejectedFile" j WHERE j."sha256" = "RawFile"."sha256")`,
  );
}
