import type { Db } from "../client";
import { rolloutRowId, taskRowId } from "../ids";
import { bulkInsert, encode, insertRowsSqlite, type BulkTable } from "../bulk-insert";
import { prepared, sqliteConnection, writeTransaction } from "../sqlite-direct";
import type { InputFile, NormalizedRollout, NormalizedTask } from "@/lib/formats/types";
import { sha256Hex } from "@/lib/formats/hash";

// Column lists of the bulk inserts, in the order of the row arrays built below (names as in prisma/schema.prisma).
const RAW_FILE_COLUMNS = [
  ["sha256", "text"],
  ["size", "number"],
  ["bytes", "bytes"],
  ["createdAt", "date"],
] as const;
const RUN_FILE_COLUMNS = [
  ["runId", "text"],
  ["path", "text"],
  ["sha256", "text"],
] as const;
const TASK_COLUMNS = [
  ["id", "text"],
  ["runId", "text"],
  ["key", "text"],
  ["taskId", "text"],
  ["name", "text"],
  ["group", "text"],
  ["weight", "number"],
  ["summary", "json"],
] as const;
const ROLLOUT_COLUMNS = [
  ["id", "text"],
  ["runId", "text"],
  ["taskRef", "text"],
  ["rolloutId", "text"],
  ["status", "text"],
  ["rule", "text"],
  ["gate", "text"],
  ["penalties", "number"],
  ["reportedPassed", "bool"],
  ["reportedReward", "number"],
  ["passed", "bool"],
  ["reward", "number"],
  ["terminationReason", "text"],
  ["toolCalls", "number"],
  ["toolErrors", "number"],
  ["agentOutput", "text"],
  ["error", "text"],
  ["errorCategory", "text"],
  ["startedAt", "date"],
  ["finishedAt", "date"],
  ["durationMs", "number"],
  ["costUsd", "number"],
  ["tokens", "number"],
  ["sourcePath", "text"],
  ["sourceFormat", "text"],
  ["sourceSha256", "text"],
  ["files", "json"],
  ["warnings", "json"],
  ["metadata", "json"],
] as const;
const CHECK_COLUMNS = [
  ["rolloutRef", "text"],
  ["order", "number"],
  ["key", "text"],
  ["label", "text"],
  ["passed", "bool"],
  ["score", "number"],
  ["required", "bool"],
  ["dimension", "text"],
  ["status", "text"],
  ["detail", "text"],
  ["weight", "number"],
  ["reason", "text"],
  ["failureTag", "text"],
  ["evidenceRefs", "json"],
  ["metadata", "json"],
] as const;

export type StoreOutcome = "stored" | "duplicate" | { conflict: string };

export interface RolloutToStore {
  task: NormalizedTask;
  rollout: NormalizedRollout;
  verdict: { passed: boolean; reward: number | null };
}

interface Existing {
  sourceSha256: string;
  sourcePath: string;
}

/** Every row a batch writes, and what happened to each rollout. */
interface BatchPlan {
  outcomes: StoreOutcome[];
  tables: BulkTable[];
}

/**
 * Stores a batch of rollouts of one run with their checks, task rows and the raw bytes of every file they were
 * read from, in ONE transaction: a crash leaves each rollout whole or absent, never half-written, and a batch
 * costs a handful of bulk inserts instead of a round trip per row. A rollout id already in the run with the
 * same source bytes is a duplicate (nothing written); with other bytes it is a conflict the caller reports.
 * On SQLite the lookup and the writes run on the direct connection in one synchronous transaction.
 */
export async function storeRollouts(
  db: Db,
  runId: string,
  items: readonly RolloutToStore[],
  files: ReadonlyMap<string, InputFile>,
): Promise<StoreOutcome[]> {
  const ids = items.map((i) => rolloutRowId(runId, i.rollout.id));
  const connection = await sqliteConnection(db);
  if (connection) {
    return writeTransaction(connection, () => {
      const lookup = prepared(connection, `SELECT "sourceSha256", "sourcePath" FROM "Rollout" WHERE "id" = ?`);
      const existing = new Map<string, Existing>();
      for (const id of ids) {
        const found = lookup.get(id) as Existing | undefined;
        if (found) existing.set(id, found);
      }
      const plan = planBatch(runId, items, ids, existing, files);
      for (const table of plan.tables) insertRowsSqlite(connection, table);
      return plan.outcomes;
    });
  }
  const existing = new Map<string, Existing>(
    (
      await db.rollout.findMany({
        where: { id: { in: ids } },
        select: { id: true, sourceSha256: true, sourcePath: true },
      })
    ).map((r) => [r.id, r]),
  );
  const plan = planBatch(runId, items, ids, existing, files);
  const statements = plan.tables.flatMap((table) => bulkInsert(db, table));
  if (statements.length > 0) await db.$transaction(statements);
  return plan.outcomes;
}

