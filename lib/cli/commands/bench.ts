import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { figure, figureMarkdown, figureTable, goalsFor, parseSize, type Figure } from "@/lib/bench/goals";
import { measureExport, type ExportMeasurement } from "@/lib/bench/measure-export";
import { measureFloor } from "@/lib/bench/measure-floor";
import { measureIngest, writeSyntheticFolder, type IngestMeasurement } from "@/lib/bench/measure-ingest";
import { measureLoad } from "@/lib/bench/measure-load";
import { measureRecomputeInBrowser, RECOMPUTE_ROLLOUTS } from "@/lib/bench/measure-recompute";
import {
  measureScoring,
  measureScoringOnOneCore,
  OBJECTS_MAX_ROLLOUTS,
  type ScoringMeasurement,
} from "@/lib/bench/measure-scoring";
import { measureServer, type ServerMeasurement } from "@/lib/bench/measure-server";
import { measureInspectEvalIngest } from "@/lib/bench/inspect-eval";
import { measureBigTraces } from "@/lib/bench/measure-big-trace";
import { freshPostgresDatabase } from "@/lib/bench/postgres-database";
import { BENCH_SHAPE } from "@/lib/bench/synthetic";
import { BENCH_RUN, keptBenchRun } from "@/lib/bench/kept-run";
import { measureSeriesBench, seriesFigures } from "@/lib/bench/series-bench";
import { count } from "@/lib/scoring/core/numbers";
import { parseCommand, UsageError } from "../args";

const HELP = `Usage: tally bench [--size 10k|100k|1m|N|series|trace] [--json|--markdown] [--postgres URL] [--files DIR]
                   [--skip-server] [--skip-browser] [--skip-compare] [--skip-recompute] [--traces N]
                   [--skip-scoring] [--skip-export] [--scoring-only]
       tally bench --only export [--size …] [--db FILE] [--skip-browser] [--json]
       tally bench --inspect-eval N [--json]
       tally bench --size trace [--traces N] [--inspect-events N] [--postgres URL] [--skip-browser] [--json]

Generates a synthetic Silo run of N rollouts (default 10k: 2,000 tasks × 5 rollouts × 12 checks, one file per
rollout in a temp folder, 1m too; with --traces N, a trace of N events beside each result), measures, and prints
every figure beside its goal (--json: one JSON object with the figures and every measurement; --markdown: one
short Markdown table of the figures with a goal, the one the README keeps):
  ingest      wall time and peak memory of \`tally ingest <dir> --json\` in a child process (fresh SQLite file)
  floor       read + sha256 + JSON.parse + raw prepared INSERTs of the same rows with better-sqlite3, one transaction
  postgres    with --postgres URL (a server the bench may create a database on): the same ingest into a fresh
              PostgreSQL database, against SQLite's time
  server      the run page, a task page, a rollout page, the report API and the compare page of two runs on the
              built app (\`next start\`; needs .next), first view and repeats, the server's peak memory; the run
              page in headless Chromium (headline shown, network idle, change of headline metric, JS heap)
  export      \`tally export <run> --out DIR\` of the ingested run in a child process: wall time, peak memory, files
              and bytes written; its index.html opened from file:// in headless Chromium (headline shown, JS heap)
  recompute   the what-if recompute and levers in headless Chromium, from the run's columns as the run page's
              worker scores them (computeReport's and levers' own times are in --json)
  scoring     in a child process on one core (node --single-threaded), on a generated run of the same size: loading it (its bytes read
              as columns, its model), scoring it from its columns (the first report; then with every row
              made), a flip, a change of scheme,
              headline metric or weights, the levers; and computeReport on the same run's objects beside them
              (up to 100,000 rollouts)
              median of several runs of the child's CPU time (its one thread's; the wall clock is in --json),
              after 5 untimed runs of each path that starts anew (loading, a first report)
              (--scoring-only: these figures alone, no files, no ingest)
--only export measures the export alone: it ingests the generated run (timed, without the floor) unless --db
names a SQLite file that already holds the bench's run of that size, which it then exports again (--db keeps the
file it ingests into, so that the next --only export skips the ingest).
--size series measures the series page and the leaderboard instead: a generated series of 100 runs × 2,000 tasks
(tau-bench files, 2 trials a task) and 8 runs × 85 tasks, ingested into a fresh SQLite file; the statistics in this
process, then on the built app in headless Chromium the series page's first view, each matrix filter (stopped
passing, flaky, never passed, fixed, a task name) and the leaderboard's first view (2,000 resamples).
--files DIR ingests DIR instead of generating files (a folder --size describes, e.g. kept from an earlier run).
--inspect-eval N measures only \`tally ingest\` of a generated Inspect .eval log of N samples, its members
Zstandard-compressed by the zstd command when installed (lib/bench/inspect-eval.ts): size, expanded size,
wall time and peak memory.
--size trace measures big traces alone (lib/bench/big-trace.ts): a generated Silo trace of --traces events
(default 300,000, about 190 MB; 1,650,000 make about 1.06 GB) and a generated Inspect sample of
--inspect-events events (default 100,000; 0: none), each ingested into a fresh SQLite file (the Silo trace also
into a fresh PostgreSQL database with --postgres URL), then on \`next start\`: the trace API's first page and
pages across the trace, the rollout page's HTML, the Silo trace's raw file downloaded whole, the server's peak
memory, and in Chromium (SQLite only) the first step shown, a jump to a step near the end and the JS heap; then
the run exported with --max-bytes 50000000; beside issue 29's goals.`;

