import type pg from "pg";
import { columnNames, type ColumnKind, type Table } from "../rows";
import { onConflict, type Conflict } from "../sql/rule";

/** A value as bound for PostgreSQL: JSON as text, dates as ISO text in UTC (how `timestamp(3)` holds them). */
export function encode(value: unknown, kind: ColumnKind): unknown {
  // A null value is the JSON literal null, as Prisma writes it; it reads back as null (Rollout.trace).
  if (kind === "json") return JSON.stringify(value ?? null);
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
 * One `INSERT … SELECT * FROM unnest($1::text[], …)` per table for the ingest hot path: one bound array per
 * column, whatever the number of rows, so a batch of thousands of rows is a handful of parameters for
 * PostgreSQL to parse instead of one placeholder per cell. Runs on a pg client inside the caller's
 * transaction; each value is taken from its row by column name and bound, never spliced into SQL. Returns the
 * number of rows written.
 */
export async function insertByColumns<Row>(
  client: Pick<pg.ClientBase, "query">,
  table: Table<Row>,
  rows: readonly Row[],
  conflict: Conflict,
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = columnNames(table);
  const columns = names.map((n) => `"${n}"`).join(", ");
  const arrays = names.map((n, i) => `$${i + 1}::${ARRAY_TYPE[table.columns[n]]}`).join(", ");
  const params = names.map((n) => rows.map((row) => encode(row[n], table.columns[n])));
  const result = await client.query(
    `INSERT INTO "${table.name}" (${columns}) SELECT * FROM unnest(${arrays})${onConflict(conflict)}`,
    params,
  );
  return result.rowCount ?? 0;
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