function planBatch(
  runId: string,
  items: readonly RolloutToStore[],
  ids: readonly string[],
  existing: ReadonlyMap<string, Existing>,
  files: ReadonlyMap<string, InputFile>,
): BatchPlan {
  const seen = new Set<string>();
  const outcomes: StoreOutcome[] = items.map(({ rollout }, n) => {
    const id = ids[n]!;
    const found = existing.get(id);
    if (found) {
      return found.sourceSha256 === rollout.source.sha256
        ? "duplicate"
        : { conflict: `rollout ${rollout.id} is already in this run from other content (${found.sourcePath})` };
    }
    if (seen.has(id)) return { conflict: `rollout ${rollout.id} appears twice in this batch` };
    seen.add(id);
    return "stored";
  });
  const fresh = items.filter((_, n) => outcomes[n] === "stored");
  if (fresh.length === 0) return { outcomes, tables: [] };
  // Row ids are sha256-derived: compute each once, not once per check.
  const freshIds = ids.filter((_, n) => outcomes[n] === "stored");
  const taskRef = new Map<string, string>();
  const taskIdOf = (key: string) => {
    let id = taskRef.get(key);
    if (id === undefined) taskRef.set(key, (id = taskRowId(runId, key)));
    return id;
  };

  const raw = new Map<string, { path: string; sha256: string; bytes: Uint8Array }>();
  const rolloutFiles = fresh.map(({ rollout }) =>
    rollout.files.flatMap((path, n) => {
      const file = files.get(path);
      if (!file) return [];
      const sha256 = n === 0 ? rollout.source.sha256 : sha256Hex(file.bytes);
      raw.set(path, { path, sha256, bytes: file.bytes });
      return [{ path, sha256 }];
    }),
  );
  // Files, run files and tasks already stored (an earlier batch, another run) are skipped by the database.
  const rawBytes = new Map<string, Uint8Array>();
  for (const f of raw.values()) rawBytes.set(f.sha256, f.bytes);
  const tasks = new Map<string, NormalizedTask>();
  for (const { task } of fresh) tasks.set(taskIdOf(task.key), task);

  const rolloutRows = fresh.map(({ task, rollout, verdict }, n) => [
    freshIds[n]!,
    runId,
    taskIdOf(task.key),
    rollout.id,
    rollout.status,
    rollout.rule,
    rollout.gate,
    rollout.penalties,
    rollout.reportedPassed,
    rollout.reportedReward,
    verdict.passed,
    verdict.reward,
    rollout.terminationReason,
    rollout.toolCalls,
    rollout.toolErrors,
    rollout.agentOutput,
    rollout.error,
    rollout.errorCategory,
    rollout.startedAt ? new Date(rollout.startedAt) : null,
    rollout.finishedAt ? new Date(rollout.finishedAt) : null,
    rollout.durationMs,
    rollout.costUsd,
    rollout.tokens,
    rollout.source.path,
    rollout.source.format,
    rollout.source.sha256,
    rolloutFiles[n],
    rollout.warnings,
    rollout.metadata,
  ]);
  const checkRows = fresh.flatMap(({ rollout }, n) =>
    rollout.checks.map((c) => [
      freshIds[n]!,
      c.order,
      c.key,
      c.label,
      c.passed,
      c.score,
      c.required,
      c.dimension,
      c.status,
      c.detail,
      c.weight,
      c.reason,
      c.failureTag,
      c.evidenceRefs,
      c.metadata,
    ]),
  );
  const now = new Date();
  return {
    outcomes,
    tables: [
      {
        table: "RawFile",
        columns: RAW_FILE_COLUMNS,
        rows: [...rawBytes].map(([sha256, bytes]) => [sha256, bytes.byteLength, bytes, now]),
        ignoreConflicts: true,
      },
      {
        table: "RunFile",
        columns: RUN_FILE_COLUMNS,
        rows: [...raw.values()].map(({ path, sha256 }) => [runId, path, sha256]),
        ignoreConflicts: true,
      },
      {
        table: "Task",
        columns: TASK_COLUMNS,
        rows: [...tasks].map(([id, t]) => [id, runId, t.key, t.taskId, t.name, t.group, t.weight, null]),
        ignoreConflicts: true,
      },
      { table: "Rollout", columns: ROLLOUT_COLUMNS, rows: rolloutRows },
      { table: "Check", columns: CHECK_COLUMNS, rows: checkRows },
    ],
  };
}

/** Keeps the bytes of refused files with their reasons, so nothing a user uploaded is lost. */
export async function storeRejectedFiles(
  db: Db,
  refused: readonly { file: InputFile; error: string }[],
): Promise<void> {
  if (refused.length === 0) return;
  const rows = refused.map(({ file, error }) => ({ sha256: sha256Hex(file.bytes), file, error }));
  const connection = await sqliteConnection(db);
  if (connection) {
    const now = new Date();
    await writeTransaction(connection, () => {
      insertRowsSqlite(connection, {
        table: "RawFile",
        columns: RAW_FILE_COLUMNS,
        rows: rows.map(({ sha256, file }) => [sha256, file.bytes.byteLength, file.bytes, now]),
        ignoreConflicts: true,
      });
      const upsert = prepared(
        connection,
        `INSERT INTO "RejectedFile" ("sha256", "path", "error", "createdAt") VALUES (?, ?, ?, ?) ` +
          `ON CONFLICT ("sha256", "path") DO UPDATE SET "error" = excluded."error"`,
      );
      for (const { sha256, file, error } of rows) upsert.run(sha256, file.path, error, encode(now, "date", "sqlite"));
    });
    return;
  }
  for (const { sha256, file, error } of rows) {
    await db.$transaction([
      db.rawFile.upsert({
        where: { sha256 },
        create: { sha256, size: file.bytes.byteLength, bytes: new Uint8Array(file.bytes) },
        update: {},
      }),
      db.rejectedFile.upsert({
        where: { sha256_path: { sha256, path: file.path } },
        create: { sha256, path: file.path, error },
        update: { error },
      }),
    ]);
  }
}
