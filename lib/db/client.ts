import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import type { DatabaseTarget } from "./url";

/**
 * The one Prisma client type the code is written against. Both generated clients come from the same models
 * (prisma/postgres/schema.prisma is derived from prisma/schema.prisma), so their query APIs agree.
 * The app reaches the database through lib/store; this client serves the PostgreSQL store and tests that
 * check the schema itself.
 */
export type Db = SqliteClient;

/**
 * Ingest writes a batch of rollouts in one transaction; on a busy machine that can take longer than Prisma's
 * 5 s default, and a timed-out batch would be refused whole, so give transactions room.
 */
const transactionOptions = { maxWait: 30_000, timeout: 300_000 };

export function createDb(target: DatabaseTarget): Db {
  if (target.provider === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    return new SqliteClient({
      adapter: new PrismaBetterSqlite3({ url: target.file, timeout: 15_000 }),
      transactionOptions,
    });
  }
  return createPostgresDb(target.url).db;
}

/**
 * A Prisma client on PostgreSQL with the pg pool under it (at most 10 connections), for statements Prisma
 * does not express (the ingest's array inserts). Whoever ends the client ends the pool after it.
 */
export function createPostgresDb(url: string): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (a restart, a dropped database) leaves the pool; the next query
  // opens another. Without a listener, pg raises it as an uncaught exception.
  pool.on("error", () => undefined);
  const client = new PostgresClient({ adapter: new PrismaPg(pool), transactionOptions });
  return { db: client as unknown as Db, pool };
}
