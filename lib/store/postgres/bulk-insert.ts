import type pg from "pg";
import type { Db } from "@/lib/db/client";
import { columnNames, type ColumnKind, type Table } from "../rows";

/** Bound parameters per statement: under PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/** A value as bound for PostgreSQL; JSON goes as text and is cast to jsonb by its placeholder. */
export function encode(value: unknown, kind: ColumnKind): unknown {
  // A null value is the JSON literal null, as Prisma writes it; it reads back as null (Rollout.trace).
  if (kind === "json") return JSON.stringify(value ?? null);
  if (value === null || value === undefined) return null;
  if (kind === "bytes") {
    // A view, not a copy: the driver copies the bytes into the statement itself.
    const bytes = value as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return value;
}

export function placeholder(n: number, kind: ColumnKind): string {
  if (kind === "json") return `$${n}::jsonb`;
  if (kind === "date") return `$${n}::timestamp(3)`;
  return `$${n}`;
}

/**
 * Multi-row INSERT statements for the ingest hot path (Prisma's createMany spends most of an ingest in its
 * query compiler), to run in one transaction: `db.$transaction([...])`, or awaited in turn inside an
 * interactive one. Each value is taken from its row by column name and bound as a parameter, never spliced
 * into SQL.
 */
export function bulkInsert<Row>(
  db: Pick<Db, "$executeRawUnsafe">,
  table: Table<Row>,
  rows: readonly Row[],
  options: { ignoreConflicts?: boolean } = {},
) {
  const names = columnNames(table);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / names.length));
  const columns = names.map((n) => `"${n}"`).join(", ");
  const conflict = options.ignoreConflicts ? " ON CONFLICT DO NOTHING" : "";
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const cells = names.map((name) => {
        const kind = table.columns[name];
        params.push(encode(row[name], kind));
        return placeholder(params.length, kind);
      });
      return `(${cells.join(", ")})`;
    });
    statements.push(
      db.$executeRawUnsafe(
        `INSERT INTO "${table.name}" (${columns}) VALUES ${tuples.join(", ")}${conflict}`,
        ...params,
      ),
    );
  }
  return statements;
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

/** A value as an element of a bound array: dates as ISO text in UTC (how Prisma stores `timestamp(3)`). */
function arrayCell(value: unknown, kind: ColumnKind): unknown {
  if (kind === "date") return value instanceof Date ? value.toISOString() : null;
  return encode(value, kind);
}

/**
 * One `INSERT … SELECT * FROM unnest($1::text[], …)` per table for the ingest hot path: one bound array per
 * column, whatever the number of rows, so a batch of thousands of rows is a handful of parameters for
 * PostgreSQL to parse instead of one placeholder per cell. Runs on a pg client inside the caller's
 * transaction; each value is taken from its row by column name and bound, never spliced into SQL.
 */
export async function insertByColumns<Row>(
  client: Pick<pg.ClientBase, "query">,
  table: Table<Row>,
  rows: readonly Row[],
  options: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const names = columnNames(table);
  const columns = names.map((n) => `"${n}"`).join(", ");
  const arrays = names.map((n, i) => `$${i + 1}::${ARRAY_TYPE[table.columns[n]]}`).join(", ");
  const params = names.map((n) => rows.map((row) => arrayCell(row[n], table.columns[n])));
  const conflict = options.ignoreConflicts ? " ON CONFLICT DO NOTHING" : "";
  await client.query(`INSERT INTO "${table.name}" (${columns}) SELECT * FROM unnest(${arrays})${conflict}`, params);
}
