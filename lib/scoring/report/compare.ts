import { reportOf, type ScorableRun } from "./columnar/report-of";
import { compareEffort, type EffortComparison } from "./compare-effort";
import type { Report } from "./report-types";
import { ownValue, type Scenario } from "../scenario/scenario";
import { NO_GROUP, type Scheme } from "../core/schemes";
import type { RunPassAtK } from "../core/pass-at-k";
import { rewardRangeOf } from "./rollout-facts";
import { taskFactsOf, type TaskFacts } from "./task-facts";
import { regressionGate, type RegressionGate } from "./regression-gate";
import { comparisonPower, type ComparisonPower } from "./compare-power";
import { taskTests, type TaskTest, type TaskTestSummary } from "./compare-task-tests";
import { mcnemarExact, pairedEstimate, type Interval, type PairedEstimate, type PairedValue } from "../core/stats";

export type Flip = "pass->fail" | "fail->pass";

/** B is the candidate, A the baseline: every delta is b − a, so a negative delta is B doing worse. */
export interface Comparison {
  a: { name: string; format: string };
  b: { name: string; format: string };
  common: number;
  onlyA: number;
  onlyB: number;
  commonKeys: string[];
  /** Not comparable: present in one run only, never counted as regressions. */
  onlyAKeys: string[];
  onlyBKeys: string[];
  headline: PairedMetric & { scheme: Scheme };
  /** Every metric of either run, paired on the common tasks eligible in both, under the headline scheme. */
  metrics: Record<string, PairedMetric>;
  /** The metric of the per-task values (default completion, i.e. the task's pass rate). */
  taskMetric: string;
  /** Per common task: its values, flip and its own test, corrected across the tasks (`taskTests`). */
  tasks: ({ key: string; a: number | null; b: number | null; delta: number | null; flip: Flip | null } & TaskTest)[];
  /** The per-task tests at false discovery rate q: how many are called, and how many would be uncorrected. */
  taskTests: TaskTestSummary;
  /** The headline's minimum detectable effect and what would bring it down to the observed difference. */
  power: ComparisonPower;
  flips: { passToFail: number; failToPass: number; pValue: number };
  /** The gate: the headline interval entirely below 0, or significantly more pass->fail than fail->pass flips. */
  regression: boolean;
  /** Both rules of the gate and what tripped them (regression-gate.ts). */
  gate: RegressionGate;
  /** Cost and effort paired per task, beside (never inside) the verdict. */
  effort: EffortComparison;
  /** Each run's own pass@k and pass^k curves (over its own counted tasks, not paired). */
  passAtK: { a: RunPassAtK; b: RunPassAtK };
}

export interface PairedMetric extends PairedEstimate {
  metric: string;
}

export interface CompareOptions {
  /** Metric of the per-task values; default "completion". */
  metric?: string;
  /** Default: the reports' common headline metric (completion when they differ) and A's scheme. */
  headline?: { metric?: string; scheme?: Scheme };
  groupWeights?: Record<string, number>;
  /** False discovery rate of the per-task tests (default 0.05). */
  fdr?: number;
}

/** A task "passes" for flip counting when at least half its counted rollouts pass. */
export const TASK_PASS_RATE = 0.5;

const passes = (f: TaskFacts, t: number): boolean | null => {
  const rate = f.passRate(t);
  return rate === null ? null : rate >= TASK_PASS_RATE;
};

/** The tasks of two reports aligned by key: each common task's row in A and in B, in A's order. */
interface Aligned {
  a: TaskFacts;
  b: TaskFacts;
  rowsA: Int32Array;
  rowsB: Int32Array;
  commonKeys: string[];
  onlyAKeys: string[];
  onlyBKeys: string[];
}