const round2 = (x: number) => Math.round(x * 100) / 100;
const loadavg = () => os.loadavg().map(round2);
const failed = (e: unknown) => ({ skipped: `failed: ${e instanceof Error ? e.message : String(e)}` });

type Skipped = { skipped: string };
const skipped = <T extends object>(x: T | Skipped): x is Skipped => "skipped" in x;

/** `--only export`: the export's figures alone, on the bench's run kept in `--db` or ingested now. */
async function benchExportOnly(
  root: string,
  tmp: string,
  size: number,
  values: { db?: string; json?: boolean; "skip-browser"?: boolean },
  log: (msg: string) => void,
): Promise<number> {
  const goals = goalsFor(size);
  const dbFile = values.db ? path.resolve(values.db) : path.join(tmp, "bench.db");
  let runId = await keptBenchRun(dbFile, size);
  let ingest: IngestMeasurement | Skipped = { skipped: `the run kept in ${dbFile}` };
  if (runId === null) {
    const dir = path.join(tmp, "silo-bench");
    log(`writing ${size} synthetic result files`);
    writeSyntheticFolder(dir, { ...BENCH_SHAPE, tasks: size / BENCH_SHAPE.rollouts });
    log("ingesting with the CLI (SQLite)");
    const measured = await measureIngest(root, fs.realpathSync(dir), dbFile, ["--run", BENCH_RUN]);
    fs.rmSync(dir, { recursive: true, force: true });
    if (!measured.runId) throw new Error("the bench's ingest stored no run");
    runId = measured.runId;
    ingest = measured;
  }
  const loadavgBefore = loadavg();
  log("exporting the run as a static bundle");
  const out = path.join(tmp, "export");
  const exported = await measureExport(root, dbFile, runId, out, { browser: !values["skip-browser"] }).catch(failed);
  fs.rmSync(out, { recursive: true, force: true });
  const figures = [
    ...(skipped(ingest)
      ? []
      : [figure("ingest wall", ingest.wallMs, "ms", null), figure("ingest peak RSS", ingest.peakRssMb, "MB", null)]),
    ...exportFigures(exported, goals),
  ];
  const machine = { cpus: os.cpus().length, node: process.version, loadavgBefore, loadavgAfter: loadavg() };
  if (values.json) console.log(JSON.stringify({ size, machine, figures, ingest, export: exported }, null, 2));
  else {
    console.log(`${size} rollouts, export only, ${machine.cpus} cores, Node ${machine.node}`);
    console.log(
      `load average (1, 5, 15 min): before ${loadavgBefore.join(" ")}, after ${machine.loadavgAfter.join(" ")}`,
    );
    console.log(figureTable(figures));
  }
  return skipped(exported) ? 1 : 0;
}

