import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { seeded } from "@/lib/scoring/core/seeded";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { figure, type Figure } from "./goals";
import { writeSyntheticFolder } from "./measure-ingest";
import { BENCH_SHAPE } from "./synthetic";

/*
 * `tally bench --size trace`: one rollout whose trace is as big as real ones get (300,000 Silo events, hundreds
 * of MB), and the figures a reader of it sees: the first steps, a jump to any step, the server's memory and the
 * browser's heap, beside issue 29's goals.
 */

/** The goals of a big trace (issue 29). */
export const BIG_TRACE_GOALS = { firstStepsMs: 1500, jumpMs: 300, serverRssMb: 300, heapMb: 150 };

/** The rollout the generated run holds: its trace is `<rollout>.trace.jsonl` beside its result. */
export const BIG_TRACE_ROLLOUT = "TASK-00001-r1";
const TASK_DIR = "env-0/TASK-00001";

/** Every this many results is a tool error; every LONG_EVERY-th result holds LONG_BYTES of text. */
const ERROR_EVERY = 997;
const LONG_EVERY = 10_000;
const LONG_BYTES = 64 * 1024;

const WORDS = "the agent read file row value table order status tool result query error check patch build".split(" ");

/**
 * Writes a Silo run of one rollout under `dir` whose trace has `events` events: tool calls and their results,
 * each result ~1 KB of text, every 997th an error, every 10,000th 64 KB long. Streams to disk: memory holds one
 * chunk of lines, never the trace.
 */
