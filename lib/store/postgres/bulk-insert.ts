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
