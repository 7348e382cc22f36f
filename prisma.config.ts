import { defineConfig } from "prisma/config";

// Only `prisma generate` runs here (migrations are committed SQL applied by lib/db/migrate.ts), so the
// datasource URL is optional and this file must not throw when DATABASE_URL is unset.
export default defineConfig({
  schema: process.env.TALLY_PRISMA_SCHEMA ?? "prisma/schema.prisma",
});