/** A small run (20 tasks) stored twice under two names, which the server shows before it is timed. */
async function warmUpRuns(root: string, tmp: string, dbFile: string): Promise<[string, string]> {
  const dir = path.join(tmp, "warm-up");
  writeSyntheticFolder(dir, { ...BENCH_SHAPE, tasks: 20, seed: BENCH_SHAPE.seed + 1 });
  const a = await measureIngest(root, dir, dbFile, ["--run", "warm-up A"]);
  const b = await measureIngest(root, dir, dbFile, ["--run", "warm-up B"]);
  if (!a.runId || !b.runId) throw new Error("the warm-up runs were not stored");
  return [a.runId, b.runId];
}

function serverFigures(server: ServerMeasurement | Skipped, goals: ReturnType<typeof goalsFor>): Figure[] {
  const note = skipped(server) ? server.skipped : undefined;
  const s = skipped(server) ? null : server;
  const browser = s && !skipped(s.browser) ? s.browser : null;
  const browserNote = s && skipped(s.browser) ? s.browser.skipped : note;
  const ok = (status: number | undefined) => status === 200;
  const page = s && ok(s.page.status) ? s.page : null;
  const report = s && ok(s.report.status) ? s.report : null;
  const compare = s?.compare && ok(s.compare.status) ? s.compare : null;
  const task = s && ok(s.task.status) ? s.task : null;
  const rollout = s && ok(s.rollout.status) ? s.rollout : null;
  const compareNote = s && !s.compare ? "--skip-compare" : s?.compare ? `status ${s.compare.status}` : note;
  return [
    figure("run page, first view", page?.firstMs, "ms", goals.pageFirstMs, note),
    figure("run page, repeat (median)", page?.medianMs, "ms", goals.pageRepeatMs, note),
    figure("run page HTML", page ? round2(page.bytes / 1e6) : null, "MB", goals.htmlMb, note),
    figure("Chromium: headline shown", browser?.headlineMs, "ms", goals.headlineMs, browserNote),
    figure("Chromium: first screen shown", browser?.firstScreenMs, "ms", null, browserNote),
    figure("Chromium: network idle", browser?.networkIdleMs, "ms", goals.networkIdleMs, browserNote),
    figure("Chromium: whole page scored (worker)", browser?.scoredMs, "ms", goals.scoredMs, browserNote),
    figure(
      "Chromium: headline metric change",
      browser?.metricChangeMs,
      "ms",
      goals.metricChangeMs,
      browser ? "no change seen within 10 s" : browserNote,
    ),
    figure(
      "Chromium: a flip of a fragile verdict, figures",
      browser?.flip?.figuresMs,
      "ms",
      goals.metricChangeMs,
      browser ? "no lever, or no change seen within 20 s" : browserNote,
    ),
    figure(
      "Chromium: three flips in a row, figures (median)",
      browser?.flip?.medianFiguresMs,
      "ms",
      goals.metricChangeMs,
      browser ? "no lever, or no change seen within 20 s" : browserNote,
    ),
    figure(
      "Chromium: the same flip, with its levers",
      browser?.flip?.settledMs,
      "ms",
      null,
      browser ? "no lever, or no change seen within 20 s" : browserNote,
    ),
    figure("Chromium: JS heap", browser?.heapMb, "MB", goals.heapMb, browserNote),
    figure("task page, first view", task?.firstMs, "ms", goals.partPageFirstMs, note),
    figure("task page, repeat (median)", task?.medianMs, "ms", null, note),
    figure("rollout page, first view", rollout?.firstMs, "ms", goals.partPageFirstMs, note),
    figure("rollout page, repeat (median)", rollout?.medianMs, "ms", null, note),
    figure("compare of two runs, first view", compare?.firstMs, "ms", goals.compareFirstMs, compareNote),
    figure("compare of two runs, repeat (median)", compare?.medianMs, "ms", goals.compareRepeatMs, compareNote),
    figure("report API, first view", report?.firstMs, "ms", null, note),
    figure("report API, repeat (median)", report?.medianMs, "ms", null, note),
    figure("report API JSON", report ? round2(report.bytes / 1e6) : null, "MB", null, note),
    figure("server peak RSS, serving the run", s?.peakRssMb.run, "MB", goals.serverRssMb, note),
    // The server's memory has one goal throughout: serving the run, its whole report and the compare page.
    figure("server peak RSS, report API", s?.peakRssMb.report, "MB", goals.serverRssMb, note),
    figure("server peak RSS, compare page", s?.peakRssMb.compare, "MB", goals.serverRssMb, compareNote),
  ];
}