function pairedValues(
  { a, b, rowsA, rowsB }: Aligned,
  metric: string,
  scheme: Scheme,
  groupWeights: Record<string, number> | undefined,
): PairedValue[] {
  const eligible: number[] = [];
  for (let i = 0; i < rowsA.length; i++)
    if (a.eligible(rowsA[i]!, metric) && b.eligible(rowsB[i]!, metric)) eligible.push(i);
  const perGroup = new Map<string, number>();
  const groupOf = (t: number) => a.group(t) ?? NO_GROUP;
  for (const i of eligible) perGroup.set(groupOf(rowsA[i]!), (perGroup.get(groupOf(rowsA[i]!)) ?? 0) + 1);
  const out: PairedValue[] = [];
  for (const i of eligible) {
    const ta = rowsA[i]!;
    const tb = rowsB[i]!;
    const pa = a.pooled(ta, metric);
    const pb = b.pooled(tb, metric);
    const xa = a.value(ta, metric);
    const xb = b.value(tb, metric);
    if (!pa || !pb || xa === null || xa === undefined || xb === null || xb === undefined) continue;
    const key = a.key(ta);
    const groupWeight = (ownValue(groupWeights, groupOf(ta)) ?? 1) / (perGroup.get(groupOf(ta)) ?? 1);
    const v: PairedValue =
      scheme === "check"
        ? { key, xA: pa.value, wA: pa.votes, xB: pb.value, wB: pb.votes }
        : scheme === "custom"
          ? { key, xA: xa, wA: a.weight(ta), xB: xb, wB: b.weight(tb) }
          : {
              key,
              xA: xa,
              wA: scheme === "group" ? groupWeight : 1,
              xB: xb,
              wB: scheme === "group" ? groupWeight : 1,
            };
    if (v.wA > 0 || v.wB > 0) out.push(v);
  }
  return out;
}

/** Alignments kept per pair of reports (reports never change): robustness pairs the same two under each scheme. */
const aligned = new WeakMap<Report, WeakMap<Report, Aligned>>();

function alignTasks(a: Report, b: Report): Aligned {
  let byB = aligned.get(a);
  if (!byB) aligned.set(a, (byB = new WeakMap()));
  let out = byB.get(b);
  if (!out) byB.set(b, (out = alignTasksOf(taskFactsOf(a), taskFactsOf(b))));
  return out;
}

function alignTasksOf(a: TaskFacts, b: TaskFacts): Aligned {
  // A key repeated in B pairs with its last row there.
  const rowOfB = new Map<string, number>();
  for (let t = 0; t < b.count; t++) rowOfB.set(b.key(t), t);
  const keysA = new Set<string>();
  const rowsA: number[] = [];
  const rowsB: number[] = [];
  const commonKeys: string[] = [];
  const onlyAKeys: string[] = [];
  for (let t = 0; t < a.count; t++) {
    const key = a.key(t);
    keysA.add(key);
    const tb = rowOfB.get(key);
    if (tb === undefined) onlyAKeys.push(key);
    else {
      rowsA.push(t);
      rowsB.push(tb);
      commonKeys.push(key);
    }
  }
  const onlyBKeys: string[] = [];
  for (let t = 0; t < b.count; t++) if (!keysA.has(b.key(t))) onlyBKeys.push(b.key(t));
  return { a, b, rowsA: Int32Array.from(rowsA), rowsB: Int32Array.from(rowsB), commonKeys, onlyAKeys, onlyBKeys };
}

const metricRange = (metric: string, a: Report, b: Report): Interval =>
  metric === "reward" ? rewardRangeOf([a, b]) : [0, 1];

/**
 * One metric of two reports paired on their common tasks under one scheme: the figure compareReports gives
 * for the same metric, scheme and group weights.
 */
export function pairedMetric(
  a: Report,
  b: Report,
  metric: string,
  scheme: Scheme,
  groupWeights?: Record<string, number>,
): PairedMetric {
  return {
    metric,
    ...pairedEstimate(pairedValues(alignTasks(a, b), metric, scheme, groupWeights), metricRange(metric, a, b)),
  };
}

