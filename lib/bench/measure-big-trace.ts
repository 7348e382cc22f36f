import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  BIG_TRACE_ROLLOUT,
  bigTraceFigures,
  measureBigTraceInBrowser,
  timeTraceRoutes,
  writeBigSiloTrace,
  type BigTraceBrowserFigures,
  type BigTraceServerFigures,
} from "./big-trace";
import { figure, type Figure } from "./goals";
import { writeInspectEval } from "./inspect-eval";
import { measureIngest, type IngestMeasurement } from "./measure-ingest";
import { timeGet, withServer } from "./measure-server";

/** The Inspect sample's rollout id: sample 1, epoch 1. */
const INSPECT_ROLLOUT = "1#1";

export interface BigTraceCase {
  label: string;
  bytes: number;
  ingest: IngestMeasurement;
  server: (BigTraceServerFigures & { steps: number }) | { skipped: string };
  browser: BigTraceBrowserFigures | { skipped: string };
  peakRssMb: number | null;
}

const failed = (e: unknown) => ({ skipped: `failed: ${e instanceof Error ? e.message : String(e)}` });

/** Ingests `input` into a fresh SQLite file, then times its trace on `next start` (and in Chromium, unless told not to). */
async function measureCase(
  root: string,
  tmp: string,
  label: string,
  input: string,
  bytes: number,
  rolloutId: string,
  options: { browser: boolean; log: (msg: string) => void },
): Promise<BigTraceCase> {
  const db = path.join(tmp, `${label.replace(/\W+/g, "-")}.db`);
  options.log(`${label}: ingesting ${Math.round(bytes / 1e6)} MB`);
  const ingest = await measureIngest(root, input, db, ["--run", label]);
  options.log(`${label}: ingest ${ingest.wallMs} ms, peak RSS ${ingest.peakRssMb} MB`);
  const runId = ingest.runId;
  if (!runId) {
    const skipped = { skipped: `ingest stored no run (exit ${ingest.exitCode})` };
    return { label, bytes, ingest, server: skipped, browser: skipped, peakRssMb: null };
  }
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    const skipped = { skipped: ".next/BUILD_ID is missing: run `npm run build` first" };
    return { label, bytes, ingest, server: skipped, browser: skipped, peakRssMb: null };
  }
  options.log(`${label}: timing the trace API and the rollout page`);
  const served = await withServer(root, db, (base) => timeTraceRoutes(base, runId, rolloutId, timeGet)).catch(failed);
  let peakRssMb = "skipped" in served ? null : served.peakRssMb;
  const server = "skipped" in served ? served : served.result;
  let browser: BigTraceCase["browser"] = { skipped: "--skip-browser" };
  if (options.browser && !("skipped" in server)) {
    options.log(`${label}: the rollout page in Chromium`);
    const inBrowser = await withServer(root, db, (base) =>
      measureBigTraceInBrowser(base, runId, rolloutId, server.steps).catch(failed),
    ).catch(failed);
    if (!("skipped" in inBrowser)) {
      peakRssMb = Math.max(peakRssMb ?? 0, inBrowser.peakRssMb);
      browser = inBrowser.result;
    } else browser = inBrowser;
  }
  return { label, bytes, ingest, server, browser, peakRssMb };
}

/**
 * `tally bench --size trace`: a generated Silo trace of `events` events and a generated Inspect sample of
 * `inspectEvents` events, each ingested alone, then read as a user reads them.
 */
export async function measureBigTraces(
  root: string,
  tmp: string,
  options: { events: number; inspectEvents: number; browser: boolean; log: (msg: string) => void },
): Promise<{ cases: BigTraceCase[]; figures: Figure[] }> {
  const cases: BigTraceCase[] = [];
  const siloDir = path.join(tmp, "big-silo");
  options.log(`writing a Silo trace of ${options.events} events`);
  const silo = writeBigSiloTrace(siloDir, options.events);
  cases.push(
    await measureCase(root, tmp, `Silo ${options.events} events`, siloDir, silo.bytes, BIG_TRACE_ROLLOUT, options),
  );
  fs.rmSync(siloDir, { recursive: true, force: true });
  if (options.inspectEvents > 0) {
    options.log(`writing an Inspect sample of ${options.inspectEvents} events`);
    const compression = spawnSync("zstd", ["--version"]).status === 0 ? "zstd" : "raw";
    // A sample's events: its init, a model and a tool event per call, its score.
    const calls = Math.max(1, Math.floor((options.inspectEvents - 2) / 2));
    const log = writeInspectEval(path.join(tmp, "big-sample.eval"), { samples: 1, seed: 7, compression, calls });
    cases.push(
      await measureCase(
        root,
        tmp,
        `Inspect ${options.inspectEvents} events`,
        log.file,
        log.expandedBytes,
        INSPECT_ROLLOUT,
        options,
      ),
    );
  }
  const figures: Figure[] = [];
  for (const c of cases) {
    const note = "skipped" in c.server ? c.server.skipped : "";
    const server = "skipped" in c.server ? null : c.server;
    const browser = "skipped" in c.browser ? null : c.browser;
    figures.push(
      figure(`${c.label}: ingest wall (${Math.round(c.bytes / 1e6)} MB)`, c.ingest.wallMs, "ms", null),
      figure(`${c.label}: ingest peak RSS`, c.ingest.peakRssMb, "MB", null),
      ...bigTraceFigures(
        c.label,
        server,
        browser,
        c.peakRssMb,
        note || ("skipped" in c.browser ? c.browser.skipped : ""),
      ),
    );
  }
  return { cases, figures };
}
