import { benjaminiHochberg, DEFAULT_FDR } from "./false-discovery";
import { fisherOneSided } from "./fisher-exact";

/** A task's counted rollouts and passes in one run of a series; absent when the run does not have it. */
export interface TaskRunResult {
  passes: number;
  counted: number;
}

export type TaskTrend = "stopped-passing" | "fixed" | "never-passed" | "always-passed" | "flaky" | "steady";

export interface TaskHistory {
  task: string;
  trend: TaskTrend;
  /** Stopped passing or fixed: the first run (index in the series) after the change, and the last before it. */
  since: number | null;
  lastBefore: number | null;
  /** The change test's p-value: the best split's one-sided Fisher p × splits × 2 directions, capped at 1. */
  p: number | null;
  /** Benjamini–Hochberg adjusted across the series' tasks. */
  adjusted: number | null;
  /** Runs where the task passed (at least half its counted rollouts) and where it did not. */
  passedRuns: number;
  failedRuns: number;
}

export interface SeriesHistory {
  tasks: TaskHistory[];
  q: number;
  /** Tasks whose best split alone is below 0.05, before any correction: shown beside the corrected count. */
  uncorrected: number;
}

interface Split {
  at: number;
  p: number;
  direction: "down" | "up";
}

/** The split of a task's runs (in series order) where its pass rate changed most clearly, and that p. */
function bestSplit(points: readonly { run: number; passes: number; counted: number }[]): Split | null {
  let best: Split | null = null;
  let before = { passes: 0, counted: 0 };
  const total = points.reduce((t, p) => ({ passes: t.passes + p.passes, counted: t.counted + p.counted }), before);
  for (let s = 1; s < points.length; s++) {
    const prior = points[s - 1]!;
    before = { passes: before.passes + prior.passes, counted: before.counted + prior.counted };
    const after = { passes: total.passes - before.passes, counted: total.counted - before.counted };
    const { lower, higher } = fisherOneSided(before.passes, before.counted, after.passes, after.counted);
    if (best === null || lower < best.p) best = { at: s, p: lower, direction: "down" };
    if (higher < best.p) best = { at: s, p: higher, direction: "up" };
  }
  return best;
}

/**
 * What became of each task across a series of runs (oldest first). A task stopped passing (or was fixed) when
 * the split of its runs into before and after with the clearest drop (rise) in pass rate is significant: the
 * one-sided Fisher exact p of that split, times the splits tried and the two directions (Bonferroni within the
 * task), then Benjamini–Hochberg across tasks at `q`. Otherwise: never passed, always passed, flaky (it passed
 * in some runs and failed in others, with no significant trend), or steady.
 */
export function seriesHistory(
  results: ReadonlyMap<string, readonly (TaskRunResult | null)[]>,
  q: number = DEFAULT_FDR,
): SeriesHistory {
  const rows: (TaskHistory & { split: Split | null })[] = [];
  let uncorrected = 0;
  for (const [task, runs] of results) {
    const points = runs.flatMap((r, run) => (r !== null && r.counted > 0 ? [{ run, ...r }] : []));
    const passedRuns = points.filter((p) => p.passes * 2 >= p.counted).length;
    const split = points.length >= 2 ? bestSplit(points) : null;
    if (split !== null && split.p < 0.05) uncorrected += 1;
    const p = split === null ? null : Math.min(1, split.p * (points.length - 1) * 2);
    rows.push({
      task,
      trend: "steady",
      since: split === null ? null : points[split.at]!.run,
      lastBefore: split === null ? null : points[split.at - 1]!.run,
      p,
      adjusted: null,
      passedRuns,
      failedRuns: points.length - passedRuns,
      split,
    });
  }
  const tested = rows.filter((r) => r.p !== null);
  const { adjusted, rejected } = benjaminiHochberg(
    tested.map((r) => r.p!),
    q,
  );
  tested.forEach((r, i) => {
    r.adjusted = adjusted[i]!;
    if (rejected[i]) r.trend = r.split!.direction === "down" ? "stopped-passing" : "fixed";
  });
  for (const r of rows) {
    if (r.trend === "stopped-passing" || r.trend === "fixed") continue;
    r.since = null;
    r.lastBefore = null;
    const runs = results.get(r.task)!.filter((x): x is TaskRunResult => x !== null && x.counted > 0);
    if (runs.every((x) => x.passes === 0)) r.trend = "never-passed";
    else if (runs.every((x) => x.passes === x.counted)) r.trend = "always-passed";
    else if (r.passedRuns > 0 && r.failedRuns > 0) r.trend = "flaky";
  }
  return { tasks: rows.map(({ split: _split, ...row }) => row), q, uncorrected };
}
