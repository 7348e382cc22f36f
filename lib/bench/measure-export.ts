import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { databaseUrl } from "./measure-ingest";
import { track } from "./processes";

export interface ExportMeasurement {
  wallMs: number;
  /** The child's high-water resident memory (VmHWM polled from /proc). */
  peakRssMb: number | null;
  exitCode: number | null;
  files: number;
  bytes: number;
  /** The largest file written, in bytes. */
  largestFileBytes: number;
  /** From file:// in headless Chromium: navigation to the headline on screen. */
  headlineMs: number | null;
  /** JavaScript heap in use once the headline shows. */
  heapMb: number | null;
  browserNote?: string;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function walk(dir: string): { files: number; bytes: number; largest: number } {
  let files = 0;
  let bytes = 0;
  let largest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = walk(at);
      files += sub.files;
      bytes += sub.bytes;
      largest = Math.max(largest, sub.largest);
    } else {
      const size = fs.statSync(at).size;
      files++;
      bytes += size;
      largest = Math.max(largest, size);
    }
  }
  return { files, bytes, largest };
}

/**
 * Runs the real CLI (`tally export <runId> --out <out>`, with `args`) in a child process on the bench's database: its wall
 * time and peak memory, then what it wrote (files, bytes), then the bundle's index.html opened from file:// in
 * headless Chromium (headline shown, heap).
 */
export async function measureExport(
  root: string,
  database: string,
  runId: string,
  out: string,
  options: { browser: boolean; args?: readonly string[] },
): Promise<ExportMeasurement> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(database),
    TALLY_DEMO: "0",
    NODE_ENV: "production",
  };
  const start = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, "lib/cli/bin.mjs"), "export", runId, "--out", out, ...(options.args ?? [])],
    {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  track(child);
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // the child has exited
    }
  }, 20);
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const wallMs = Math.round(performance.now() - start);
  clearInterval(poll);
  if (exitCode !== 0) throw new Error(`export child failed (exit ${exitCode}): ${stderr.slice(-2000)}`);
  const written = walk(out);
  const measured: ExportMeasurement = {
    wallMs,
    peakRssMb: peakKb > 0 ? Math.round(peakKb / 102.4) / 10 : null,
    exitCode,
    files: written.files,
    bytes: written.bytes,
    largestFileBytes: written.largest,
    headlineMs: null,
    heapMb: null,
  };
  if (!options.browser) return { ...measured, browserNote: "--skip-browser" };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const t0 = performance.now();
    await page.goto(pathToFileURL(path.join(out, "index.html")).href, { waitUntil: "commit", timeout: 120_000 });
    await page.getByTestId("headline-value").waitFor({ state: "visible", timeout: 120_000 });
    measured.headlineMs = Math.round(performance.now() - t0);
    const cdp = await page.context().newCDPSession(page);
    measured.heapMb = mb((await cdp.send("Runtime.getHeapUsage")).usedSize);
  } catch (e) {
    measured.browserNote = `failed: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    await browser.close();
  }
  return measured;
}
