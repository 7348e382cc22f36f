import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import fs from "node:fs";
import path from "node:path";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { processWideWeakMap } from "./process-wide";
import { SharedConnection, sharingFactory, shareWith } from "./sqlite-direct";
import { parseDatabaseUrl, type DatabaseTarget } from "./url";

/**
 * The one Prisma client type the code is written against. Both generated clients come from the same models
 * (prisma/postgres/schema.prisma is derived from prisma/schema.prisma), so their query APIs agree.
 */
export type Db = SqliteClient;

/**
 * Ingest writes a batch of rollouts in one transaction; on a busy machine that can take longer than Prisma's
 * 5 s default, and a timed-out batch would be refused whole, so give transactions room.
 */
const transactionOptions = { maxWait: 30_000, timeout: 300_000 };

const providers = processWideWeakMap<Db, DatabaseTarget["provider"]>("db-provider");

/** Which database a client talks to, for the few statements written per provider (lib/db/bulk-insert.ts). */
export function providerOf(db: Db): DatabaseTarget["provider"] {
  return providers.get(db) ?? "sqlite";
}

export function createDb(target: DatabaseTarget): Db {
  let db: Db;
  if (target.provider === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    // The connection the adapter opens is also used directly by the bulk paths (lib/db/sqlite-direct.ts).
    const factory = new PrismaBetterSqlite3({ url: target.file, timeout: 15_000 });
    const connection = new SharedConnection(factory);
    db = new SqliteClient({ adapter: sharingFactory(factory, connection), transactionOptions });
    shareWith(db, connection);
  } else {
    const client = new PostgresClient({
      adapter: new PrismaPg({ connectionString: target.url, max: 10 }),
      transactionOptions,
    });
    db = client as unknown as Db;
  }
  providers.set(db, target.provider);
  return db;
}

const globalForDb = globalThis as unknown as { tallyDb?: { url: string; db: Db } };

/** The process-wide client for DATABASE_URL (one per process, kept across Next's dev reloads). */
export function getDb(url = process.env.DATABASE_URL ?? "file:./data/tally.db"): Db {
  const cached = globalForDb.tallyDb;
  if (cached && cached.url === url) return cached.db;
  const db = createDb(parseDatabaseUrl(url));
  globalForDb.tallyDb = { url, db };
  return db;
}
