// Derives the PostgreSQL schema from prisma/schema.prisma (the SQLite one), so the two never drift.
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const SCHEMAS = {
  sqlite: path.join(root, "prisma/schema.prisma"),
  postgres: path.join(root, "prisma/postgres/schema.prisma"),
};

/** The PostgreSQL schema text for a given SQLite schema text (pure: no file access). */
export function derivePostgresSchema(source) {
  const derived = source
    .replace(
      /^\/\/ The one source of truth.*\n(\/\/.*\n)*/m,
      "// GENERATED from prisma/schema.prisma by scripts/prisma-schemas.mjs: do not edit.\n",
    )
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output   = "../lib/db/generated/sqlite"', 'output   = "../../lib/db/generated/postgres"');
  if (derived === source || !derived.includes('"postgresql"') || !derived.includes("generated/postgres")) {
    throw new Error("prisma/schema.prisma no longer has the expected provider/output lines");
  }
  return derived;
}

export function writePostgresSchema() {
  const derived = derivePostgresSchema(fs.readFileSync(SCHEMAS.sqlite, "utf8"));
  fs.mkdirSync(path.dirname(SCHEMAS.postgres), { recursive: true });
  const current = fs.existsSync(SCHEMAS.postgres) ? fs.readFileSync(SCHEMAS.postgres, "utf8") : "";
  if (current !== derived) fs.writeFileSync(SCHEMAS.postgres, derived);
  return derived;
}
