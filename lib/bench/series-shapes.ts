import type { SeriesShape } from "@/lib/ingest/generated-series";

/** The series the bench times: 100 runs × 2,000 made-up tasks, two trials each. */
export const SERIES_BENCH_SHAPE: SeriesShape = { name: "bench-series", runs: 100, tasks: 2000, trials: 2, seed: 11 };
/** The leaderboard the issue times: 8 agent × model runs on the same 85 tasks. */
export const LEADERBOARD_BENCH_SHAPE: SeriesShape = {
  name: "bench-leaderboard",
  runs: 8,
  tasks: 85,
  trials: 4,
  seed: 13,
};
