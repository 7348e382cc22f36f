import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { env } from "@/lib/env";
import { createStore } from "@/lib/store/open-store";
import type { Store } from "@/lib/store/store";

/** Opens DATABASE_URL for a CLI command, applying pending migrations first. The caller closes the store. */
export async function openDatabase(): Promise<Store> {
  const target = parseDatabaseUrl(env().DATABASE_URL);
  await migrate(target);
  return createStore(target);
}
