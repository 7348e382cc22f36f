import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureFloor } from "@/lib/bench/measure-floor";
import { measureIngest, writeSyntheticFolder } from "@/lib/bench/measure-ingest";
import { measureLoad } from "@/lib/bench/measure-load";
import { measureRecomputeInBrowser } from "@/lib/bench/measure-recompute";
import { measureServer, type TimedRoute } from "@/lib/bench/measure-server";
import { BENCH_SHAPE } from "@/lib/bench/synthetic";
import { parseCommand, UsageError } from "../args";

const HELP = `Usage: tally bench [--json] [--skip-server] [--skip-recompute] [--traces N]

Generates a synthetic Silo run of 2,000 tasks × 5 rollouts × 12 checks (10,000 files in a temp folder; with
--traces N, a trace of N events beside each result) and measures, printing ONE JSON object:
  ingest      wall time and peak memory of \`tally ingest <dir> --json\` in a child process (fresh SQLite file)
  floor       read + JSON.parse + raw prepared INSERTs of the same rows with better-sqlite3 in one transaction
  server      GET /runs/<id> and GET /api/runs/<id>/report on the built app (\`next start\`; needs .next)
  recompute   the what-if recompute (computeReport under a scenario) and the fragile verdicts (levers) in
              headless Chromium
Goals: ingest ≤ 3× floor, peak memory < 300 MB, page and report < 1 s, recompute < 50 ms, levers < 300 ms.`;

const GOALS = { ingestOverFloor: 3, peakRssMb: 300, pageMs: 1000, reportMs: 1000, recomputeMs: 50, leversMs: 300 };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A route's figures with its goal: met by repeat views (median) and by the first view of the run. */
function timedAgainstGoal(route: TimedRoute, goalMs: number) {
  const ok = route.status === 200;
  return { ...route, goalMs, withinGoal: ok && route.medianMs < goalMs, firstWithinGoal: ok && route.firstMs < goalMs };
}

/** A small second run (20 tasks) in the bench database, which the server shows before it is timed. */
async function warmUpRun(root: string, tmp: string, dbFile: string): Promise<string> {
  const dir = path.join(tmp, "warm-up");
  writeSyntheticFolder(dir, { ...BENCH_SHAPE, tasks: 20, seed: BENCH_SHAPE.seed + 1 });
  const { runId } = await measureIngest(root, dir, dbFile);
  if (!runId) throw new Error("the warm-up run was not stored");
  return runId;
}

export const benchCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        json: { type: "boolean" },
        "skip-server": { type: "boolean" },
        "skip-recompute": { type: "boolean" },
        traces: { type: "string" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const root = process.cwd();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-bench-"));
    const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
    process.on("exit", cleanup);
    const started = performance.now();
    const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);
    try {
      const machine = { cpus: os.cpus().length, loadavgBefore: os.loadavg().map(round2), node: process.version };
      const dir = path.join(tmp, "silo-bench");
      log("writing synthetic files");
      const traceEvents = Number(parsed.values.traces ?? 0);
      if (!Number.isInteger(traceEvents) || traceEvents < 0)
        throw new UsageError(`--traces takes a whole number of events, not "${parsed.values.traces}"`);
      const shape = { ...BENCH_SHAPE, traceEvents };
      const written = writeSyntheticFolder(dir, shape);

      log("measuring the floor");
      const floor = await measureFloor(root, dir, path.join(tmp, "floor.db"));

      log("ingesting with the CLI");
      const dbFile = path.join(tmp, "bench.db");
      const ingest = await measureIngest(root, dir, dbFile);
      const ratio = round2(ingest.wallMs / floor.wallMs);

      log("timing loadScoringRun + computeReport in this process");
      const inProcess = ingest.runId
        ? await measureLoad(dbFile, ingest.runId).catch((e: unknown) => ({
            skipped: `failed: ${e instanceof Error ? e.message : String(e)}`,
          }))
        : { skipped: "ingest stored no run" };
      const buildFile = path.join(root, ".next", "BUILD_ID");
      const sourceFile = path.join(root, "lib/store/sqlite/sqlite-store.ts");
      const buildOlderThanSource =
        fs.existsSync(buildFile) && fs.statSync(buildFile).mtimeMs < fs.statSync(sourceFile).mtimeMs;

      let server: Awaited<ReturnType<typeof measureServer>> | { skipped: string };
      if (parsed.values["skip-server"]) server = { skipped: "--skip-server" };
      else if (!ingest.runId) server = { skipped: "ingest stored no run" };
      else {
        log("timing the run page and report API on next start");
        const runId = ingest.runId;
        server = await warmUpRun(root, tmp, dbFile)
          .then((warmRunId) => measureServer(root, dbFile, runId, warmRunId))
          .catch((e: unknown) => ({ skipped: `failed: ${e instanceof Error ? e.message : String(e)}` }));
      }

      let recompute: Record<string, unknown>;
      if (parsed.values["skip-recompute"]) recompute = { skipped: "--skip-recompute" };
      else {
        log("timing the what-if recompute in Chromium");
        try {
          const r = await measureRecomputeInBrowser(root);
          recompute = {
            ...r,
            goalMs: GOALS.recomputeMs,
            withinGoal: r.recomputeMs.median < GOALS.recomputeMs,
            leversGoalMs: GOALS.leversMs,
            leversWithinGoal: r.leversMs.median < GOALS.leversMs,
          };
        } catch (e) {
          recompute = { skipped: `failed: ${e instanceof Error ? e.message : String(e)}` };
        }
      }

      const result = {
        shape: { ...shape, files: written.files, megabytes: round2(written.bytes / 1e6) },
        machine: { ...machine, loadavgAfter: os.loadavg().map(round2) },
        ingest: {
          ...ingest,
          floorMs: floor.wallMs,
          ratioToFloor: ratio,
          goalRatio: GOALS.ingestOverFloor,
          withinGoal: ingest.exitCode === 0 && ratio <= GOALS.ingestOverFloor,
          peakRssGoalMb: GOALS.peakRssMb,
          peakRssWithinGoal: ingest.peakRssMb !== null && ingest.peakRssMb < GOALS.peakRssMb,
        },
        floor,
        server:
          "skipped" in server
            ? server
            : {
                build: buildOlderThanSource
                  ? "older than lib/store/sqlite/sqlite-store.ts: these figures are of the previous code"
                  : "current",
                startMs: server.startMs,
                page: timedAgainstGoal(server.page, GOALS.pageMs),
                report: timedAgainstGoal(server.report, GOALS.reportMs),
              },
        reportInProcess: {
          ...inProcess,
          what: "loadScoringRun + computeReport + JSON.stringify, current source, no HTTP (median of 5)",
        },
        recompute,
        totalSeconds: Math.round((performance.now() - started) / 100) / 10,
      };
      console.log(JSON.stringify(result, null, 2));
      return 0;
    } finally {
      cleanup();
    }
  },
};
