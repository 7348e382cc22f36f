import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "./url";

/**
 * Applies the committed migration SQL (prisma/migrations/<provider>/<name>/migration.sql) in name order.
 * Prisma's own `prisma migrate` needs an engine it downloads, which offline machines cannot (README,
 * "Development"), so this small runner owns the job: the pending migrations run in one transaction with their
 * bookkeeping rows, so a failed one leaves nothing behind; an applied migration whose file changed is an error,
 * not a silent skip. On PostgreSQL an advisory lock lets several app instances start at once.
 */
export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

const TABLE = "_tally_migrations";

export function readMigrations(provider: DatabaseTarget["provider"], root = process.cwd()): Migration[] {
  const dir = path.join(root, "prisma", "migrations", provider);
  if (!fs.existsSync(dir)) throw new Error(`no migrations folder at ${dir}`);
  return fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, "migration.sql")))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Runs one migration's SQL, naming the migration in any error. */
function run<T>(m: Migration, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw new Error(`migration ${m.name} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function pending(all: Migration[], applied: Map<string, string>): Migration[] {
  for (const [name, checksum] of applied) {
    const m = all.find((x) => x.name === name);
    if (!m) throw new Error(`database has migration ${name}, which this version of Tally does not know`);
    if (m.checksum !== checksum) throw new Error(`migration ${name} changed after it was applied`);
  }
  return all.filter((m) => !applied.has(m.name));
}

export async function migrate(target: DatabaseTarget, root = process.cwd()): Promise<{ applied: string[] }> {
  const all = readMigrations(target.provider, root);
  return target.provider === "sqlite" ? migrateSqlite(target.file, all) : migratePostgres(target.url, all);
}

function migrateSqlite(file: string, all: Migration[]): { applied: string[] } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 15_000 });
  try {
    // WAL lets pages read while an ingest writes; the setting persists in the file.
    db.pragma("journal_mode = WAL");
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${TABLE}" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`,
    );
    const applied: string[] = [];
    db.transaction(() => {
      const rows = db.prepare(`SELECT name, checksum FROM "${TABLE}"`).all() as { name: string; checksum: string }[];
      for (const m of pending(all, new Map(rows.map((r) => [r.name, r.checksum])))) {
        run(m, () => db.exec(m.sql));
        db.prepare(`INSERT INTO "${TABLE}" (name, checksum, applied_at) VALUES (?, ?, ?)`).run(
          m.name,
          m.checksum,
          new Date().toISOString(),
        );
        applied.push(m.name);
      }
    }).immediate();
    return { applied };
  } finally {
    db.close();
  }
}

async function migratePostgres(url: string, all: Migration[]): Promise<{ applied: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    // One migrator at a time across every instance sharing this database.
    await client.query("SELECT pg_advisory_xact_lock(7426153)");
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${TABLE}" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`,
    );
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "${TABLE}"`);
    const applied: string[] = [];
    for (const m of pending(all, new Map(rows.map((r) => [r.name, r.checksum])))) {
      await client.query(m.sql).catch((error: unknown) =>
        run(m, () => {
          throw error;
        }),
      );
      await client.query(`INSERT INTO "${TABLE}" (name, checksum, applied_at) VALUES ($1, $2, now())`, [
        m.name,
        m.checksum,
      ]);
      applied.push(m.name);
    }
    await client.query("COMMIT");
    return { applied };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
