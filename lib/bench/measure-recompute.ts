import { build } from "esbuild";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { BENCH_SHAPE } from "./synthetic";

/** The run recompute-entry.ts scores, whatever the bench's --size: BENCH_SHAPE, 10,000 rollouts. */
export const RECOMPUTE_ROLLOUTS = BENCH_SHAPE.tasks * BENCH_SHAPE.rollouts;

export interface RecomputeResult {
  where: "chromium" | "node";
  rollouts: number;
  checks: number;
  recomputeMs: { median: number; max: number; asRecordedMedian: number };
  /** levers(run) as recorded: every check of every task flipped and the headline recomputed. */
  leversMs: { median: number; max: number };
  /** The same from the run's columns (ColumnScorer, columnLevers), a scenario and the run as recorded in turn. */
  columnsMs: { recomputeMedian: number; leversMedian: number };
}

/** Bundles lib/scoring with the synthetic run and times computeReport and levers inside headless Chromium. */
export async function measureRecomputeInBrowser(root = process.cwd()): Promise<RecomputeResult> {
  const bundle = await build({
    entryPoints: [path.join(root, "lib/bench/recompute-entry.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    alias: { "@": root },
    logLevel: "silent",
  });
  const code = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: code });
    const result = await page.evaluate<Omit<RecomputeResult, "where">>("runRecomputeBench()");
    return { where: "chromium", ...result };
  } finally {
    await browser.close();
  }
}
