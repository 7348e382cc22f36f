import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl, redactUrl } from "@/lib/db/url";
import { env } from "@/lib/env";
import { seedDemoIfEmpty } from "@/lib/ingest/demo";
import { refreshStaleSummaries } from "@/lib/ingest/refresh-summaries";
import { plural } from "@/lib/display/format";
import { createStore } from "@/lib/store/open-store";
import { parseCommand } from "../args";
import { buildIsStale } from "../build-state";
import { exposureWarning, hostNamesNote } from "../listen-address";
import { parseRunName, parseTags, startWatching, watchedFolders } from "./watch";

const HELP = `Usage: tally serve [--port N] [--host ADDRESS] [--watch FOLDER… [--run NAME] [--tag T…]]

Applies migrations to DATABASE_URL, loads the demo runs into an empty database (TALLY_DEMO=0 skips that),
builds the app when the build is missing or older than the sources, and serves it on PORT (default 3000) at
HOST (default 127.0.0.1: this machine only). On any other address without TALLY_READ_TOKEN it warns that
everything is readable by anyone who can reach it. --watch (repeatable) also does what tally watch does, in
this process: the folders are ingested as a harness writes them and their run shows live.`;

const nextBin = () => path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
const tallyBin = () => path.join(process.cwd(), "lib", "cli", "bin.mjs");

/** Beside the server: rewrites summaries an older scoring version stored (the runs table reads them). */
async function refreshSummaries(target: ReturnType<typeof parseDatabaseUrl>): Promise<void> {
  const store = createStore(target);
  try {
    const refreshed = await refreshStaleSummaries(store);
    if (refreshed > 0)
      console.log(`tally: rescored the summaries of ${plural(refreshed, "run")} stored by an earlier version`);
  } catch (error) {
    console.warn(
      `tally: could not rescore stored summaries: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await store.close();
  }
}

export const serveCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        port: { type: "string" },
        host: { type: "string" },
        watch: { type: "string", multiple: true },
        run: { type: "string" },
        tag: { type: "string", multiple: true },
      },
      HELP,
    );
    if (!parsed) return 0;
    const folders = watchedFolders(parsed.values.watch ?? []);
    const tags = parseTags(parsed.values.tag);
    const config = env();
    const port = parsed.values.port ? Number(parsed.values.port) : config.PORT;
    const host = parsed.values.host ?? config.HOST;
    const target = parseDatabaseUrl(config.DATABASE_URL);
    const { applied } = await migrate(target);
    if (applied.length) console.log(`tally: applied migrations ${applied.join(", ")}`);
    if (config.TALLY_DEMO === "1") {
      const store = createStore(target);
      const runs = await seedDemoIfEmpty(store).finally(() => store.close());
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
    const note = hostNamesNote(host, config.TALLY_ALLOWED_HOSTS);
    if (note) console.log(note);
    const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
    console.log(`tally: serving http://${shown}:${port} (database ${redactUrl(config.DATABASE_URL)})`);
    // The app's process (tally serve-app: Next.js behind lib/cli/app-server.ts) reads where it listens from
    // HOST and PORT, as the proxy does to know its own address.
    const child = spawn(process.execPath, [tallyBin(), "serve-app"], {
      stdio: "inherit",
      env: { ...childEnv, HOST: host, PORT: String(port), NODE_ENV: "production" },
    });
    const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 0)));
    void refreshSummaries(target);
    if (folders.length === 0) {
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
      return await exited;
    }
    const store = createStore(target);
    const watcher = await startWatching(store, folders, { run: parseRunName(parsed.values.run), tags });
    console.log(`tally: watching ${folders.join(", ")}`);
    // The heartbeat is cleared before the process ends, whichever ends first: a signal or the server.
    let stopping: Promise<void> | null = null;
    const stop = () => (stopping ??= watcher.stop().finally(() => store.close()));
    for (const signal of ["SIGINT", "SIGTERM"] as const)
      process.on(signal, () => void stop().finally(() => child.kill(signal)));
    const code = await exited;
    await stop();
    return code;
  },
};
