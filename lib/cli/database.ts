import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { env } from "@/lib/env";

/** Opens DATABASE_URL for a CLI command, applying pending migrations first. */
export async function openDatabase(): Promise<Db> {
  const target = parseDatabaseUrl(env().DATABASE_URL);
  await migrate(target);
  return createDb(target);
}
