import type { Db } from "../client";
import { insertRowsSqlite } from "../bulk-insert";
import { runRowId } from "../ids";
import { toJson } from "../json";
import { prepared, sqliteConnection, writeTransaction, type Connection } from "../sqlite-direct";
import type { NormalizedRun } from "@/lib/formats/types";

const RUN_COLUMNS = [
  ["id", "text"],
  ["key", "text"],
  ["name", "text"],
  ["agent", "text"],
  ["model", "text"],
  ["format", "text"],
  ["createdAt", "date"],
  ["ingestedAt", "date"],
  ["labels", "json"],
  ["metadata", "json"],
  ["warnings", "json"],
  ["regrades", "json"],
  ["passThreshold", "number"],
  ["summary", "json"],
] as const;

/** Finds the run a batch maps to, creating it (empty) when new. Returns its id and whether it was created. */
export async function upsertRun(
  db: Db,
  key: string,
  run: NormalizedRun,
  options: { baseline?: boolean },
): Promise<{ id: string; created: boolean }> {
  const id = runRowId(key);
  const createdAt = run.createdAt ? new Date(run.createdAt) : null;
  const connection = await sqliteConnection(db);
  if (connection) {
    return writeTransaction(connection, () => {
      const created = prepared(connection, `SELECT "id" FROM "Run" WHERE "id" = ?`).get(id) === undefined;
      const row = [
        id,
        key,
        run.name,
        run.agent,
        run.model,
        run.format,
        createdAt,
        new Date(),
        [],
        run.metadata,
        run.warnings,
        run.regrades,
        run.passThreshold,
        null,
      ];
      if (created) insertRowsSqlite(connection, { table: "Run", columns: RUN_COLUMNS, rows: [row] });
      if (options.baseline) baselineStatements(connection, id, true);
      return { id, created };
    });
  }
  const existing = await db.run.findUnique({ where: { id }, select: { id: true } });
  if (!existing) {
    await db.run.create({
      data: {
        id,
        key,
        name: run.name,
        agent: run.agent,
        model: run.model,
        format: run.format,
        createdAt,
        labels: toJson([]),
        metadata: toJson(run.metadata),
        warnings: toJson(run.warnings),
        regrades: toJson(run.regrades),
        passThreshold: run.passThreshold,
        summary: toJson(null),
      },
    });
  }
  if (options.baseline) await setBaseline(db, id);
  return { id, created: !existing };
}

function baselineStatements(connection: Connection, runId: string, baseline: boolean): void {
  if (baseline) prepared(connection, `UPDATE "Run" SET "baseline" = 0 WHERE "baseline" = 1 AND "id" <> ?`).run(runId);
  prepared(connection, `UPDATE "Run" SET "baseline" = ? WHERE "id" = ?`).run(baseline ? 1 : 0, runId);
}

/** Marks one run as the baseline every comparison defaults to; at most one baseline at a time. */
export async function setBaseline(db: Db, runId: string, baseline = true): Promise<void> {
  await db.$transaction([
    ...(baseline
      ? [db.run.updateMany({ where: { baseline: true, NOT: { id: runId } }, data: { baseline: false } })]
      : []),
    db.run.update({ where: { id: runId }, data: { baseline } }),
  ]);
}
