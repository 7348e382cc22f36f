import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { decodeColumns, encodeColumns } from "@/lib/scoring/columns/column-bytes";
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { columnLevers } from "@/lib/scoring/report/columnar/column-levers";
import { modelOf } from "@/lib/scoring/report/columnar/column-model";
import { fixedOf } from "@/lib/scoring/report/columnar/fixed-parts";
import { ColumnScorer } from "@/lib/scoring/report/columnar/column-scorer";
import { levers } from "@/lib/scoring/report/levers";
import { computeReport } from "@/lib/scoring/report/report";
import type { Report } from "@/lib/scoring/report/report-types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { track } from "./processes";
import { BENCH_SHAPE, syntheticScoringRun } from "./synthetic";

/**
 * One timing, in ms: the median, least and most CPU time this process spent (process.cpuUsage: the time on a
 * core, whatever else the machine runs; on a shared machine the wall clock mostly measures the other
 * processes), and the median wall-clock time.
 */
export interface Timing {
  median: number;
  min: number;
  max: number;
  wallMedian: number;
  runs: number;
}

/** Scoring in this process (Node, one core): the columns against today's computeReport, on the same run. */
export interface ScoringMeasurement {
  rollouts: number;
  checks: number;
  bytes: number;
  loadavgBefore: number[];
  loadavgAfter: number[];
  /**
   * A fixed loop over 1,200,000 bytes timed the same way, for reading the other figures on a busy machine: what
   * this process got of a core while it was measured (an idle core of the machines the goals were set on: ~1.2 ms).
   */
  reference: Timing;
  columns: {
    /** Loading a run version: decodeColumns (views of the bytes), the run's model and what its reports share. */
    load: Timing;
    /** The first report of a loaded run, on a new scorer (its row lists made when read). */
    score: Timing;
    /** The same, every task and rollout row read (made). */
    scoreWithRows: Timing;
    /** On a scorer that scored the run as recorded: one flip toggled each time, every row read. */
    flip: Timing;
    scheme: Timing;
    metric: Timing;
    weights: Timing;
    levers: Timing;
  };
  /** Null above OBJECTS_MAX_ROLLOUTS. */
  objects: {
    /** computeReport(run) on the ScoringRun, every row made (it makes them all). */
    score: Timing;
    flip: Timing;
    scheme: Timing;
    levers: Timing;
  } | null;
}

/**
 * The largest run scored as objects beside the columns: at 1,000,000 rollouts the run's 12 million check objects
 * and computeReport's rows took the child past its heap limit.
 */
export const OBJECTS_MAX_ROLLOUTS = 100_000;

/** Untimed runs before the timed ones of a path that each run begins anew (a new scorer, a version loaded). */
const WARM = 5;

const round2 = (x: number) => Math.round(x * 100) / 100;
const n0 = (k: number, repeats: number) => Math.max(1, Math.round(k * repeats));

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Times `fn` `runs` times; `setup` (not timed) makes each run's input. `warm` runs go first, untimed: V8 compiles
 * a function with what its first runs teach it, so the first runs of a path time the compiler rather than the
 * code (a first report on a new scorer: ~200 ms in its first run, ~65–80 ms from about its fifth).
 */
function timing<T = void>(fn: (i: number, input: T) => void, runs: number, setup?: () => T, warm = 0): Timing {
  for (let i = 0; i < warm; i++) fn(i, setup?.() as T);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = setup?.() as T;
    const start = performance.now();
    const startCpu = cpuMs();
    fn(i, input);
    cpu.push(cpuMs() - startCpu);
    wall.push(performance.now() - start);
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const mid = runs >> 1;
  return {
    median: round2(cpu[mid]!),
    min: round2(cpu[0]!),
    max: round2(cpu.at(-1)!),
    wallMedian: round2(wall[mid]!),
    runs,
  };
}

/** A pass over 1,200,000 bytes (one byte per check of a 100k run) that counts and sums by their bits. */
function referenceLoop(bytes: Uint8Array, counts: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if ((c & 12) === 0) {
      sum += c & 3;
      counts[c & 15]! += 1;
    }
  }
  return sum;
}

/** Reads every row of a report, as a caller that shows or sends all of it does. */
function readRows(report: Report): number {
  return report.tasks.length + report.rollouts.length;
}

/**
 * Times scoring a generated run of `rollouts` rollouts (BENCH_SHAPE: 5 rollouts × 12 checks per task) from its
 * columns and, on the same run in the same process, with computeReport, which scores the run's objects. Each
 * figure is the median of several runs after a warm-up; `repeats` scales how many.
 */