/** The static export's figures (measure-export.ts). */
function exportFigures(exported: ExportMeasurement | Skipped, goals: ReturnType<typeof goalsFor>): Figure[] {
  const note = skipped(exported) ? exported.skipped : undefined;
  const e = skipped(exported) ? null : exported;
  const browserNote = e?.browserNote ?? note;
  return [
    figure("export: write", e?.wallMs, "ms", goals.exportWriteMs, note),
    figure("export: peak RSS", e?.peakRssMb, "MB", goals.exportRssMb, note),
    figure("export: bundle size", e ? round2(e.bytes / 1e6) : null, "MB", goals.exportMb, note),
    figure("export: largest file", e ? round2(e.largestFileBytes / 1e6) : null, "MB", null, note),
    figure("export: files", e?.files, "files", null, note),
    figure("export from file://: headline shown", e?.headlineMs, "ms", goals.exportHeadlineMs, browserNote),
    figure("export from file://: JS heap", e?.heapMb, "MB", goals.exportHeapMb, browserNote),
  ];
}

/** The scoring figures (measure-scoring.ts): the columns beside today's computeReport on the same run. */
function scoringFigures(s: ScoringMeasurement, goals: ReturnType<typeof goalsFor>): Figure[] {
  const { columns: c, objects: o } = s;
  const before = (name: string, t: keyof NonNullable<typeof o>) =>
    figure(name, o?.[t].median, "ms", null, `not measured above ${count(OBJECTS_MAX_ROLLOUTS)} rollouts`);
  return [
    figure("load a run version: columns, model, shared parts", c.load.median, "ms", null),
    figure("score from columns (Node, one core, median)", c.score.median, "ms", goals.scoreColumnsMs),
    figure("score from columns, every row made", c.scoreWithRows.median, "ms", null),
    before("computeReport on the run's objects (before)", "score"),
    figure("flip one verdict, columns", c.flip.median, "ms", goals.flipMs),
    before("flip one verdict, computeReport (before)", "flip"),
    figure("change of scheme, columns", c.scheme.median, "ms", goals.reaggregateMs),
    before("change of scheme, computeReport (before)", "scheme"),
    figure("change of headline metric, columns", c.metric.median, "ms", goals.reaggregateMs),
    figure("change of task weights, columns", c.weights.median, "ms", goals.reaggregateMs),
    figure("levers as recorded, columns", c.levers.median, "ms", null),
    before("levers as recorded, objects (before)", "levers"),
    figure("reference loop, 1.2M bytes (idle core ~1.2 ms)", s.reference.median, "ms", null),
  ];
}