/** The metric a comparison's headline pairs: the one asked for, else the reports' common headline metric, else completion. */
export function comparedHeadlineMetric(a: Report, b: Report, requested?: string): string {
  return requested ?? (a.headline.metric === b.headline.metric ? a.headline.metric : "completion");
}

const passCurves = ({ passAtK, passHatK, passAtKCoverage }: Report): RunPassAtK => ({
  passAtK,
  passHatK,
  passAtKCoverage,
});

/** Compares two reports task by task (aligned by key): paired deltas, per-task flips and an exact McNemar test. */
export function compareReports(a: Report, b: Report, options: CompareOptions = {}): Comparison {
  const alignment = alignTasks(a, b);
  const { rowsA, rowsB, onlyAKeys, onlyBKeys } = alignment;
  const [fa, fb] = [alignment.a, alignment.b];

  const scheme = options.headline?.scheme ?? a.headline.scheme;
  const groupWeights = options.groupWeights ?? a.scenario.groupWeights;
  const headlineMetric = comparedHeadlineMetric(a, b, options.headline?.metric);
  const paired = (metric: string): PairedMetric => ({
    metric,
    ...pairedEstimate(pairedValues(alignment, metric, scheme, groupWeights), metricRange(metric, a, b)),
  });

  const metrics: Record<string, PairedMetric> = {};
  for (const m of new Set([...Object.keys(a.metrics), ...Object.keys(b.metrics)])) metrics[m] = paired(m);
  const headline = { ...(ownValue(metrics, headlineMetric) ?? paired(headlineMetric)), scheme };

  const taskMetric = options.metric ?? "completion";
  let passToFail = 0;
  let failToPass = 0;
  // A copy: the alignment is kept for the next comparison of the same reports.
  const commonKeys = [...alignment.commonKeys];
  const tested = taskTests(a, b, commonKeys, options.fdr);
  const tasks = commonKeys.map((key, i) => {
    const [ta, tb] = [rowsA[i]!, rowsB[i]!];
    const xa = fa.value(ta, taskMetric) ?? null;
    const xb = fb.value(tb, taskMetric) ?? null;
    const pa = passes(fa, ta);
    const pb = passes(fb, tb);
    const flip: Flip | null =
      pa === true && pb === false ? "pass->fail" : pa === false && pb === true ? "fail->pass" : null;
    if (flip === "pass->fail") passToFail += 1;
    if (flip === "fail->pass") failToPass += 1;
    const test = tested.tests.get(key) ?? { p: null, adjusted: null, called: null };
    return { key, a: xa, b: xb, delta: xa !== null && xb !== null ? xb - xa : null, flip, ...test };
  });

  const flips = { passToFail, failToPass, pValue: mcnemarExact(passToFail, failToPass) };
  const gate = regressionGate(headline.ci95, flips);
  return {
    a: a.run,
    b: b.run,
    common: commonKeys.length,
    onlyA: onlyAKeys.length,
    onlyB: onlyBKeys.length,
    commonKeys,
    // Copies: the alignment is kept for the next comparison of the same reports.
    onlyAKeys: [...onlyAKeys],
    onlyBKeys: [...onlyBKeys],
    headline,
    metrics,
    taskMetric,
    tasks,
    taskTests: tested.summary,
    power: comparisonPower(a, b, headline, commonKeys),
    flips,
    regression: gate.regression,
    gate,
    effort: compareEffort(a, b, commonKeys, failToPass - passToFail),
    passAtK: { a: passCurves(a), b: passCurves(b) },
  };
}

/**
 * Scores both runs under the same scenario, then compares them (A baseline, B candidate); a run given as columns
 * is scored from them.
 */
export function compareRuns(
  a: ScorableRun,
  b: ScorableRun,
  options: { metric?: string; scenario?: Scenario; fdr?: number } = {},
): Comparison {
  const scenario = options.scenario ?? {};
  return compareReports(reportOf(a, scenario), reportOf(b, scenario), {
    metric: options.metric,
    fdr: options.fdr,
    headline: scenario.headline,
    groupWeights: scenario.groupWeights,
  });
}
