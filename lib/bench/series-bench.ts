import path from "node:path";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { readLeaderboard, readSeries } from "@/lib/series/read-series";
import { createStore } from "@/lib/store/open-store";
import { count } from "@/lib/scoring/core/numbers";
import { figure, SERIES_GOALS, type Figure } from "./goals";
import {
  measureLeaderboardPage,
  measureSeriesPage,
  type LeaderboardPageMeasurement,
  type SeriesPageMeasurement,
} from "./measure-series";
import { withServer } from "./measure-server";
import { ingestSeries, type SeriesShape } from "@/lib/ingest/generated-series";
import { LEADERBOARD_BENCH_SHAPE, SERIES_BENCH_SHAPE } from "./series-shapes";

/** A small series the server shows first, so the timed pages find its code loaded, not the bench's data. */
const WARM_UP: SeriesShape = { name: "warm-up", runs: 3, tasks: 20, trials: 2, seed: 5 };
/** The task-name filter timed: the hundred tasks task-0100 … task-0199 of the generated series. */
const TASK_TEXT = "task-01";

export interface SeriesBench {
  shape: { series: SeriesShape; leaderboard: SeriesShape };
  ingestMs: number;
  /** readSeries and readLeaderboard in this process (the pages' server work, without rendering), ms. */
  serverMs: { series: number; leaderboard: number };
  series: SeriesPageMeasurement | { skipped: string };
  leaderboard: LeaderboardPageMeasurement | { skipped: string };
  peakRssMb: number | null;
}

const taskCount = (s: SeriesShape) => (typeof s.tasks === "number" ? s.tasks : s.tasks.length);
const failed = (e: unknown) => ({ skipped: `failed: ${e instanceof Error ? e.message : String(e)}` });

/**
 * The series bench: a generated series (100 runs × 2,000 tasks) and a leaderboard's runs (8 × 85) ingested into
 * a fresh SQLite file in `tmp`, their statistics timed in this process, then both pages in headless Chromium on
 * the built app (`next start`).
 */
export async function measureSeriesBench(
  root: string,
  tmp: string,
  log: (msg: string) => void,
  options: { browser: boolean },
): Promise<SeriesBench> {
  const dbFile = path.join(tmp, "series.db");
  const target = parseDatabaseUrl(`file:${dbFile}`);
  await migrate(target, root);
  const store = createStore(target);
  const shape = { series: SERIES_BENCH_SHAPE, leaderboard: LEADERBOARD_BENCH_SHAPE };
  let ingestMs: number;
  const serverMs = { series: 0, leaderboard: 0 };
  try {
    const t0 = performance.now();
    for (const s of [WARM_UP, shape.leaderboard, shape.series]) {
      log(`ingesting ${s.runs} runs × ${count(taskCount(s))} tasks × ${s.trials} trials (${s.name})`);
      await ingestSeries(store, s);
    }
    ingestMs = Math.round(performance.now() - t0);
    const t1 = performance.now();
    await readSeries(store, shape.series.name);
    serverMs.series = Math.round(performance.now() - t1);
    const t2 = performance.now();
    await readLeaderboard(store, { series: shape.leaderboard.name });
    serverMs.leaderboard = Math.round(performance.now() - t2);
    log(`statistics in this process: series ${serverMs.series} ms, leaderboard ${serverMs.leaderboard} ms`);
  } finally {
    await store.close();
  }
  if (!options.browser)
    return {
      shape,
      ingestMs,
      serverMs,
      series: { skipped: "--skip-browser" },
      leaderboard: { skipped: "--skip-browser" },
      peakRssMb: null,
    };
  log("timing the series page and the leaderboard in Chromium on next start");
  const served = await withServer(root, dbFile, async (base) => {
    for (const route of [`/series/${WARM_UP.name}`, `/leaderboard?series=${WARM_UP.name}`])
      await (await fetch(base + route)).arrayBuffer();
    const series = await measureSeriesPage(`${base}/series/${shape.series.name}`, TASK_TEXT).catch(failed);
    const leaderboard = await measureLeaderboardPage(`${base}/leaderboard?series=${shape.leaderboard.name}`).catch(
      failed,
    );
    return { series, leaderboard };
  });
  return { shape, ingestMs, serverMs, ...served.result, peakRssMb: served.peakRssMb };
}

/** The series bench's figures beside their goals. */
export function seriesFigures(b: SeriesBench): Figure[] {
  const s = "skipped" in b.series ? null : b.series;
  const sNote = "skipped" in b.series ? b.series.skipped : undefined;
  const l = "skipped" in b.leaderboard ? null : b.leaderboard;
  const lNote = "skipped" in b.leaderboard ? b.leaderboard.skipped : undefined;
  const { series: ss, leaderboard: ls } = b.shape;
  const where = `${count(ss.runs)} runs × ${count(taskCount(ss))} tasks`;
  return [
    figure(`ingest of the series and the leaderboard's runs (in process)`, b.ingestMs, "ms", null),
    figure(`series statistics, ${where} (Node, in process)`, b.serverMs.series, "ms", null),
    figure(`Chromium: series page first view, ${where}`, s?.firstViewMs, "ms", SERIES_GOALS.seriesFirstMs, sNote),
    ...Object.entries(s?.filterMs ?? {}).map(([name, ms]) =>
      figure(`Chromium: matrix filter ${name}`, ms, "ms", SERIES_GOALS.filterMs, "not seen within 10 s"),
    ),
    figure("series page HTML", s ? Math.round(s.htmlBytes / 1e4) / 100 : null, "MB", null, sNote),
    figure(
      `leaderboard statistics, ${ls.runs} runs × ${count(taskCount(ls))} tasks, 2,000 resamples (Node)`,
      b.serverMs.leaderboard,
      "ms",
      null,
    ),
    figure(
      `Chromium: leaderboard first view, ${ls.runs} runs × ${count(taskCount(ls))} tasks`,
      l?.firstViewMs,
      "ms",
      SERIES_GOALS.leaderboardMs,
      lNote,
    ),
    figure("server peak RSS, series and leaderboard", b.peakRssMb, "MB", null, "--skip-browser"),
  ];
}