/** `--size trace`: the big-trace figures alone (measure-big-trace.ts). */
async function bigTraceBench(values: {
  traces?: string;
  postgres?: string;
  "inspect-events"?: string;
  "skip-browser"?: boolean;
  json?: boolean;
}): Promise<number> {
  const whole = (text: string | undefined, fallback: number, flag: string) => {
    const n = Number(text ?? fallback);
    if (!Number.isInteger(n) || n < 0 || n > 5_000_000)
      throw new UsageError(`${flag} takes a whole number of events up to 5000000, not "${text}"`);
    return n;
  };
  const events = whole(values.traces, 300_000, "--traces");
  const inspectEvents = whole(values["inspect-events"], 100_000, "--inspect-events");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-bench-trace-"));
  const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
  process.on("exit", cleanup);
  const log = (msg: string) => process.stderr.write(`bench: ${msg} (load average ${loadavg().join(" ")})\n`);
  try {
    const loadavgBefore = loadavg();
    const measured = await measureBigTraces(process.cwd(), tmp, {
      events,
      inspectEvents,
      browser: !values["skip-browser"],
      postgres: values.postgres,
      log,
    });
    const machine = { cpus: os.cpus().length, node: process.version, loadavgBefore, loadavgAfter: loadavg() };
    if (values.json) console.log(JSON.stringify({ machine, ...measured }, null, 2));
    else {
      console.log(
        `big traces: Silo ${count(events)} events, Inspect ${count(inspectEvents)} events; ${machine.cpus} cores, Node ${machine.node}`,
      );
      console.log(
        `load average (1, 5, 15 min): before ${loadavgBefore.join(" ")}, after ${machine.loadavgAfter.join(" ")}`,
      );
      console.log(figureTable(measured.figures));
    }
    return 0;
  } finally {
    cleanup();
  }
}

