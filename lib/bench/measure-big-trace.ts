import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  BIG_TRACE_ROLLOUT,
  bigTraceFigures,
  measureBigTraceInBrowser,
  fileSha256,
  timeRawDownload,
  timeTraceRoutes,
  writeBigSiloTrace,
  type BigTraceBrowserFigures,
  type BigTraceServerFigures,
} from "./big-trace";
import { figure, type Figure } from "./goals";
import { writeInspectEval } from "./inspect-eval";
import { measureExport, type ExportMeasurement } from "./measure-export";
import { measureIngest, type IngestMeasurement } from "./measure-ingest";
import { freshPostgresDatabase } from "./postgres-database";
import { timeGet, withServer } from "./measure-server";

/** The Inspect sample's rollout id: sample 1, epoch 1. */
const INSPECT_ROLLOUT = "1#1";

export interface BigTraceCase {
  label: string;
  bytes: number;
  ingest: IngestMeasurement;
  server: (BigTraceServerFigures & { steps: number }) | { skipped: string };
  browser: BigTraceBrowserFigures | { skipped: string };
  /** The trace's raw file downloaded whole (`GET /api/files/:sha256`), checked against its sha256; null: not asked. */
  download: { ms: number; status: number; bytes: number; sha256: string } | { skipped: string } | null;
  exported: ExportMeasurement | { skipped: string };
  peakRssMb: number | null;
}

const failed = (e: unknown) => ({ skipped: `failed: ${e instanceof Error ? e.message : String(e)}` });

/** What a big trace's export may write (`tally export --max-bytes`). */
export const BIG_TRACE_EXPORT_BYTES = 50_000_000;

/**
 * Ingests `input` into `database` (a fresh SQLite file's path, or a fresh PostgreSQL database's URL), then times
 * its trace on `next start` (and in Chromium, unless told not to), downloads the trace's raw file whole when
 * `raw` names it, and exports the run under BIG_TRACE_EXPORT_BYTES.
 */
async function measureCase(
  root: string,
  tmp: string,
  c: { label: string; input: string; bytes: number; rolloutId: string; database: string; raw?: { sha256: string } },
  options: { browser: boolean; log: (msg: string) => void },
): Promise<BigTraceCase> {
  const { label, bytes, rolloutId, database } = c;
  const skippedAll = (why: string) => ({ skipped: why });
  options.log(`${label}: ingesting ${Math.round(bytes / 1e6)} MB`);
  const ingest = await measureIngest(root, c.input, database, ["--run", label]);
  options.log(`${label}: ingest ${ingest.wallMs} ms, peak RSS ${ingest.peakRssMb} MB`);
  const runId = ingest.runId;
  const none = (why: string) => ({
    label,
    bytes,
    ingest,
    server: skippedAll(why),
    browser: skippedAll(why),
    download: skippedAll(why),
    exported: skippedAll(why),
    peakRssMb: null,
  });
  if (!runId) return none(`ingest stored no run (exit ${ingest.exitCode})`);
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    return none(".next/BUILD_ID is missing: run `npm run build` first");
  options.log(`${label}: timing the trace API and the rollout page${c.raw ? ", then the raw file's download" : ""}`);
  const served = await withServer(root, database, async (base) => {
    const routes = await timeTraceRoutes(base, runId, rolloutId, timeGet);
    const download = c.raw ? await timeRawDownload(base, c.raw.sha256) : null;
    return { routes, download };
  }).catch(failed);
  let peakRssMb = "skipped" in served ? null : served.peakRssMb;
  const server = "skipped" in served ? served : served.result.routes;
  const download = "skipped" in served ? served : served.result.download;
  let browser: BigTraceCase["browser"] = { skipped: "--skip-browser" };
  if (options.browser && !("skipped" in server)) {
    options.log(`${label}: the rollout page in Chromium`);
    const inBrowser = await withServer(root, database, (base) =>
      measureBigTraceInBrowser(base, runId, rolloutId, server.steps).catch(failed),
    ).catch(failed);
    if (!("skipped" in inBrowser)) {
      peakRssMb = Math.max(peakRssMb ?? 0, inBrowser.peakRssMb);
      browser = inBrowser.result;
    } else browser = inBrowser;
  }
  options.log(`${label}: exporting under ${BIG_TRACE_EXPORT_BYTES} bytes`);
  const out = path.join(tmp, `${label.replace(/\W+/g, "-")}-export`);
  const exported = await measureExport(root, database, runId, out, {
    browser: false,
    args: ["--max-bytes", String(BIG_TRACE_EXPORT_BYTES)],
  }).catch(failed);
  fs.rmSync(out, { recursive: true, force: true });
  return { label, bytes, ingest, server, browser, download, exported, peakRssMb };
}

