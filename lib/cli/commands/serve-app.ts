import next from "next";
import { env, originEnv } from "@/lib/env";
import { parseCommand } from "../args";
import { createAppServer } from "../app-server";

const HELP = `Usage: tally serve-app

The process tally serve starts: serves the built app on HOST:PORT behind the refusals Next.js cannot make in the
API's error shape (lib/cli/app-server.ts). Run tally serve instead: it migrates, builds and then starts this.`;

export const serveAppCommand = {
  async run(argv: string[]): Promise<number> {
    if (!parseCommand(argv, {}, HELP)) return 0;
    const config = env();
    const settings = originEnv();
    if (settings === null) throw new Error("HOST, TALLY_ALLOWED_HOSTS or TALLY_ALLOWED_ORIGINS is invalid");
    const started = Date.now();
    const app = next({ dev: false, dir: process.cwd(), hostname: config.HOST, port: config.PORT });
    await app.prepare();
    const handle = app.getRequestHandler();
    const server = createAppServer((req, res) => handle(req, res), settings);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.PORT, config.HOST, resolve);
    });
    console.log(`tally: ready in ${Date.now() - started} ms`);
    const stop = () => {
      server.close();
      server.closeAllConnections();
      void app.close().finally(() => process.exit(0));
    };
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, stop);
    return await new Promise<number>((resolve) => server.once("close", () => resolve(0)));
  },
};
