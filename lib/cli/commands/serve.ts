import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl, redactUrl } from "@/lib/db/url";
import { env } from "@/lib/env";
import { seedDemoIfEmpty } from "@/lib/ingest/demo";
import { parseCommand } from "../args";
import { buildIsStale } from "../build-state";
import { exposureWarning } from "../listen-address";

const HELP = `Usage: tally serve [--port N] [--host ADDRESS]

Applies migrations to DATABASE_URL, loads the demo runs into an empty database (TALLY_DEMO=0 skips that),
builds the app when the build is missing or older than the sources, and serves it on PORT (default 3000) at
HOST (default 127.0.0.1: this machine only). On any other address without TALLY_READ_TOKEN it warns that
everything is readable by anyone who can reach it.`;

const nextBin = () => path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

export const serveCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(argv, { port: { type: "string" }, host: { type: "string" } }, HELP);
    if (!parsed) return 0;
    const config = env();
    const port = parsed.values.port ? Number(parsed.values.port) : config.PORT;
    const host = parsed.values.host ?? config.HOST;
    const target = parseDatabaseUrl(config.DATABASE_URL);
    const { applied } = await migrate(target);
    if (applied.length) console.log(`tally: applied migrations ${applied.join(", ")}`);
    if (config.TALLY_DEMO === "1") {
      const db = createDb(target);
      const runs = await seedDemoIfEmpty(db);
      await db.$disconnect();
      if (runs) console.log(`tally: empty database, loaded ${runs} demo runs`);
    }
    const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: config.DATABASE_URL };
    if (buildIsStale(process.cwd())) {
      console.log("tally: building the app (first start or changed sources)…");
      const build = spawnSync(process.execPath, [nextBin(), "build"], { stdio: "inherit", env: childEnv });
      if (build.status !== 0) return build.status ?? 1;
    }
    const warning = exposureWarning(host, config.TALLY_READ_TOKEN !== undefined);
    if (warning) console.warn(warning);
    const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
    console.log(`tally: serving http://${shown}:${port} (database ${redactUrl(config.DATABASE_URL)})`);
    const child = spawn(process.execPath, [nextBin(), "start", "-p", String(port), "-H", host], {
      stdio: "inherit",
      env: childEnv,
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
    return await new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 0)));
  },
};