/** `tally bench --size series`: the series page, its filters and the leaderboard (lib/bench/series-bench.ts). */
async function benchSeries(values: { json?: boolean; markdown?: boolean; "skip-browser"?: boolean }): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-bench-"));
  const log = (msg: string) => process.stderr.write(`bench: ${msg} (load average ${loadavg().join(" ")})\n`);
  try {
    const before = loadavg();
    const measured = await measureSeriesBench(process.cwd(), tmp, log, { browser: !values["skip-browser"] });
    const after = loadavg();
    const figures = seriesFigures(measured);
    const machine = `${os.cpus().length} cores, Node ${process.version}`;
    const load = `load average (1, 5, 15 min): before ${before.join(" ")}, after ${after.join(" ")}`;
    if (values.json)
      console.log(
        JSON.stringify(
          { size: "series", machine, loadavgBefore: before, loadavgAfter: after, figures, measured },
          null,
          2,
        ),
      );
    else if (values.markdown) console.log(figureMarkdown(figures, `The series bench, ${machine}; ${load}.`));
    else console.log(`${machine}\n${load}\n${figureTable(figures)}`);
    return 0;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export const benchCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        size: { type: "string" },
        json: { type: "boolean" },
        markdown: { type: "boolean" },
        postgres: { type: "string" },
        files: { type: "string" },
        "skip-server": { type: "boolean" },
        "skip-browser": { type: "boolean" },
        "skip-compare": { type: "boolean" },
        "skip-recompute": { type: "boolean" },
        "skip-scoring": { type: "boolean" },
        "skip-export": { type: "boolean" },
        "scoring-only": { type: "boolean" },
        only: { type: "string" },
        db: { type: "string" },
        "in-process": { type: "boolean" },
        traces: { type: "string" },
        "inspect-eval": { type: "string" },
        "inspect-events": { type: "string" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const { values } = parsed;
    if (values.size === "trace") return bigTraceBench(values);
    if (values.size === "series") return benchSeries(values);
    const size = parseSize(values.size ?? "10k");
    if (size === null)
      throw new UsageError(`--size takes 10k, 100k, 1m or a multiple of 5 rollouts, not "${values.size}"`);
    const traceEvents = Number(values.traces ?? 0);
    if (!Number.isInteger(traceEvents) || traceEvents < 0)
      throw new UsageError(`--traces takes a whole number of events, not "${values.traces}"`);
    const root = process.cwd();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-bench-"));
    const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
    process.on("exit", cleanup);
    if (values["inspect-eval"] !== undefined) {
      const samples = Number(values["inspect-eval"]);
      if (!Number.isInteger(samples) || samples < 1 || samples > 60_000)
        throw new UsageError(
          `--inspect-eval takes a number of samples from 1 to 60000, not "${values["inspect-eval"]}"`,
        );
      const measured = await measureInspectEvalIngest(root, tmp, samples).finally(cleanup);
      if (values.json) console.log(JSON.stringify(measured, null, 2));
      else {
        const { log, ingest } = measured;
        console.log(
          `${samples} samples, ${log.entries} members (${log.compression}): ${round2(log.bytes / 1e6)} MB, ` +
            `${round2(log.expandedBytes / 1e6)} MB expanded; ingest exit ${ingest.exitCode}, ` +
            `${ingest.rollouts ?? 0} rollouts in ${ingest.wallMs} ms, peak RSS ${ingest.peakRssMb} MB (${ingest.peakRssHow})`,
        );
      }
      return measured.ingest.exitCode ?? 1;
    }
    const started = performance.now();
    const log = (msg: string) => process.stderr.write(`bench: ${msg} (load average ${loadavg().join(" ")})\n`);
    const goals = goalsFor(size);
    if (values.only !== undefined && values.only !== "export")
      throw new UsageError(`--only takes export, not "${values.only}"`);
    if (values.db !== undefined && values.only === undefined) throw new UsageError("--db applies to --only export");
    if (values.only === "export") return benchExportOnly(root, tmp, size, values, log).finally(cleanup);
    if (values["scoring-only"]) {
      log(`timing scoring on one core on ${size} rollouts`);
      // --in-process: the child that measureScoringOnOneCore starts on one core.
      const scoring = values["in-process"] ? measureScoring(size) : await measureScoringOnOneCore(root, size);
      const figures = scoringFigures(scoring, goals);
      if (values.json) console.log(JSON.stringify({ size, figures, scoring }, null, 2));
      else {
        console.log(`${size} rollouts, ${os.cpus().length} cores, Node ${process.version}`);
        console.log(
          `load average (1, 5, 15 min): before ${scoring.loadavgBefore.map(round2).join(" ")}, ` +
            `after ${scoring.loadavgAfter.map(round2).join(" ")}`,
        );
        console.log(figureTable(figures));
      }
      cleanup();
      return 0;
    }
    try {
      const machine = { cpus: os.cpus().length, loadavgBefore: loadavg(), node: process.version };
      const shape = { ...BENCH_SHAPE, tasks: size / BENCH_SHAPE.rollouts, traceEvents };
      let dir = values.files ? path.resolve(values.files) : path.join(tmp, "silo-bench");
      let written: { files: number; bytes: number } | null = null;
      if (!values.files) {
        log(`writing ${size} synthetic result files`);
        written = writeSyntheticFolder(dir, shape);
      } else if (!fs.existsSync(dir)) throw new UsageError(`--files: no such folder ${values.files}`);
      dir = fs.realpathSync(dir);

      log("measuring the floor");
      const floor = await measureFloor(root, dir, path.join(tmp, "floor.db"));
      const loadAtFloor = loadavg();
      log(`floor: ${floor.wallMs} ms`);

      log("ingesting with the CLI (SQLite)");
      const dbFile = path.join(tmp, "bench.db");
      const ingest = await measureIngest(root, dir, dbFile, ["--run", BENCH_RUN]);
      const loadAtIngest = loadavg();
      const ratio = round2(ingest.wallMs / floor.wallMs);
      log(`ingest: ${ingest.wallMs} ms (${ratio}× the floor), peak RSS ${ingest.peakRssMb} MB`);

      let postgres: IngestMeasurement | Skipped = { skipped: "no --postgres URL" };
      if (values.postgres) {
        log("ingesting with the CLI (PostgreSQL)");
        const database = await freshPostgresDatabase(values.postgres);
        try {
          postgres = await measureIngest(root, dir, database.url, ["--run", BENCH_RUN]).catch(failed);
          if (!skipped(postgres)) log(`PostgreSQL ingest: ${postgres.wallMs} ms, peak RSS ${postgres.peakRssMb} MB`);
        } finally {
          await database.drop();
        }
      }

      log("timing loadScoringRun + computeReport in this process");
      const inProcess = ingest.runId
        ? await measureLoad(dbFile, ingest.runId).catch(failed)
        : { skipped: "ingest stored no run" };

      let exported: ExportMeasurement | Skipped;
      if (values["skip-export"]) exported = { skipped: "--skip-export" };
      else if (!ingest.runId) exported = { skipped: "ingest stored no run" };
      else {
        log("exporting the run as a static bundle");
        exported = await measureExport(root, dbFile, ingest.runId, path.join(tmp, "export"), {
          browser: !values["skip-browser"],
        }).catch(failed);
        fs.rmSync(path.join(tmp, "export"), { recursive: true, force: true });
        if (!skipped(exported)) log(`export: ${JSON.stringify(exported)}`);
      }
      const loadAtExport = loadavg();

      const buildFile = path.join(root, ".next", "BUILD_ID");
      const sourceFile = path.join(root, "lib/store/sql-store.ts");
      const buildOlderThanSource =
        fs.existsSync(buildFile) && fs.statSync(buildFile).mtimeMs < fs.statSync(sourceFile).mtimeMs;
      let server: ServerMeasurement | Skipped;
      if (values["skip-server"]) server = { skipped: "--skip-server" };
      else if (!ingest.runId) server = { skipped: "ingest stored no run" };
      else {
        const runId = ingest.runId;
        let otherRunId: string | null = null;
        if (!values["skip-compare"]) {
          log("storing a second run of the same files for the compare page");
          otherRunId = (await measureIngest(root, dir, dbFile, ["--run", "bench B"])).runId;
        }
        log("timing the run page, report API and compare page on next start");
        server = await warmUpRuns(root, tmp, dbFile)
          .then((warmRunIds) =>
            measureServer(root, dbFile, { runId, otherRunId, warmRunIds }, { browser: !values["skip-browser"] }),
          )
          .catch(failed);
        if (!skipped(server)) log(`server: ${JSON.stringify({ ...server, browser: undefined })}`);
        if (!skipped(server)) log(`Chromium: ${JSON.stringify(server.browser)}`);
      }

      let recompute: Awaited<ReturnType<typeof measureRecomputeInBrowser>> | Skipped;
      if (values["skip-recompute"]) recompute = { skipped: "--skip-recompute" };
      else {
        log("timing the what-if recompute in Chromium");
        recompute = await measureRecomputeInBrowser(root).catch(failed);
      }

      let scoring: ScoringMeasurement | Skipped;
      if (values["skip-scoring"]) scoring = { skipped: "--skip-scoring" };
      else {
        log("timing scoring on one core (columns and computeReport)");
        scoring = await measureScoringOnOneCore(root, size).catch(failed);
      }

      const pg = skipped(postgres) ? null : postgres;
      const figures: Figure[] = [
        figure("ingest / floor", ingest.exitCode === 0 ? ratio : null, "×", goals.ingestOverFloor, "ingest failed"),
        figure("ingest wall", ingest.wallMs, "ms", null),
        figure("floor wall", floor.wallMs, "ms", null),
        figure("ingest peak RSS", ingest.peakRssMb, "MB", goals.ingestPeakRssMb),
        figure(
          "PostgreSQL ingest / SQLite ingest",
          pg && pg.exitCode === 0 ? round2(pg.wallMs / ingest.wallMs) : null,
          "×",
          goals.postgresOverSqlite,
          skipped(postgres) ? postgres.skipped : "ingest failed",
        ),
        figure("PostgreSQL ingest wall", pg?.wallMs, "ms", null),
        figure("PostgreSQL ingest peak RSS", pg?.peakRssMb, "MB", pg ? goals.ingestPeakRssMb : null),
        ...serverFigures(server, goals),
        ...exportFigures(exported, goals),
        // Timed on the bench's fixed 10k run whatever --size (the page's own change: "headline metric change").
        figure(
          `what-if recompute, ${count(RECOMPUTE_ROLLOUTS)} rollouts (Chromium, median)`,
          skipped(recompute) ? null : Math.round(recompute.columnsMs.recomputeMedian),
          "ms",
          goalsFor(RECOMPUTE_ROLLOUTS).recomputeMs,
          skipped(recompute) ? recompute.skipped : undefined,
        ),
        figure(
          `fragile verdicts, levers, ${count(RECOMPUTE_ROLLOUTS)} rollouts (Chromium, median)`,
          skipped(recompute) ? null : Math.round(recompute.columnsMs.leversMedian),
          "ms",
          goalsFor(RECOMPUTE_ROLLOUTS).leversMs,
          skipped(recompute) ? recompute.skipped : undefined,
        ),
        figure(
          `what-if recompute, computeReport, ${count(RECOMPUTE_ROLLOUTS)} rollouts (Chromium, before)`,
          skipped(recompute) ? null : Math.round(recompute.recomputeMs.median),
          "ms",
          null,
          skipped(recompute) ? recompute.skipped : undefined,
        ),
        figure(
          `levers on objects, ${count(RECOMPUTE_ROLLOUTS)} rollouts (Chromium, before)`,
          skipped(recompute) ? null : Math.round(recompute.leversMs.median),
          "ms",
          null,
          skipped(recompute) ? recompute.skipped : undefined,
        ),
        ...(skipped(scoring)
          ? [figure("scoring in Node", null, "ms", null, scoring.skipped)]
          : scoringFigures(scoring, goals)),
      ];
      const result = {
        size,
        shape: { ...shape, files: written?.files ?? null, megabytes: written ? round2(written.bytes / 1e6) : null },
        machine: {
          ...machine,
          loadavgAtFloor: loadAtFloor,
          loadavgAtIngest: loadAtIngest,
          loadavgAtExport: loadAtExport,
          loadavgAfter: loadavg(),
        },
        figures,
        ingest,
        floor,
        postgres,
        export: exported,
        server: skipped(server)
          ? server
          : {
              ...server,
              build: buildOlderThanSource
                ? "older than lib/store/sql-store.ts: these figures are of the previous code"
                : "current",
            },
        reportInProcess: {
          ...inProcess,
          what: "loadScoringRun + computeReport + JSON.stringify, current source, no HTTP (median of 5)",
        },
        recompute,
        scoring,
        totalSeconds: Math.round((performance.now() - started) / 100) / 10,
      };
      if (values.json) console.log(JSON.stringify(result, null, 2));
      else if (values.markdown) {
        const load = (l: readonly number[]) => l.map((x) => x.toFixed(2)).join(" ");
        const context =
          `${count(size)} rollouts (${count(shape.tasks)} tasks × ${shape.rollouts} × ` +
          `${shape.checks} checks, one file each), ${machine.cpus} cores, Node ${machine.node}; load average ` +
          `(1, 5, 15 min) ${load(loadAtFloor)} at the floor, ${load(loadAtIngest)} at ingest.`;
        console.log(figureMarkdown(figures, context));
      } else {
        console.log(`${size} rollouts, ${machine.cpus} cores, Node ${machine.node}`);
        console.log(
          `load average (1, 5, 15 min): before ${machine.loadavgBefore.join(" ")}, at the floor ${loadAtFloor.join(" ")}, ` +
            `at ingest ${loadAtIngest.join(" ")}, after ${result.machine.loadavgAfter.join(" ")}`,
        );
        if (!skipped(server) && buildOlderThanSource)
          console.log("build: older than lib/store/sql-store.ts: the server figures are of the previous code");
        console.log(figureTable(figures));
      }
      return 0;
    } finally {
      cleanup();
    }
  },
};
