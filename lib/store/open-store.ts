import { parseDatabaseUrl, type DatabaseTarget } from "@/lib/db/url";
import { PostgresDialect } from "./postgres/dialect";
import { SqlStore } from "./sql-store";
import { SqliteDialect } from "./sqlite/dialect";
import type { Store } from "./store";

/** The store for a database: SQLite for a `file:` URL, PostgreSQL for a `postgresql://` one. */
export function createStore(
  target: DatabaseTarget,
  options?: { rawPartBytes?: number; indexSliceBytes?: number; bulkWalBytes?: number },
): Store {
  const dialect =
    target.provider === "sqlite"
      ? new SqliteDialect(target.file, options?.bulkWalBytes)
      : new PostgresDialect(target.url);
  return new SqlStore(dialect, options);
}

const KEY = Symbol.for("tally.store");
type Held = { url: string; store: Store };

/**
 * The process-wide store for DATABASE_URL. Next.js loads server code into several module graphs (server
 * components, route handlers, server rendering), each with its own module state, and keeps the process across
 * dev reloads: the store lives on globalThis so there is one connection (and one run cache) per process.
 */
export function getStore(url = process.env.DATABASE_URL ?? "file:./data/tally.db"): Store {
  const holder = globalThis as { [KEY]?: Held };
  const held = holder[KEY];
  if (held && held.url === url) return held.store;
  const store = createStore(parseDatabaseUrl(url));
  holder[KEY] = { url, store };
  if (held) void held.store.close().catch(() => undefined);
  return store;
}
