import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BENCH_SHAPE, syntheticSiloFiles, type SyntheticShape } from "./synthetic";
import { track } from "./processes";

export interface WrittenFolder {
  dir: string;
  files: number;
  bytes: number;
}

/** Writes the synthetic Silo run as files under `dir` (one result file per rollout). */
export function writeSyntheticFolder(dir: string, shape: SyntheticShape = BENCH_SHAPE): WrittenFolder {
  let files = 0;
  let bytes = 0;
  const made = new Set<string>();
  for (const f of syntheticSiloFiles(shape)) {
    const abs = path.join(dir, f.path);
    const parent = path.dirname(abs);
    if (!made.has(parent)) {
      fs.mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    fs.writeFileSync(abs, f.text);
    files++;
    bytes += Buffer.byteLength(f.text);
  }
  return { dir, files, bytes };
}

/** DATABASE_URL of a bench database: a PostgreSQL URL as it is, else a SQLite file's path. */
export function databaseUrl(database: string): string {
  return /^postgres(ql)?:\/\//.test(database) ? database : `file:${database}`;
}

export interface IngestMeasurement {
  wallMs: number;
  peakRssMb: number | null;
  peakRssHow: string;
  exitCode: number | null;
  runId: string | null;
  rollouts: number | null;
  accepted: number | null;
  rejected: number | null;
}

/**
 * Runs the real CLI (`node lib/cli/bin.mjs ingest <dir> --json [args]`) in a child process and measures its
 * wall time and peak memory (maxRSS from GNU time, which waits for the child itself). `database`: a SQLite
 * file, or a database URL (postgresql://…).
 */
export async function measureIngest(
  root: string,
  dir: string,
  database: string,
  extraArgs: readonly string[] = [],
): Promise<IngestMeasurement> {
  const useTime = fs.existsSync("/usr/bin/time");
  const node = process.execPath;
  const cli = [path.join(root, "lib/cli/bin.mjs"), "ingest", dir, "--json", ...extraArgs];
  const [cmd, args] = useTime ? ["/usr/bin/time", ["-v", node, ...cli]] : [node, cli];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(database),
    TALLY_DEMO: "0",
    NODE_ENV: "production",
  };
  const start = performance.now();
  const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  track(child);
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  let peakPolled = 0;
  // Without GNU time: poll the child's high-water mark while it runs.
  const poll = useTime
    ? null
    : setInterval(() => {
        try {
          const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
          const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
          peakPolled = Math.max(peakPolled, kb);
        } catch {
          // the child has exited
        }
      }, 20);
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const wallMs = performance.now() - start;
  if (poll) clearInterval(poll);
  const rssKb = useTime ? Number(/Maximum resident set size \(kbytes\):\s*(\d+)/.exec(stderr)?.[1] ?? NaN) : peakPolled;
  type Output = { runs?: { id: string; rollouts: number }[]; accepted?: string[]; rejected?: unknown[] };
  let out: Output;
  try {
    out = JSON.parse(stdout) as Output;
  } catch {
    throw new Error(`ingest child failed (exit ${exitCode}): ${stderr.slice(-2000)}`);
  }
  return {
    wallMs: Math.round(wallMs),
    peakRssMb: Number.isFinite(rssKb) && rssKb > 0 ? Math.round(rssKb / 102.4) / 10 : null,
    peakRssHow: useTime ? "/usr/bin/time -v maxRSS" : "polled /proc/<pid>/status VmHWM",
    exitCode,
    runId: out.runs?.[0]?.id ?? null,
    rollouts: out.runs?.[0]?.rollouts ?? null,
    accepted: out.accepted?.length ?? null,
    rejected: out.rejected?.length ?? null,
  };
}
