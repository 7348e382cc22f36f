import { join, render, sql, type Fragments, type Renderer } from "../sql/sql";
import { runAsync, runSync, type Dialect, type Op, type Rule } from "../sql/rule";
import type { Table } from "../rows";
import { decodeRow, encode, insertRows, openConnection, Statements, type Connection } from "./connection";

/*
 * SQLite under the store's rules. Contract: every read and write of a SQLite deployment goes through this ONE
 * better-sqlite3 connection per process; Prisma is not used on SQLite at run time (lib/db/migrate.ts applies
 * the committed migrations on a connection of its own before the store opens). better-sqlite3 is synchronous:
 * a write runs its rule from BEGIN IMMEDIATE to COMMIT without yielding, so within the process nothing
 * interleaves with it and nothing waits on a lock held by an await (a rule's `lock` is already held). Other
 * processes (a CLI ingest next to the server) are serialised by SQLite's write lock: a writer waits up to the
 * busy timeout, and WAL lets readers go on meanwhile.
 */

/**
 * The WAL an ingest lets grow between checkpoints. Unchecked, it grew to 3 times the data it held (each commit
 * appends the pages it changed, again and again for the same index pages): 2.1 GB for a 670 MB database of
 * 100,000 rollouts, and 23 GB 16 minutes into an ingest of 1,000,000 (whose database is 6.7 GB).
 */
const BULK_WAL_BYTES = 256 * 2 ** 20;

const fragments: Fragments = {
  forUpdate: () => sql``,
  // One statement whatever the number of values: they go as one JSON array.
  inList: (column, values) => sql`${column} IN (SELECT "value" FROM json_each(${JSON.stringify(values)}))`,
  jsonText: (column) => column,
  jsonLength: (column) => sql`json_array_length(${column})`,
  jsonStringsHead: (column, count, chars) =>
    sql`(SELECT json_group_array(substr(x."value", 1, ${chars})) FROM (SELECT "value" FROM json_each(${column}) ORDER BY "key" LIMIT ${count}) x)`,
  jsonArray: (values) => sql`json_array(${join(values, ", ")})`,
  jsonValue: (column) => sql`json(${column})`,
  textAgg: (value, separator, order) => sql`group_concat(${value}, ${separator} ORDER BY ${order})`,
  jsonArrayAgg: (value, order) => sql`json_group_array(${value} ORDER BY ${order})`,
  // FTS5 query syntax: each word quoted; side by side they must all match, inside one pair of quotes as a phrase.
  stepTextMatch: (mode, words) =>
    sql`s."id" IN (SELECT rowid FROM "TraceStepFts" WHERE "TraceStepFts" MATCH ${
      mode === "phrase" ? `"${words.join(" ")}"` : words.map((w) => `"${w}"`).join(" ")
    })`,
};

const renderer: Renderer = {
  fragments,
  bind: (param) => ({ placeholder: "?", value: encode(param.value, param.kind) }),
};

export class SqliteDialect implements Dialect {
  readonly provider = "sqlite";
  readonly #connection: Connection;
  readonly #sql: Statements;
  /** Overlapping bulk writes, and the automatic-checkpoint setting to restore after the last. */
  #bulk = { depth: 0, saved: 0 };

  /** `bulkWalBytes`: the WAL a bulk write lets grow between checkpoints (tests make it small). */
  constructor(
    file: string,
    private readonly bulkWalBytes = BULK_WAL_BYTES,
  ) {
    this.#connection = openConnection(file);
    this.#sql = new Statements(this.#connection);
  }

  read<T>(rule: Rule<T>): Promise<T> {
    return runAsync(rule, (op) => {
      if (op.op === "pause") return new Promise((resolve) => setImmediate(resolve));
      if (op.op !== "rows") throw new Error(`a ${op.op} in a read: writes run in write()`);
      return this.#exec(op);
    });
  }

  async write<T>(rule: Rule<T>): Promise<T> {
    return this.#connection.transaction(() => runSync(rule, (op) => this.#exec(op))).immediate();
  }

  #exec(op: Op): unknown {
    switch (op.op) {
      case "rows": {
        const { text, values } = render(op.query, renderer);
        const rows = this.#sql.get(text).all(values) as Record<string, unknown>[];
        return rows.map((row) => decodeRow(op.kinds, row));
      }
      case "run": {
        const { text, values } = render(op.query, renderer);
        return this.#sql.get(text).run(values).changes;
      }
      case "insert":
        return insertRows(this.#sql, op.table, op.rows, op.conflict);
      case "update": {
        const kind = (op.table as Table<Record<string, unknown>>).columns[op.column]!;
        const statement = this.#sql.get(`UPDATE "${op.table.name}" SET "${op.column}" = ? WHERE "${op.key}" = ?`);
        for (const [key, value] of op.pairs) statement.run(encode(value, kind), key);
        return undefined;
      }
      case "lock":
        // The write transaction (BEGIN IMMEDIATE) holds the database's write lock already.
        return undefined;
      case "pause":
        throw new Error("a write gives the event loop back only when it ends");
    }
  }

  /**
   * Spaces SQLite's automatic WAL checkpoints out during an ingest: by default SQLite copies the WAL into the
   * database file every ~4 MB written, with an fsync each time, a large share of a big ingest. Every
   * `bulkWalBytes` instead, so the WAL stays about that size whatever the ingest's. A checkpoint runs after the last
   * of any overlapping bulk writes, and the usual setting comes back.
   */
  async bulkWrites<T>(work: () => Promise<T>): Promise<T> {
    const connection = this.#connection;
    if (this.#bulk.depth === 0) {
      this.#bulk.saved = Number(connection.pragma("wal_autocheckpoint", { simple: true }));
      const pageSize = Number(connection.pragma("page_size", { simple: true }));
      connection.pragma(`wal_autocheckpoint = ${Math.ceil(this.bulkWalBytes / pageSize)}`);
    }
    this.#bulk.depth++;
    try {
      return await work();
    } finally {
      this.#bulk.depth--;
      if (this.#bulk.depth === 0 && connection.open) {
        connection.pragma(`wal_autocheckpoint = ${this.#bulk.saved}`);
        connection.pragma("wal_checkpoint(PASSIVE)");
      }
    }
  }

  async close() {
    if (this.#connection.open) this.#connection.close();
  }
}
