import type Database from "better-sqlite3";
import type { Db } from "./client";
import { providerOf } from "./client";
import { prepared } from "./sqlite-direct";

/** How a column's JavaScript value is written; the database type follows from it per provider. */
export type ColumnKind = "text" | "number" | "bool" | "json" | "bytes" | "date";

export interface BulkTable {
  table: string;
  columns: readonly (readonly [name: string, kind: ColumnKind])[];
  rows: readonly (readonly unknown[])[];
  /** Skip rows whose key is already stored (content-addressed files, a task seen in an earlier batch). */
  ignoreConflicts?: boolean;
}

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

export function encode(value: unknown, kind: ColumnKind, provider: "sqlite" | "postgres"): unknown {
  // Json columns are required in the schema: a null value is the JSON literal null, as Prisma writes it.
  if (kind === "json") return JSON.stringify(value ?? null);
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "bool":
      return provider === "sqlite" ? (value ? 1 : 0) : Boolean(value);
    case "date":
      return provider === "sqlite" ? (value as Date).toISOString() : value;
    case "bytes":
      // A view, not a copy: the driver copies the bytes into the statement itself.
      return Buffer.from(
        (value as Uint8Array).buffer,
        (value as Uint8Array).byteOffset,
        (value as Uint8Array).byteLength,
      );
    default:
      return value;
  }
}

function placeholder(n: number, kind: ColumnKind, provider: "sqlite" | "postgres"): string {
  if (provider === "sqlite") return "?";
  if (kind === "json") return `$${n}::jsonb`;
  if (kind === "date") return `$${n}::timestamp(3)`;
  return `$${n}`;
}

/**
 * Multi-row INSERT statements for the ingest hot path. Prisma's createMany spends most of an ingest in its
 * query compiler; these go straight to the driver adapter, still on Prisma's connection, so they can run in
 * one `db.$transaction([...])` with anything else. Values are bound parameters, never spliced into SQL.
 */
export function bulkInsert(db: Db, { table, columns, rows, ignoreConflicts }: BulkTable) {
  const provider = providerOf(db);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const cells = columns.map(([, kind], c) => {
        params.push(encode(row[c], kind, provider));
        return placeholder(params.length, kind, provider);
      });
      return `(${cells.join(", ")})`;
    });
    const conflict = ignoreConflicts ? " ON CONFLICT DO NOTHING" : "";
    statements.push(
      db.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) VALUES ${tuples.join(", ")}${conflict}`, ...params),
    );
  }
  return statements;
}

/**
 * The same rows through one prepared single-row statement on a direct better-sqlite3 connection (inside the
 * caller's transaction): on SQLite a cached prepared statement beats any multi-row statement.
 */
export function insertRowsSqlite(
  connection: Database.Database,
  { table, columns, rows, ignoreConflicts }: BulkTable,
): void {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const statement = prepared(
    connection,
    `INSERT INTO "${table}" (${names}) VALUES (${columns.map(() => "?").join(", ")})${ignoreConflicts ? " ON CONFLICT DO NOTHING" : ""}`,
  );
  const values: unknown[] = new Array(columns.length);
  for (const row of rows) {
    for (let c = 0; c < columns.length; c++) values[c] = encode(row[c], columns[c]![1], "sqlite");
    statement.run(values);
  }
}
