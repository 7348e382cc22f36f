import pg from "pg";
import type { ColumnKind } from "../rows";
import { runAsync, type Dialect, type Kinds, type Op, type Rule } from "../sql/rule";
import { join, Param, render, sql, type Fragments, type Renderer } from "../sql/sql";
import { encode, insertByColumns, updateByColumns } from "./bulk-insert";

/*
 * PostgreSQL under the store's rules. Contract: every read and write goes through one pg pool per process (10
 * connections); a write is one transaction on a pool client of its own, rolled back when it throws, and a
 * rule's `lock` is an advisory lock held to its end, so several app instances and CLI ingests may share the
 * database. Bulk rows go as one bound array per column (bulk-insert.ts).
 */

const fragments: Fragments = {
  forUpdate: () => sql` FOR UPDATE`,
  inList: (column, values, kind) =>
    sql`${column} = ANY(${new Param(values, "text", kind === "text" ? "text[]" : "int[]")})`,
  jsonText: (column) => sql`${column}::text`,
  jsonLength: (column) => sql`jsonb_array_length(${column})`,
  jsonStringsHead: (column, count, chars) =>
    sql`(SELECT coalesce(jsonb_agg(substr(x.e, 1, ${chars}) ORDER BY x.n), '[]'::jsonb) FROM (SELECT e, n FROM jsonb_array_elements_text(${column}) WITH ORDINALITY AS a(e, n) ORDER BY n LIMIT ${count}) x)`,
  jsonArray: (values) => sql`json_build_array(${join(values, ", ")})`,
  jsonValue: (column) => column,
  textAgg: (value, separator, order) => sql`string_agg(${value}, ${separator}::text ORDER BY ${order})`,
  jsonArrayAgg: (value, order) => sql`coalesce(json_agg(${value} ORDER BY ${order}), '[]'::json)`,
  // The generated tsvector column "search" (GIN-indexed), in the 'simple' configuration it was built with.
  stepTextMatch: (mode, words) =>
    mode === "phrase"
      ? sql`s."search" @@ phraseto_tsquery('simple', ${words.join(" ")})`
      : sql`s."search" @@ plainto_tsquery('simple', ${words.join(" ")})`,
};

/** The cast a placeholder of each kind needs where PostgreSQL cannot infer it. */
const CAST: Partial<Record<ColumnKind, string>> = { json: "jsonb", date: "timestamp(3)" };

const renderer: Renderer = {
  fragments,
  bind: (param, n) => {
    const cast = param.cast ?? CAST[param.kind];
    return {
      placeholder: cast ? `$${n}::${cast}` : `$${n}`,
      value: param.cast ? param.value : encode(param.value, param.kind),
    };
  },
};

/**
 * How values come back: `timestamp(3)` holds UTC (as Prisma writes it), which pg would read as local time;
 * counts are cast to integer in the SQL, and a bigint left over is read as a number.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => {
    if (oid === pg.types.builtins.TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    if (oid === pg.types.builtins.INT8) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format) as unknown;
  },
};

/** A row as pg gives it decoded by the kinds of its columns (bytes as a Uint8Array); others pass as they are. */
function decodeRow(kinds: Kinds, row: Record<string, unknown>): unknown {
  for (const name in kinds) {
    const value = row[name];
    if (kinds[name] === "bytes" && Buffer.isBuffer(value))
      row[name] = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  return row;
}

type Client = Pick<pg.ClientBase, "query">;

export class PostgresDialect implements Dialect {
  readonly provider = "postgres";
  readonly #pool: pg.Pool;

  constructor(url: string) {
    this.#pool = new pg.Pool({ connectionString: url, max: 10, types });
    // An idle connection the server closes (a restart, a dropped database) leaves the pool; the next query
    // opens another. Without a listener, pg raises it as an uncaught exception.
    this.#pool.on("error", () => undefined);
  }

  read<T>(rule: Rule<T>): Promise<T> {
    return runAsync(rule, (op) => {
      if (op.op === "pause") return undefined;
      if (op.op !== "rows") throw new Error(`a ${op.op} in a read: writes run in write()`);
      return this.#exec(this.#pool, op);
    });
  }

  /** One transaction on a pool client of its own; rolled back when the rule throws. */
  async write<T>(rule: Rule<T>): Promise<T> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await runAsync(rule, (op) => this.#exec(client, op));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
      throw error;
    } finally {
      client.release(broken); // a client that cannot roll back is not reused
    }
  }

  async #exec(client: Client, op: Op): Promise<unknown> {
    switch (op.op) {
      case "rows": {
        const { text, values } = render(op.query, renderer);
        const result = await client.query<Record<string, unknown>>(text, values);
        return result.rows.map((row) => decodeRow(op.kinds, row));
      }
      case "run": {
        const { text, values } = render(op.query, renderer);
        return (await client.query(text, values)).rowCount ?? 0;
      }
      case "insert":
        return insertByColumns(client, op.table, op.rows, op.conflict);
      case "update":
        return updateByColumns(client, op.table, op.key, op.column, op.pairs);
      case "lock":
        return client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [op.key]).then(() => undefined);
      case "pause":
        throw new Error("a write gives the event loop back only when it ends");
    }
  }

  bulkWrites<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async close() {
    if (!this.#pool.ended) await this.#pool.end();
  }
}
