import Database from "better-sqlite3";
import type { Db } from "./client";
import { processWideWeakMap } from "./process-wide";

/*
 * The hot paths of a SQLite deployment (bulk ingest, loading a whole run) talk to better-sqlite3 directly,
 * on the SAME connection Prisma's adapter opened: going through Prisma's raw-query path cost most of an
 * ingest (statements prepared per call, every value serialised twice) and of a run page. Sharing the
 * connection (not opening a second one) means there is no lock to wait for inside this process, and a
 * synchronous transaction cannot deadlock against one of Prisma's that is waiting on the event loop.
 */

export type Connection = Database.Database;

/** What this module needs of Prisma's better-sqlite3 adapter factory and of the adapter it opens. */
interface Adapter {
  dispose(): Promise<void>;
}
interface AdapterFactory<A extends Adapter> {
  connect(): Promise<A>;
}

/**
 * Makes the factory open ONE connection, shared by Prisma and by this module: whoever needs it first opens
 * it, so a process that only takes the direct paths (a CLI ingest) never loads Prisma's query engine. After
 * Prisma disposes it ($disconnect) the next use opens a new one.
 */
export class SharedConnection<A extends Adapter> {
  #opening: Promise<A> | null = null;
  constructor(private readonly factory: AdapterFactory<A>) {}

  adapter(): Promise<A> {
    if (!this.#opening) {
      this.#opening = this.factory.connect().then((adapter) => {
        // WAL (set by lib/db/migrate.ts) with synchronous=NORMAL: a commit no longer waits for fsync, and a
        // crash or kill still leaves every transaction whole or absent; only an OS crash or power loss can
        // drop the last commits. This is SQLite's recommended setting for WAL.
        const client = (adapter as { client?: unknown }).client;
        if (client instanceof Database) client.pragma("synchronous = NORMAL");
        const dispose = adapter.dispose.bind(adapter);
        adapter.dispose = () => {
          this.#opening = null;
          return dispose();
        };
        return adapter;
      });
      this.#opening.catch(() => (this.#opening = null));
    }
    return this.#opening;
  }

  /** The better-sqlite3 connection, or null when the adapter does not expose it (then callers use Prisma). */
  async connection(): Promise<Connection | null> {
    const client = ((await this.adapter()) as { client?: unknown }).client;
    return client instanceof Database ? client : null;
  }
}

const shared = processWideWeakMap<object, SharedConnection<Adapter>>("sqlite-connection");

/**
 * The adapter factory to give Prisma: the same as `factory` (provider, name, shadow database) except that
 * `connect()` hands out the shared connection. Call `shareWith` once the client exists.
 */
export function sharingFactory<F extends AdapterFactory<Adapter>>(
  factory: F,
  connection: SharedConnection<Adapter>,
): F {
  const wrapped = Object.create(factory) as F;
  wrapped.connect = () => connection.adapter();
  return wrapped;
}

export function shareWith(db: Db, connection: SharedConnection<Adapter>): void {
  shared.set(db, connection);
}

/** The better-sqlite3 connection behind a SQLite client, or null (PostgreSQL, or an adapter that hides it). */
export async function sqliteConnection(db: Db): Promise<Connection | null> {
  return (await shared.get(db)?.connection()) ?? null;
}

const statements = processWideWeakMap<Connection, Map<string, Database.Statement>>("sqlite-statements");

/**
 * A prepared statement, prepared once per connection; integers come back as numbers, not BigInt, and rows as
 * objects or, with `rows: "arrays"`, as arrays of column values.
 */
export function prepared(
  connection: Connection,
  sql: string,
  options: { rows?: "objects" | "arrays" } = {},
): Database.Statement {
  const arrays = options.rows === "arrays";
  // The row shape is a mode of the statement object: cache one statement per SQL text and shape.
  const key = arrays ? `arrays:${sql}` : sql;
  let cache = statements.get(connection);
  if (!cache) statements.set(connection, (cache = new Map<string, Database.Statement>()));
  let statement = cache.get(key);
  if (!statement) {
    statement = connection.prepare(sql);
    if (statement.reader) statement.safeIntegers(false).raw(arrays);
    cache.set(key, statement);
  }
  return statement;
}

/** A short wait that lets the event loop (and Prisma's open transaction) move on without spinning the CPU. */
const shortWait = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

/**
 * Runs `work` as one IMMEDIATE transaction on the shared connection. Prisma may have a transaction open on
 * it (begun, waiting on the event loop for its next statement): wait for it to finish rather than nest
 * inside it. Once started, `work` runs to COMMIT synchronously, so nothing else interleaves.
 */
export async function writeTransaction<T>(connection: Connection, work: () => T): Promise<T> {
  while (connection.inTransaction) await shortWait();
  return connection.transaction(work).immediate();
}

const bulkDepth = processWideWeakMap<Connection, { depth: number; saved: number }>("sqlite-bulk-writes");

/**
 * Runs a bulk write (an ingest) with SQLite's automatic WAL checkpoints held back: by default SQLite copies
 * the WAL into the database file every ~4 MB written, with an fsync each time, which for a 70 MB ingest cost
 * more than a tenth of its time. One checkpoint runs after the last of any overlapping bulk writes, and the
 * usual setting comes back. On PostgreSQL, or without a direct connection, `work` just runs.
 */
export async function bulkWrites<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const connection = await sqliteConnection(db);
  if (!connection) return work();
  let state = bulkDepth.get(connection);
  if (!state || state.depth === 0) {
    state = { depth: 0, saved: Number(connection.pragma("wal_autocheckpoint", { simple: true })) };
    bulkDepth.set(connection, state);
    connection.pragma("wal_autocheckpoint = 0");
  }
  state.depth++;
  try {
    return await work();
  } finally {
    state.depth--;
    if (state.depth === 0 && connection.open) {
      connection.pragma(`wal_autocheckpoint = ${state.saved}`);
      connection.pragma("wal_checkpoint(PASSIVE)");
    }
  }
}
