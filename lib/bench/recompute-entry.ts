// Bundled by esbuild and run inside Chromium by lib/bench/measure-recompute.ts: the what-if recompute timed
// where it really runs, in the browser.
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { columnLevers } from "@/lib/scoring/report/columnar/column-levers";
import { ColumnScorer } from "@/lib/scoring/report/columnar/column-scorer";
import { levers } from "@/lib/scoring/report/levers";
import { computeReport } from "@/lib/scoring/report/report";
import { BENCH_SHAPE, syntheticScoringRun } from "./synthetic";

function timeIt(fn: () => void, repeats: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

(globalThis as unknown as { runRecomputeBench: () => unknown }).runRecomputeBench = () => {
  const run = syntheticScoringRun(BENCH_SHAPE);
  const [first] = run.tasks;
  const scenario = {
    headline: { metric: "correctness", scheme: "custom" as const },
    flips: [{ task: first!.key, check: "C3", passed: true }],
    required: [{ check: "C2", required: false }],
    weights: { [first!.key]: 3 },
  };
  computeReport(run, scenario); // warm-up: JIT
  const asRecorded = timeIt(() => computeReport(run, {}), 9);
  const withScenario = timeIt(() => computeReport(run, scenario), 9);
  levers(run, scenario);
  const leverTimes = timeIt(() => levers(run, {}), 5);
  // The same on the run's columns, as the run page's worker scores it: each scenario after the one before.
  const scorer = new ColumnScorer(columnsOf(run));
  const readAll = (s: typeof scenario | Record<string, never>) => {
    const report = scorer.score(s);
    return report.tasks.length + report.rollouts.length;
  };
  readAll(scenario);
  const columnTimes = timeIt(() => {
    readAll({});
    readAll(scenario);
  }, 9).map((ms) => ms / 2);
  const columnLeverTimes = timeIt(() => {
    scorer.prepare({});
    columnLevers(scorer, 10);
  }, 5);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  return {
    shape: BENCH_SHAPE,
    rollouts: run.rollouts.length,
    checks: run.rollouts.reduce((n, r) => n + r.checks.length, 0),
    recomputeMs: { median: median(withScenario), max: withScenario.at(-1), asRecordedMedian: median(asRecorded) },
    leversMs: { median: median(leverTimes), max: leverTimes.at(-1) },
    columnsMs: { recomputeMedian: median(columnTimes), leversMedian: median(columnLeverTimes) },
  };
};
