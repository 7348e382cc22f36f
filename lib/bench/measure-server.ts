import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { rolloutHref, taskHref } from "@/lib/views/hrefs";
import { measureRunPageInBrowser, type BrowserMeasurement } from "./measure-browser";
import { databaseUrl } from "./measure-ingest";
import { sampleGroupRss } from "./process-rss";
import { track } from "./processes";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TimedRoute {
  path: string;
  status: number;
  medianMs: number;
  maxMs: number;
  /** The first request for this run: the route already served once (warm server), the run not yet in memory. */
  firstMs: number;
  bytes: number;
}

/** The runs the server is timed on: the big run, a second run for the compare page, two small warm-up runs. */
export interface BenchRuns {
  runId: string;
  /** A second run of the same size (the compare page compares it with `runId`), or null to skip compare. */
  otherRunId: string | null;
  warmRunIds: readonly [string, string];
}

export interface ServerMeasurement {
  startMs: number;
  page: TimedRoute;
  /** A task page and a rollout page of the run (its middle task, that task's first rollout). */
  task: TimedRoute;
  rollout: TimedRoute;
  report: TimedRoute;
  compare: TimedRoute | null;
  browser: BrowserMeasurement | { skipped: string };
  /**
   * The highest resident memory of each server's process group: the one serving the run (its page and run.bin,
   * to Node's fetch and to Chromium), the report API's and the compare page's (which holds both runs).
   */
  peakRssMb: { run: number; report: number; compare: number | null };
}

/** A run's middle task (by key) and that task's first rollout, read from the bench's SQLite file. */
export function pagesOf(dbFile: string, runId: string): { taskKey: string; rolloutId: string } {
  const db = new Database(dbFile, { readonly: true });
  try {
    const { n } = db.prepare(`SELECT COUNT(*) AS n FROM "Task" WHERE "runId" = ?`).get(runId) as { n: number };
    const task = db
      .prepare(`SELECT "id", "key" FROM "Task" WHERE "runId" = ? ORDER BY "key" LIMIT 1 OFFSET ?`)
      .get(runId, Math.floor(n / 2)) as { id: string; key: string } | undefined;
    if (!task) throw new Error(`run ${runId} has no task`);
    const rollout = db
      .prepare(`SELECT "rolloutId" FROM "Rollout" WHERE "taskRef" = ? ORDER BY "rolloutId" LIMIT 1`)
      .get(task.id) as { rolloutId: string } | undefined;
    if (!rollout) throw new Error(`task ${task.key} has no rollout`);
    return { taskKey: task.key, rolloutId: rollout.rolloutId };
  } finally {
    db.close();
  }
}

export async function timeGet(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, bytes: body.byteLength };
}

async function timeRoute(base: string, route: string, repeats: number): Promise<TimedRoute> {
  const first = await timeGet(base + route);
  const times: number[] = [];
  let last = first;
  for (let i = 0; i < repeats; i++) {
    last = await timeGet(base + route);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return {
    path: route,
    status: last.status,
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    maxMs: Math.round(times.at(-1)!),
    firstMs: Math.round(first.ms),
    bytes: last.bytes,
  };
}

/**
 * Times GET /runs/<id>, GET /api/runs/<id>/report and the compare page of two runs on the built app (`next
 * start` of the build in .next: never built here), each on its own fresh server against the bench database,
 * so that each route's first request finds the runs not in memory. Before it, the server has served the same
 * route for small other runs, as a server in use has: its code is loaded and compiled. Then come the first
 * request for the run and the median of `repeats` more. Last, on one more fresh server, the run page in
 * headless Chromium.
 */
export async function measureServer(
  root: string,
  dbFile: string,
  runs: BenchRuns,
  options: { repeats?: number; browser?: boolean } = {},
): Promise<ServerMeasurement | { skipped: string }> {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    return { skipped: ".next/BUILD_ID is missing: run `npm run build` first" };
  const repeats = options.repeats ?? 5;
  const [warmA, warmB] = runs.warmRunIds;
  const timed = (route: (a: string, b: string) => string, a: string, b: string) =>
    withServer(root, dbFile, async (base) => {
      for (let i = 0; i < 3; i++) await timeGet(base + route(warmA, warmB));
      return timeRoute(base, route(a, b), repeats);
    });
  const page = await timed((id) => `/runs/${id}`, runs.runId, runs.runId);
  const pages = new Map([runs.runId, warmA, warmB].map((id) => [id, pagesOf(dbFile, id)]));
  const task = await timed((id) => taskHref(id, pages.get(id)!.taskKey), runs.runId, runs.runId);
  const rollout = await timed((id) => rolloutHref(id, pages.get(id)!.rolloutId), runs.runId, runs.runId);
  const report = await timed((id) => `/api/runs/${id}/report`, runs.runId, runs.runId);
  const compare = runs.otherRunId
    ? await timed((a, b) => `/compare?runs=${a},${b}`, runs.runId, runs.otherRunId)
    : null;
  let browser: ServerMeasurement["browser"] = { skipped: "--skip-browser" };
  let runRss = Math.max(page.peakRssMb, task.peakRssMb, rollout.peakRssMb);
  if (options.browser !== false) {
    const served = await withServer(root, dbFile, async (base) => {
      await timeGet(`${base}/runs/${warmA}`);
      return measureRunPageInBrowser(`${base}/runs/${runs.runId}`).catch((e: unknown) => ({
        skipped: `failed: ${e instanceof Error ? e.message : String(e)}`,
      }));
    });
    runRss = Math.max(runRss, served.peakRssMb);
    browser = served.result;
  }
  const peakRssMb = { run: runRss, report: report.peakRssMb, compare: compare?.peakRssMb ?? null };
  return {
    startMs: page.startMs,
    page: page.result,
    task: task.result,
    rollout: rollout.result,
    report: report.result,
    compare: compare?.result ?? null,
    browser,
    peakRssMb,
  };
}

/**
 * Starts `next start` on a free port on `database` (a SQLite file or a PostgreSQL URL), waits until GET / answers, runs `work`, and stops the server; samples the
 * resident memory of the server's process group meanwhile.
 */
export async function withServer<T>(
  root: string,
  database: string,
  work: (base: string) => Promise<T>,
): Promise<{ startMs: number; result: T; peakRssMb: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(database),
    TALLY_DEMO: "0",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
  };
  delete env.TALLY_READ_TOKEN;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its own process group, so workers die with it
    },
  );
  track(child);
  const rss = sampleGroupRss(child.pid!);
  let log = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (log = (log + d).slice(-4000)));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (log = (log + d).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}): ${log}`);
      if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s: ${log}`);
      try {
        const res = await fetch(`${base}/`);
        await res.arrayBuffer();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const startMs = Math.round(performance.now() - started);
    const result = await work(base);
    return { startMs, result, peakRssMb: rss.peak() };
  } finally {
    rss.stop();
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // gone
        }
        resolve();
      }, 5000);
      child.on("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
