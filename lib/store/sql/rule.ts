import type { ColumnKind, Table } from "../rows";
import type { Provider } from "../store";
import type { Sql } from "./sql";

/*
 * The seam between the store's rules and a database. A rule is a generator: it yields each database operation
 * (Op) and is resumed with its result, so ONE implementation of what a method reads and writes runs on both
 * databases. SQLite (better-sqlite3) runs a write's operations synchronously inside its transaction, with
 * nothing awaited in between; PostgreSQL awaits each on the transaction's client.
 */

/** How the columns a statement selects are decoded, by name; a column not named is passed as the driver gives it. */
export type Kinds = Readonly<Record<string, ColumnKind>>;

/** What an insert does with a row whose key is already stored. */
export type Conflict = "fail" | "ignore" | { readonly on: readonly string[]; readonly update: readonly string[] };

export type Op =
  /** The rows of a query, decoded by `kinds`. */
  | { readonly op: "rows"; readonly query: Sql; readonly kinds: Kinds }
  /** A statement; the result is the number of rows it changed. */
  | { readonly op: "run"; readonly query: Sql }
  /** Rows of one table, each value taken by column name; the result is the number of rows written. */
  | {
      readonly op: "insert";
      readonly table: Table<unknown>;
      readonly rows: readonly unknown[];
      readonly conflict: Conflict;
    }
  /** One column set per row found by its key column: `[key, value]` pairs. */
  | {
      readonly op: "update";
      readonly table: Table<unknown>;
      readonly key: string;
      readonly column: string;
      readonly pairs: readonly (readonly [string, unknown])[];
    }
  /**
   * Inside a write: the lock named `key` until the transaction ends, so writers of the same thing on other
   * connections (other processes, other instances) wait. SQLite's write transaction already holds the database's.
   */
  | { readonly op: "lock"; readonly key: string }
  /** Inside a read: gives the event loop back before going on (a long synchronous read lets requests in). */
  | { readonly op: "pause" };

export type Rule<T> = Generator<Op, T, unknown>;

export function* select<Row>(query: Sql, kinds: Kinds = {}): Rule<Row[]> {
  return (yield { op: "rows", query, kinds }) as Row[];
}

/** The first row of a query, or undefined. */
export function* first<Row>(query: Sql, kinds: Kinds = {}): Rule<Row | undefined> {
  return (yield* select<Row>(query, kinds))[0];
}

export function* run(query: Sql): Rule<number> {
  return (yield { op: "run", query }) as number;
}

export function* insert<Row>(table: Table<Row>, rows: readonly Row[], conflict: Conflict = "fail"): Rule<number> {
  if (rows.length === 0) return 0;
  return (yield { op: "insert", table, rows, conflict }) as number;
}

export function* updateEach<Row>(
  table: Table<Row>,
  key: keyof Row & string,
  column: keyof Row & string,
  pairs: readonly (readonly [string, unknown])[],
): Rule<void> {
  if (pairs.length > 0) yield { op: "update", table, key, column, pairs };
}

export function* lock(key: string): Rule<void> {
  yield { op: "lock", key };
}

export function* pause(): Rule<void> {
  yield { op: "pause" };
}

/**
 * A database as the store sees it: where rules run, and the rest of what differs between the two (bulk-write
 * housekeeping, closing).
 */
export interface Dialect {
  readonly provider: Provider;
  /** Runs a rule that only reads. Its statements are not one transaction; a pause gives the event loop back. */
  read<T>(rule: Rule<T>): Promise<T>;
  /** Runs a rule in ONE transaction holding the database's write lock (SQLite) or the locks it asks (PostgreSQL). */
  write<T>(rule: Rule<T>): Promise<T>;
  /** Runs an ingest's writes; the database may defer housekeeping until the last overlapping one ends. */
  bulkWrites<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Runs a rule to its end, each operation answered at once by `exec`. */
export function runSync<T>(rule: Rule<T>, exec: (op: Op) => unknown): T {
  let done = false;
  try {
    let step = rule.next();
    while (!step.done) step = rule.next(exec(step.value));
    done = true;
    return step.value;
  } finally {
    if (!done) rule.return(undefined as T);
  }
}

/** Runs a rule to its end, each operation awaited. */
export async function runAsync<T>(rule: Rule<T>, exec: (op: Op) => unknown): Promise<T> {
  let done = false;
  try {
    let step = rule.next();
    while (!step.done) step = rule.next(await exec(step.value));
    done = true;
    return step.value;
  } finally {
    if (!done) rule.return(undefined as T);
  }
}

/** An insert's ON CONFLICT clause, written alike by both databases. */
export function onConflict(conflict: Conflict): string {
  if (conflict === "fail") return "";
  if (conflict === "ignore") return " ON CONFLICT DO NOTHING";
  const set = conflict.update.map((c) => `"${c}" = excluded."${c}"`).join(", ");
  return ` ON CONFLICT (${conflict.on.map((c) => `"${c}"`).join(", ")}) DO UPDATE SET ${set}`;
}
