import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl, redactUrl } from "@/lib/db/url";
import { env } from "@/lib/env";
import { parseCommand } from "../args";

const HELP = `Usage: tally migrate

Applies the committed migrations (prisma/migrations/<provider>) to DATABASE_URL. Safe to run again.`;

export const migrateCommand = {
  async run(argv: string[]): Promise<number> {
    if (!parseCommand(argv, {}, HELP)) return 0;
    const url = env().DATABASE_URL;
    const { applied } = await migrate(parseDatabaseUrl(url));
    console.log(
      applied.length ? `applied ${applied.join(", ")} to ${redactUrl(url)}` : `${redactUrl(url)} is up to date`,
    );
    return 0;
  },
};
