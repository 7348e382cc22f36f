// Writes the next migration for both providers: `npm run db:new-migration -- <name>`.
// `prisma migrate` needs a native engine that cannot be downloaded offline, so this drives the same
// engine compiled to WebAssembly (@prisma/schema-engine-wasm) and diffs the schema snapshot stored with the
// last migration against the current schema. No database is touched.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { SCHEMAS, root, writePostgresSchema } from "./prisma-schemas.mjs";
import { startPostgres } from "./pg-throwaway.mjs";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <name_in_snake_case>");
  process.exit(2);
}
writePostgresSchema();

const require = createRequire(import.meta.url);
const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
const wasmPath = path.join(
  path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
  "schema_engine_bg.wasm",
);
const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), { "./schema_engine_bg.js": bg });
bg.__wbg_set_wasm(instance.exports);
instance.exports.__wbindgen_start?.();
const { bindMigrationAwareSqlAdapterFactory } = await import("@prisma/driver-adapter-utils");

async function adapterFor(provider) {
  if (provider === "sqlite") {
    const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
    return bindMigrationAwareSqlAdapterFactory(new PrismaBetterSqlite3({ url: ":memory:" }));
  }
  // The PostgreSQL engine connects even to diff two schema texts: give it a throwaway server.
  pg ??= await startPostgres();
  const { PrismaPg } = await import("@prisma/adapter-pg");
  return bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: pg.url }));
}
let pg;

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
for (const [provider, schemaPath] of Object.entries(SCHEMAS)) {
  const dir = path.join(root, "prisma/migrations", provider);
  fs.mkdirSync(dir, { recursive: true });
  const previous = fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, "migration.sql")))
    .sort()
    .at(-1);
  const content = fs.readFileSync(schemaPath, "utf8");
  const engine = await bg.SchemaEngine.new(
    { datamodels: [["schema.prisma", content]] },
    () => {},
    await adapterFor(provider),
  );
  const from = previous
    ? {
        tag: "schemaDatamodel",
        files: [{ path: "schema.prisma", content: fs.readFileSync(path.join(dir, previous, "schema.prisma"), "utf8") }],
      }
    : { tag: "empty" };
  const result = await engine.diff({
    from,
    to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  const sql = result.stdout ?? "";
  if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
    console.log(`${provider}: schema unchanged, no migration written`);
    continue;
  }
  const out = path.join(dir, `${stamp}_${name}`);
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "migration.sql"), sql);
  fs.writeFileSync(path.join(out, "schema.prisma"), content);
  console.log(`${provider}: wrote ${path.relative(root, out)}/migration.sql`);
}
pg?.stop();
