/**
 * Test helper (imported only by tests): fresh, migrated databases for storage tests, on every provider.
 *
 *   forEachDatabase("store-run", (t) => {
 *     beforeEach(() => t.reset());            // optional: empty every table between tests
 *     it("stores a run", async () => {
 *       await ingestFiles(t.store, files);     // t.store is the app's Store (lib/store)
 *       await t.db.run.count();                // t.db is a Prisma client (lib/db/client.ts), for checks
 *     });
 *   });
 *
 * The body runs once per provider, each in its own `describe` titled "<name> [sqlite]" / "<name> [postgres]":
 * - SQLite: a real database file in a temp folder, deleted after the suite.
 * - PostgreSQL: when TALLY_TEST_POSTGRES_URL names a server (scripts/test.mjs starts a throwaway one and sets
 *   it), a new database `tally_test_<random>` on that server, dropped after the suite. Without the variable the
 *   PostgreSQL suite is reported as skipped, with the reason in its title.
 * Both are migrated with lib/db/migrate.ts before the first test, exactly as the app does at start-up.
 */
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { createStore } from "@/lib/store/open-store";
import type { Store } from "@/lib/store/store";
import { createDb, type Db } from "./client";
import { migrate } from "./migrate";
import { parseDatabaseUrl, redactUrl, type DatabaseTarget } from "./url";

export type Provider = DatabaseTarget["provider"];
export const PROVIDERS: readonly Provider[] = ["sqlite", "postgres"];
export const POSTGRES_ENV = "TALLY_TEST_POSTGRES_URL";

const MIGRATIONS_TABLE = "_tally_migrations";
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface TestDatabaseOptions {
  /** Apply the migrations on creation (default true). false gives an empty database. */
  migrate?: boolean;
  /** Repository root whose prisma/migrations are applied (default: this repository). */
  root?: string;
}

export interface TestDatabase {
  provider: Provider;
  /** The DATABASE_URL form of this database. */
  url: string;
  target: DatabaseTarget;
  /** Prisma client for this database, created lazily; disconnected by drop(). */
  readonly db: Db;
  /** The app's store for this database, created lazily; closed by drop(). */
  readonly store: Store;
  /** Names of the migrations applied on creation (empty when created with migrate: false). */
  applied: string[];
  /** Deletes every row of every table (migration bookkeeping kept), resetting autoincrement counters. */
  reset(): Promise<void>;
  /** Disconnects and deletes the database. Idempotent. */
  drop(): Promise<void>;
}

/** The PostgreSQL server for tests, or undefined when PostgreSQL tests are to be skipped. */
export function postgresTestUrl(): string | undefined {
  const url = process.env[POSTGRES_ENV]?.trim();
  return url ? url : undefined;
}

/** Why a provider's tests cannot run here, or undefined when they can. */
export function skipReason(provider: Provider): string | undefined {
  if (provider === "postgres" && !postgresTestUrl()) {
    return `${POSTGRES_ENV} is not set (npm test starts a throwaway PostgreSQL and sets it)`;
  }
  return undefined;
}

function randomName(): string {
  return `tally_test_${randomBytes(6).toString("hex")}`;
}

