import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import fs from "node:fs";
import path from "node:path";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import type { DatabaseTarget } from "./url";

/**
 * The one Prisma client type the code is written against. Both generated clients come from the same models
 * (prisma/postgres/schema.prisma is derived from prisma/schema.prisma), so their query APIs agree.
 * The app reaches the database through lib/store, which does not use Prisma at run time; this client serves
 * tests that check the schema itself.
 */
export type Db = SqliteClient;

/** Room for a test's transactions on a busy machine (Prisma's default is 5 s). */
const transactionOptions = { maxWait: 30_000, timeout: 300_000 };

export function createDb(target: DatabaseTarget): Db {
  if (target.provider === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    return new SqliteClient({
      adapter: new PrismaBetterSqlite3({ url: target.file, timeout: 15_000 }),
      transactionOptions,
    });
  }
  // The adapter owns its pool (at most 10 connections) and ends it when the client disconnects.
  const adapter = new PrismaPg({ connectionString: target.url, max: 10 });
  return new PostgresClient({ adapter, transactionOptions }) as unknown as Db;
}