export function writeBigSiloTrace(dir: string, events: number, seed = 7): { file: string; bytes: number } {
  writeSyntheticFolder(dir, { ...BENCH_SHAPE, tasks: 1, rollouts: 1, traceEvents: 0 });
  const file = path.join(dir, TASK_DIR, `${BIG_TRACE_ROLLOUT}.trace.jsonl`);
  const rand = seeded(seed);
  const text = (n: number) => {
    const out: string[] = [];
    let length = 0;
    while (length < n) {
      const w = WORDS[Math.floor(rand() * WORDS.length)]!;
      out.push(w);
      length += w.length + 1;
    }
    return out.join(" ");
  };
  const base = Date.UTC(2026, 10, 20, 10, 0, 0);
  const fd = fs.openSync(file, "w");
  let bytes = 0;
  let chunk: string[] = [];
  const flush = () => {
    const buffer = Buffer.from(chunk.join(""), "utf8");
    fs.writeSync(fd, buffer);
    bytes += buffer.byteLength;
    chunk = [];
  };
  try {
    for (let seq = 1; seq <= events; seq++) {
      const callId = Math.ceil(seq / 2);
      const at = new Date(base + seq * 250).toISOString();
      const tool = `tool_${callId % 7}`;
      const event =
        seq % 2 === 1
          ? { seq, type: "tool_call", at, callId, tool, input: { query: `lookup ${callId}`, page: callId % 13 } }
          : {
              seq,
              type: "tool_result",
              at,
              callId,
              isError: callId % ERROR_EVERY === 0,
              output: { id: `e${callId}`, text: text(callId % LONG_EVERY === 0 ? LONG_BYTES : 1000) },
            };
      chunk.push(JSON.stringify(event), "\n");
      if (chunk.length >= 2000) flush();
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
  return { file, bytes };
}

export interface TimedGet {
  ms: number;
  status: number;
  bytes: number;
}

export interface BigTraceServerFigures {
  /** GET of the trace API's first page (100 steps), the first request for this trace. */
  firstPageMs: number;
  firstPageStatus: number;
  /** The rollout page's HTML, after the first page was asked for. */
  rolloutPageMs: number;
  rolloutPageStatus: number;
  /** Pages of 100 steps at offsets across the trace, in the order asked. */
  jumps: { offset: number; ms: number; status: number }[];
  jumpMedianMs: number;
  jumpMaxMs: number;
}

export interface BigTraceBrowserFigures {
  /** From the navigation to the first step on screen. */
  firstStepMs: number;
  /** From the navigation to the trace following links (its scripts run, the list virtualised). */
  interactiveMs: number;
  /** From following a link to a step near the end to that step on screen; null when it never showed. */
  jumpMs: number | null;
  jumpTarget: number;
  heapMb: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Offsets of the jumps: spread over the trace, the last page included. */
export function jumpOffsets(steps: number): number[] {
  const spots = [0.5, 0.9, 0.1, 0.73, 0.31];
  return [...spots.map((f) => Math.floor(steps * f)), Math.max(0, steps - 100)];
}

/** The trace API's and rollout page's URLs of one rollout on a server at `base`. */
export function traceUrls(base: string, runId: string, rolloutId: string) {
  const rollout = `${encodeURIComponent(runId)}/rollouts/${encodeURIComponent(rolloutId)}`;
  return { api: `${base}/api/runs/${rollout}/trace`, page: `${base}/runs/${rollout}` };
}

/**
 * Times the trace API and the rollout page of one rollout on a running server: the first page (the first
 * request for this trace), the page's HTML, then pages across the trace (its length from the first answer).
 */
export async function timeTraceRoutes(
  base: string,
  runId: string,
  rolloutId: string,
  get: (url: string) => Promise<TimedGet>,
): Promise<BigTraceServerFigures & { steps: number }> {
  const urls = traceUrls(base, runId, rolloutId);
  const start = performance.now();
  const res = await fetch(`${urls.api}?offset=0&limit=100`);
  const body = (await res.json()) as { total?: number };
  const firstMs = performance.now() - start;
  const steps = body.total ?? 0;
  const rolloutPage = await get(urls.page);
  const jumps: BigTraceServerFigures["jumps"] = [];
  for (const offset of jumpOffsets(steps)) {
    const r = await get(`${urls.api}?offset=${offset}&limit=100`);
    jumps.push({ offset, ms: Math.round(r.ms), status: r.status });
  }
  const times = jumps.map((j) => j.ms);
  return {
    steps,
    firstPageMs: Math.round(firstMs),
    firstPageStatus: res.status,
    rolloutPageMs: Math.round(rolloutPage.ms),
    rolloutPageStatus: rolloutPage.status,
    jumps,
    jumpMedianMs: median(times),
    jumpMaxMs: times.reduce((a, b) => Math.max(a, b), -Infinity),
  };
}

/** A stored file downloaded whole from a running server: its time, size and sha256 as received. */
export async function timeRawDownload(
  base: string,
  sha256: string,
): Promise<{ ms: number; status: number; bytes: number; sha256: string }> {
  const start = performance.now();
  const res = await fetch(`${base}/api/files/${sha256}?name=trace.jsonl`);
  const hash = createHash("sha256");
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader!.read()) {
    hash.update(r.value);
    bytes += r.value.byteLength;
  }
  return { ms: Math.round(performance.now() - start), status: res.status, bytes, sha256: hash.digest("hex") };
}

/** The sha256 of a file on disk, read in pieces. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of fs.createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest("hex");
}

/** The rollout page of the big trace in headless Chromium: first step shown, a jump near the end, the heap. */
export async function measureBigTraceInBrowser(
  base: string,
  runId: string,
  rolloutId: string,
  steps: number,
): Promise<BigTraceBrowserFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const url = traceUrls(base, runId, rolloutId).page;
    const start = performance.now();
    await page.goto(url, { waitUntil: "commit", timeout: 180_000 });
    await page.locator("#trace-step-1").waitFor({ state: "visible", timeout: 180_000 });
    const firstStepMs = Math.round(performance.now() - start);
    // The first steps come in the server's HTML; a link is followed once the page's scripts run.
    await page.locator('[data-testid="trace"][data-hydrated="true"]').waitFor({ timeout: 180_000 });
    const interactiveMs = Math.round(performance.now() - start);
    const jumpTarget = Math.max(1, steps - 1234);
    const jumpStart = performance.now();
    await page.evaluate((n) => (window.location.hash = `#trace-step-${n}`), jumpTarget);
    const jumpMs = await page
      .locator(`#trace-step-${jumpTarget}`)
      .waitFor({ state: "visible", timeout: 60_000 })
      .then(() => Math.round(performance.now() - jumpStart))
      .catch(() => null);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = await cdp.send("Runtime.getHeapUsage");
    return { firstStepMs, interactiveMs, jumpMs, jumpTarget, heapMb: Math.round(heap.usedSize / 1e5) / 10 };
  } finally {
    await browser.close();
  }
}

/** The figures beside the goals. */
export function bigTraceFigures(
  label: string,
  server: BigTraceServerFigures | null,
  browser: BigTraceBrowserFigures | null,
  peakRssMb: number | null,
  note: string,
): Figure[] {
  const g = BIG_TRACE_GOALS;
  return [
    figure(`${label}: trace API, first 100 steps`, server?.firstPageMs, "ms", g.firstStepsMs, note),
    figure(`${label}: rollout page HTML`, server?.rolloutPageMs, "ms", g.firstStepsMs, note),
    figure(`${label}: trace API, jump (median of 6)`, server?.jumpMedianMs, "ms", g.jumpMs, note),
    figure(`${label}: trace API, jump (slowest)`, server?.jumpMaxMs, "ms", null, note),
    figure(`${label}: server peak RSS`, peakRssMb, "MB", g.serverRssMb, note),
    figure(`${label}: Chromium, first step shown`, browser?.firstStepMs, "ms", g.firstStepsMs, note),
    figure(`${label}: Chromium, trace interactive`, browser?.interactiveMs, "ms", null, note),
    figure(
      `${label}: Chromium, jump to a step near the end`,
      browser?.jumpMs,
      "ms",
      g.jumpMs,
      browser ? "the step never showed (60 s)" : note,
    ),
    figure(`${label}: Chromium JS heap after GC`, browser?.heapMb, "MB", g.heapMb, note),
  ];
}