/** Creates one fresh database (migrated unless told otherwise). The caller must drop() it. */
export async function createTestDatabase(provider: Provider, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const reason = skipReason(provider);
  if (reason) throw new Error(`cannot create a ${provider} test database: ${reason}`);
  const made = provider === "sqlite" ? createSqlite() : await createPostgres(postgresTestUrl()!);
  let client: Db | undefined;
  let store: Store | undefined;
  let dropped = false;
  const database: TestDatabase = {
    provider,
    url: made.url,
    target: parseDatabaseUrl(made.url),
    get db() {
      if (dropped) throw new Error(`test database ${redactUrl(made.url)} was dropped`);
      client ??= createDb(database.target);
      return client;
    },
    get store() {
      if (dropped) throw new Error(`test database ${redactUrl(made.url)} was dropped`);
      store ??= createStore(database.target);
      return store;
    },
    applied: [],
    reset: () => made.reset(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await client?.$disconnect().catch(() => undefined);
      await store?.close().catch(() => undefined);
      await made.remove();
    },
  };
  if (options.migrate ?? true) {
    try {
      database.applied = (await migrate(database.target, options.root ?? repoRoot)).applied;
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return database;
}

interface Made {
  url: string;
  reset(): Promise<void>;
  remove(): Promise<void>;
}

function createSqlite(): Made {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-test-"));
  const file = path.join(dir, "tally.db");
  return {
    url: `file:${file}`,
    async reset() {
      // A separate connection with foreign keys off (better-sqlite3 turns them on), so the order of deletes is free.
      const raw = new Database(file, { timeout: 15_000 });
      try {
        raw.pragma("foreign_keys = OFF");
        // Ordinary tables only: a full-text index's virtual and shadow tables empty with its content table's
        // rows (their triggers), and deleting a shadow table's rows directly would corrupt the index.
        const tables = raw
          .prepare(
            `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?`,
          )
          .all(MIGRATIONS_TABLE) as { name: string }[];
        raw.transaction(() => {
          for (const { name } of tables) raw.exec(`DELETE FROM "${name.replaceAll('"', '""')}"`);
          const hasSequence = raw.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'`).get();
          if (hasSequence) raw.exec(`DELETE FROM sqlite_sequence`);
        })();
      } finally {
        raw.close();
      }
    },
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createPostgres(serverUrl: string): Promise<Made> {
  const name = randomName();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`));
  return {
    url: url.toString(),
    async reset() {
      await withClient(url.toString(), async (c) => {
        const { rows } = await c.query<{ tablename: string }>(
          `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> $1`,
          [MIGRATIONS_TABLE],
        );
        if (rows.length === 0) return;
        const list = rows.map((r) => `"${r.tablename.replaceAll('"', '""')}"`).join(", ");
        await c.query(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
      });
    },
    async remove() {
      await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** What a forEachDatabase body gets: the suite's database, usable inside tests and hooks. */
export interface DatabaseHandle {
  readonly provider: Provider;
  /** The suite's database (created in beforeAll: use it inside tests and hooks, not at collection time). */
  readonly database: TestDatabase;
  readonly db: Db;
  readonly store: Store;
  readonly url: string;
  readonly target: DatabaseTarget;
  /** Empties every table of the suite's database. */
  reset(): Promise<void>;
  /** Another fresh database of the same provider, dropped when the suite ends. */
  fresh(options?: TestDatabaseOptions): Promise<TestDatabase>;
}

/**
 * Runs `fn` once per provider inside `describe("<name> [<provider>]")`, with a fresh migrated database per
 * suite (so per test file, for the usual one call per file). PostgreSQL is skipped, visibly, when
 * TALLY_TEST_POSTGRES_URL is unset.
 */
export function forEachDatabase(
  name: string,
  fn: (t: DatabaseHandle) => void,
  options: TestDatabaseOptions = {},
): void {
  for (const provider of PROVIDERS) {
    const reason = skipReason(provider);
    if (reason) {
      warnSkipped(provider, reason);
      describe.skip(`${name} [${provider}] (skipped: ${reason})`, () => fn(unavailableHandle(provider, reason)));
      continue;
    }
    describe(`${name} [${provider}]`, () => {
      let current: TestDatabase | undefined;
      const extras: TestDatabase[] = [];
      beforeAll(async () => {
        current = await createTestDatabase(provider, options);
      });
      afterAll(async () => {
        const all = [current, ...extras].filter((d): d is TestDatabase => d !== undefined);
        await Promise.all(all.map((d) => d.drop()));
      });
      const need = (): TestDatabase => {
        if (!current) throw new Error(`${name} [${provider}]: the test database exists only inside tests and hooks`);
        return current;
      };
      fn({
        provider,
        get database() {
          return need();
        },
        get db() {
          return need().db;
        },
        get store() {
          return need().store;
        },
        get url() {
          return need().url;
        },
        get target() {
          return need().target;
        },
        reset: () => need().reset(),
        async fresh(freshOptions) {
          const database = await createTestDatabase(provider, { ...options, ...freshOptions });
          extras.push(database);
          return database;
        },
      });
    });
  }
}

const warned = new Set<Provider>();
/** Once per test file: the skipped suite's reason goes to stderr, which the reporter shows with the file. */
function warnSkipped(provider: Provider, reason: string): void {
  if (warned.has(provider)) return;
  warned.add(provider);
  console.warn(`[test-databases] ${provider} storage tests skipped: ${reason}`);
}

function unavailableHandle(provider: Provider, reason: string): DatabaseHandle {
  const fail = (): never => {
    throw new Error(`no ${provider} test database: ${reason}`);
  };
  return {
    provider,
    get database() {
      return fail();
    },
    get db() {
      return fail();
    },
    get store() {
      return fail();
    },
    get url() {
      return fail();
    },
    get target() {
      return fail();
    },
    reset: async () => fail(),
    fresh: async () => fail(),
  };
}
