import { jsonText } from "../sql/json-text";
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { columnNames, type ColumnKind, type Table } from "../rows";
import { onConflict, type Conflict } from "../sql/rule";

export type Connection = Database.Database;

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 15_000;

/**
 * Opens the store's connection. WAL (also set by lib/db/migrate.ts) lets readers in other processes go on
 * while one writes; synchronous=NORMAL means a commit does not wait for fsync, and a crash or kill still
 * leaves every transaction whole or absent (only an OS crash or power loss can drop the last commits):
 * SQLite's recommended setting for WAL.
 */
export function openConnection(file: string): Connection {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  return connection;
}

/** Prepared statements of one connection, prepared once; integers come back as numbers, not BigInt. */
export class Statements {
  readonly #cache = new Map<string, Database.Statement>();
  constructor(private readonly connection: Connection) {}

  get(sql: string): Database.Statement {
    let statement = this.#cache.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      if (statement.reader) statement.safeIntegers(false);
      this.#cache.set(sql, statement);
    }
    return statement;
  }

  /** Like `get`, but rows come back as arrays of column values (a separate statement: raw mode is per statement). */
  arrays(sql: string): Database.Statement {
    const key = `arrays:${sql}`;
    let statement = this.#cache.get(key);
    if (!statement) {
      statement = this.connection.prepare(sql).safeIntegers(false).raw(true);
      this.#cache.set(key, statement);
    }
    return statement;
  }
}

/** A value as SQLite stores it: booleans as 0/1, dates as ISO text, JSON as text, bytes as a Buffer view. */
export function encode(value: unknown, kind: ColumnKind): unknown {
  // Json columns are required in the schema: a null value is the JSON literal null, as Prisma writes it.
  if (kind === "json") return jsonText(value);
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "bool":
      return value ? 1 : 0;
    case "date":
      return (value as Date).toISOString();
    case "bytes": {
      // A view, not a copy: the driver copies the bytes into the statement itself.
      const bytes = value as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    default:
      return value;
  }
}

/** SQLite's own CURRENT_TIMESTAMP form (UTC, no zone), as a column default writes it. */
const SQL_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/;

/** A stored value back to what was written: the inverse of `encode`. */
export function decode(value: unknown, kind: ColumnKind): unknown {
  if (kind === "json") return typeof value === "string" ? (JSON.parse(value) as unknown) : (value ?? null);
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "bool":
      return value === 1 || value === 1n || value === true;
    case "date":
      if (typeof value === "string" && SQL_TIMESTAMP.test(value)) return new Date(`${value.replace(" ", "T")}Z`);
      return new Date(value as string | number);
    case "bytes": {
      const buffer = value as Buffer;
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    }
    default:
      return value;
  }
}

/**
 * A row as selected, decoded in place by the kinds of its columns; other columns pass as they are (a read
 * that names no kinds, such as the scoring read, costs nothing here).
 */
export function decodeRow(kinds: Readonly<Record<string, ColumnKind>>, row: Record<string, unknown>): unknown {
  for (const name in kinds) if (name in row) row[name] = decode(row[name], kinds[name]!);
  return row;
}

/**
 * Inserts rows through one prepared single-row statement (on SQLite a cached prepared statement beats any
 * multi-row one), inside the caller's transaction. Each value is taken from the row by its column name.
 * Returns the number of rows written.
 */
export function insertRows<Row>(
  statements: Statements,
  table: Table<Row>,
  rows: readonly Row[],
  conflict: Conflict,
): number {
  if (rows.length === 0) return 0;
  const names = columnNames(table);
  const kinds = names.map((name) => table.columns[name]);
  const statement = statements.get(
    `INSERT INTO "${table.name}" (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})` +
      onConflict(conflict),
  );
  const values: unknown[] = new Array(names.length);
  let written = 0;
  for (const row of rows) {
    for (let c = 0; c < names.length; c++) values[c] = encode(row[names[c]!], kinds[c]!);
    written += statement.run(values).changes;
  }
  return written;
}