export function measureScoring(rollouts: number, repeats = 1): ScoringMeasurement {
  const loadavgBefore = os.loadavg();
  const referenceBytes = new Uint8Array(1_200_000).map((_, i) => (i * 7) & 63);
  const counts = new Float64Array(16);
  for (let i = 0; i < 5; i++) referenceLoop(referenceBytes, counts);
  const reference = timing(() => void referenceLoop(referenceBytes, counts), n0(31, repeats));
  const shape = { ...BENCH_SHAPE, tasks: rollouts / BENCH_SHAPE.rollouts };
  const task = syntheticScoringRun({ ...shape, tasks: 1 }).tasks[0]!.key;
  const flipTo = (i: number): Scenario => ({ flips: [{ task, check: "C3", passed: i % 2 === 0 }] });
  const flipped = flipTo(0);
  const n = (k: number) => Math.max(1, Math.round(k * repeats));
  const large = rollouts > 10_000;
  // Each path is timed with only its own form of the run in memory: the columns first, then the run's
  // objects, made again (with both held, every collection of the heap would walk 1,200,000 check objects
  // that the columns path never reads).
  const bytes = encodeColumns(columnsOf(syntheticScoringRun(shape)));

  // Warm-up: every path compiled once before it is timed; the first reports of new scorers also run WARM times
  // before theirs are timed.
  const warm = new ColumnScorer(decodeColumns(bytes));
  readRows(warm.score({}));
  readRows(warm.score(flipped));

  // Loading a run version (once per version, kept with it): the bytes read as columns, the run's model and the
  // parts every report of it shares. Then the first report of a loaded run, on a new scorer.
  const loadVersion = () => {
    const columns = decodeColumns(bytes);
    const model = modelOf(columns);
    const fixed = fixedOf(model);
    void [model.ids, fixed.unscoredReasons, fixed.outliers, fixed.effort, fixed.regrades, fixed.runWarnings];
    return columns;
  };
  const load = timing(() => void loadVersion(), n(7), undefined, WARM);
  const loaded = () => new ColumnScorer(loadVersion());
  const score = timing((_, s: ColumnScorer) => void s.score({}), n(7), loaded, WARM);
  const scoreWithRows = timing((_, s: ColumnScorer) => void readRows(s.score({})), n(5), loaded, WARM);
  const scorer = new ColumnScorer(decodeColumns(bytes));
  readRows(scorer.score({}));
  const flip = timing((i) => void readRows(scorer.score(flipTo(i))), n(15));
  const scheme = timing(
    (i) => void readRows(scorer.score({ ...flipped, headline: { scheme: i % 2 === 0 ? "check" : "task" } })),
    n(15),
  );
  const metric = timing(
    (i) => void readRows(scorer.score({ ...flipped, headline: { metric: i % 2 === 0 ? "completion" : "reward" } })),
    n(15),
  );
  const weights = timing((i) => void readRows(scorer.score({ ...flipped, weights: { [task]: 2 + (i % 2) } })), n(15));
  const columnLeversTiming = timing(() => {
    scorer.prepare({});
    columnLevers(scorer, 10);
  }, n(3));

  const checks = scorer.model.columns.checkCode.length;

  let objects: ScoringMeasurement["objects"] = null;
  if (rollouts <= OBJECTS_MAX_ROLLOUTS) {
    const run = syntheticScoringRun(shape);
    readRows(computeReport(run, flipped));
    objects = {
      score: timing(() => void computeReport(run, {}), n(large ? 3 : 7)),
      flip: timing((i) => void computeReport(run, flipTo(i)), n(large ? 3 : 7)),
      scheme: timing(() => void computeReport(run, { ...flipped, headline: { scheme: "check" } }), n(large ? 3 : 7)),
      levers: timing(() => void levers(run), n(large ? 2 : 3)),
    };
  }
  return {
    rollouts: scorer.model.columns.rolloutTask.length,
    checks,
    bytes: bytes.length,
    loadavgBefore,
    loadavgAfter: os.loadavg(),
    reference,
    columns: { load, score, scoreWithRows, flip, scheme, metric, weights, levers: columnLeversTiming },
    objects,
  };
}

/**
 * measureScoring in a child process on one core: `node --single-threaded` runs the collector and the compiler on
 * the same thread as the scoring, so the times are one core's (in a process that may use both, the collector's
 * helper threads add CPU time that the wall clock never sees, and the other way round on a busy machine).
 */
export async function measureScoringOnOneCore(root: string, rollouts: number): Promise<ScoringMeasurement> {
  const args = ["--single-threaded", path.join(root, "lib/cli/bin.mjs"), "bench", "--scoring-only", "--in-process"];
  const child = track(
    spawn(process.execPath, [...args, "--size", String(rollouts), "--json"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the scoring bench exited with ${code}: ${err.trim().split("\n").at(-1) ?? ""}`);
  return (JSON.parse(out) as { scoring: ScoringMeasurement }).scoring;
}
