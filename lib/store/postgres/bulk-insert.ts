import { jsonText } from "../sql/json-text";
import type pg from "pg";
import { columnNames, type ColumnKind, type Table } from "../rows";
import { onConflict, type Conflict } from "../sql/rule";

/** A value as bound for PostgreSQL: JSON as text, dates as ISO text in UTC (how `timestamp(3)` holds them). */
export function encode(value: unknown, kind: ColumnKind): unknown {
  // A null value is the JSON literal null, as Prisma writes it; it reads back as null (Rollout.trace).
  if (kind === "json") return jsonText(value);
  if (value === null || value === undefined) return null;
  if (kind === "date") return (value as Date).toISOString();
  if (kind === "bytes") {
    // A view, not a copy: the driver copies the bytes into the statement itself.
    const bytes = value as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return value;
}

/** The array type a column's values are bound as; PostgreSQL casts each element to the column's own type. */
const ARRAY_TYPE: Record<ColumnKind, string> = {
  text: "text[]",
  number: "float8[]",
  bool: "bool[]",
  json: "jsonb[]",
  bytes: "bytea[]",
  date: "timestamp(3)[]",
};

/**
 * The bytes one statement binds at most, beside one row that alone holds more: pg writes a bytea array as hex
 * text, twice the bytes, and one string or one bound value must stay far below what V8 (about 512 MB) and
 * PostgreSQL (1 GB) can hold.
 */
export const STATEMENT_BYTES = 32 * 1024 * 1024;

/**
 * One `INSERT … SELECT * FROM unnest($1::text[], …)` per table for the ingest hot path: one bound array per
 * column, whatever the number of rows, so a batch of thousands of rows is a handful of parameters for
 * PostgreSQL to parse instead of one placeholder per cell; rows holding more than STATEMENT_BYTES of bytes
 * columns are split over several statements. Runs on a pg client inside the caller's transaction; each value
 * is taken from its row by column name and bound, never spliced into SQL. Returns the number of rows written.
 */
export async function insertByColumns<Row>(
  client: Pick<pg.ClientBase, "query">,
  table: Table<Row>,
  rows: readonly Row[],
  conflict: Conflict,
): Promise<number> {
  const names = columnNames(table);
  const columns = names.map((n) => `"${n}"`).join(", ");
  const arrays = names.map((n, i) => `$${i + 1}::${ARRAY_TYPE[table.columns[n]]}`).join(", ");
  const statement = `INSERT INTO "${table.name}" (${columns}) SELECT * FROM unnest(${arrays})${onConflict(conflict)}`;
  let written = 0;
  for (const group of byStatementBytes(table, rows)) {
    const params = names.map((n) => group.map((row) => encode(row[n], table.columns[n])));
    written += (await client.query(statement, params)).rowCount ?? 0;
  }
  return written;
}

/** Rows in runs whose bytes columns hold at most STATEMENT_BYTES together (a bigger row alone). */
export function byStatementBytes<Row>(table: Table<Row>, rows: readonly Row[]): Row[][] {
  const bytesColumns = columnNames(table).filter((n) => table.columns[n] === "bytes");
  const groups: Row[][] = [];
  let group: Row[] = [];
  let held = 0;
  for (const row of rows) {
    let size = 0;
    for (const n of bytesColumns) size += (row[n] as Uint8Array | null)?.byteLength ?? 0;
    if (group.length > 0 && held + size > STATEMENT_BYTES) {
      groups.push(group);
      group = [];
      held = 0;
    }
    group.push(row);
    held += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** One `UPDATE … FROM unnest(keys, values)`: `column` set on each row found by `key`, one statement in all. */
export async function updateByColumns(
  client: Pick<pg.ClientBase, "query">,
  table: Table<unknown>,
  key: string,
  column: string,
  pairs: readonly (readonly [string, unknown])[],
): Promise<void> {
  const kind = (table.columns as Record<string, ColumnKind>)[column]!;
  await client.query(
    `UPDATE "${table.name}" AS t SET "${column}" = u."value" ` +
      `FROM unnest($1::text[], $2::${ARRAY_TYPE[kind]}) AS u("key", "value") WHERE t."${key}" = u."key"`,
    [pairs.map(([k]) => k), pairs.map(([, v]) => encode(v, kind))],
  );
}