/**
 * `tally bench --size trace`: a generated Silo trace of `events` events and a generated Inspect sample of
 * `inspectEvents` events, each ingested alone, then read as a user reads them.
 */
export async function measureBigTraces(
  root: string,
  tmp: string,
  options: {
    events: number;
    inspectEvents: number;
    browser: boolean;
    /** A PostgreSQL server the Silo trace is also ingested into (a fresh database), without Chromium. */
    postgres?: string;
    log: (msg: string) => void;
  },
): Promise<{ cases: BigTraceCase[]; figures: Figure[] }> {
  const cases: BigTraceCase[] = [];
  const siloDir = path.join(tmp, "big-silo");
  options.log(`writing a Silo trace of ${options.events} events`);
  const silo = writeBigSiloTrace(siloDir, options.events);
  const raw = { sha256: await fileSha256(silo.file) };
  const siloCase = { label: `Silo ${options.events} events`, input: siloDir, bytes: silo.bytes, raw };
  const sqlite = (label: string) => path.join(tmp, `${label.replace(/\W+/g, "-")}.db`);
  cases.push(
    await measureCase(
      root,
      tmp,
      { ...siloCase, rolloutId: BIG_TRACE_ROLLOUT, database: sqlite(siloCase.label) },
      options,
    ),
  );
  if (options.postgres) {
    const database = await freshPostgresDatabase(options.postgres);
    try {
      const label = `${siloCase.label} on PostgreSQL`;
      const c = { ...siloCase, label, rolloutId: BIG_TRACE_ROLLOUT, database: database.url };
      cases.push(await measureCase(root, tmp, c, { ...options, browser: false }));
    } finally {
      await database.drop();
    }
  }
  fs.rmSync(siloDir, { recursive: true, force: true });
  if (options.inspectEvents > 0) {
    options.log(`writing an Inspect sample of ${options.inspectEvents} events`);
    const compression = spawnSync("zstd", ["--version"]).status === 0 ? "zstd" : "raw";
    // A sample's events: its init, a model and a tool event per call, its score.
    const calls = Math.max(1, Math.floor((options.inspectEvents - 2) / 2));
    const log = writeInspectEval(path.join(tmp, "big-sample.eval"), { samples: 1, seed: 7, compression, calls });
    const label = `Inspect ${options.inspectEvents} events`;
    const c = { label, input: log.file, bytes: log.expandedBytes, rolloutId: INSPECT_ROLLOUT, database: sqlite(label) };
    cases.push(await measureCase(root, tmp, c, options));
  }
  const figures: Figure[] = [];
  for (const c of cases) {
    const note = "skipped" in c.server ? c.server.skipped : "";
    const server = "skipped" in c.server ? null : c.server;
    const browser = "skipped" in c.browser ? null : c.browser;
    figures.push(
      figure(`${c.label}: ingest wall (${Math.round(c.bytes / 1e6)} MB)`, c.ingest.wallMs, "ms", null),
      figure(`${c.label}: ingest peak RSS`, c.ingest.peakRssMb, "MB", null),
    );
    const skipped = note || ("skipped" in c.browser ? c.browser.skipped : "");
    for (const f of bigTraceFigures(c.label, server, browser, c.peakRssMb, skipped)) figures.push(f);
    for (const f of deliveryFigures(c, raw.sha256)) figures.push(f);
  }
  return { cases, figures };
}

/** The raw file's download (checked against its sha256), when the case asked for one, and its capped export. */
function deliveryFigures(c: BigTraceCase, sha256: string): Figure[] {
  const out: Figure[] = [];
  const d = c.download;
  if (d !== null) {
    const wrong = !("skipped" in d) && (d.status !== 200 || d.sha256 !== sha256);
    const note =
      "skipped" in d ? d.skipped : wrong ? `HTTP ${d.status}, ${d.bytes} bytes received, not the file's` : "";
    const ms = "skipped" in d || wrong ? null : d.ms;
    out.push(figure(`${c.label}: raw file download, ${Math.round(c.bytes / 1e6)} MB`, ms, "ms", null, note));
  }
  const e = "skipped" in c.exported ? null : c.exported;
  const note = e === null ? (c.exported as { skipped: string }).skipped : "";
  const cap = BIG_TRACE_EXPORT_BYTES / 1e6;
  out.push(
    figure(`${c.label}: export --max-bytes ${cap} MB, wall`, e?.wallMs, "ms", null, note),
    figure(`${c.label}: export written`, e ? Math.round(e.bytes / 1e5) / 10 : null, "MB", cap, note),
    figure(`${c.label}: export peak RSS`, e?.peakRssMb, "MB", null, note),
  );
  return out;
}
