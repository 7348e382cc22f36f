import { reportOf, type ScorableRun } from "./columnar/report-of";
import { compareEffort, type EffortComparison } from "./compare-effort";
import type { Report, TaskReport } from "./report-types";
import { ownValue, type Scenario } from "../scenario/scenario";
import { NO_GROUP, type Scheme } from "../core/schemes";
import type { RunPassAtK } from "../core/pass-at-k";
import { rewardRangeOf } from "./rollout-facts";
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

const passes = (t: TaskReport): boolean | null => (t.passRate === null ? null : t.passRate >= TASK_PASS_RATE);

/** Where reward differences are clipped: [0, 1] stretched to every reward of the reports. */
export function rewardRange(...reports: Report[]): Interval {
  return rewardRangeOf(reports);
}

function pairedValues(
  common: readonly [TaskReport, TaskReport][],
  metric: string,
  scheme: Scheme,
  groupWeights: Record<string, number> | undefined,
): PairedValue[] {
  const eligible = common.filter(([ta, tb]) => ownValue(ta.pooled, metric) && ownValue(tb.pooled, metric));
  const perGroup = new Map<string, number>();
  const groupOf = (t: TaskReport) => t.group ?? NO_GROUP;
  for (const [ta] of eligible) perGroup.set(groupOf(ta), (perGroup.get(groupOf(ta)) ?? 0) + 1);
  const out: PairedValue[] = [];
  for (const [ta, tb] of eligible) {
    const pa = ownValue(ta.pooled, metric);
    const pb = ownValue(tb.pooled, metric);
    const xa = ownValue(ta.metrics, metric);
    const xb = ownValue(tb.metrics, metric);
    if (!pa || !pb || xa === null || xa === undefined || xb === null || xb === undefined) continue;
    const groupWeight = (ownValue(groupWeights, groupOf(ta)) ?? 1) / (perGroup.get(groupOf(ta)) ?? 1);
    const v: PairedValue =
      scheme === "check"
        ? { key: ta.key, xA: pa.value, wA: pa.votes, xB: pb.value, wB: pb.votes }
        : scheme === "custom"
          ? { key: ta.key, xA: xa, wA: ta.weight, xB: xb, wB: tb.weight }
          : {
              key: ta.key,
              xA: xa,
              wA: scheme === "group" ? groupWeight : 1,
              xB: xb,
              wB: scheme === "group" ? groupWeight : 1,
            };
    if (v.wA > 0 || v.wB > 0) out.push(v);
  }
  return out;
}

/** The tasks of two reports aligned by key: the pairs in A's order, and the keys in one run only. */
type Aligned = { common: [TaskReport, TaskReport][]; onlyAKeys: string[]; onlyBKeys: string[] };

/** Alignments kept per pair of reports (reports never change): robustness pairs the same two under each scheme. */
const aligned = new WeakMap<Report, WeakMap<Report, Aligned>>();

function alignTasks(a: Report, b: Report): Aligned {
  let byB = aligned.get(a);
  if (!byB) aligned.set(a, (byB = new WeakMap()));
  let out = byB.get(b);
  if (!out) byB.set(b, (out = alignTasksOf(a, b)));
  return out;
}

function alignTasksOf(a: Report, b: Report): Aligned {
  const byKeyB = new Map(b.tasks.map((t) => [t.key, t]));
  const keysA = new Set(a.tasks.map((t) => t.key));
  const common: [TaskReport, TaskReport][] = [];
  const onlyAKeys: string[] = [];
  for (const ta of a.tasks) {
    const tb = byKeyB.get(ta.key);
    if (tb) common.push([ta, tb]);
    else onlyAKeys.push(ta.key);
  }
  const onlyBKeys = b.tasks.filter((t) => !keysA.has(t.key)).map((t) => t.key);
  return { common, onlyAKeys, onlyBKeys };
}

const metricRange = (metric: string, a: Report, b: Report): Interval =>
  metric === "reward" ? rewardRange(a, b) : [0, 1];

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
  const { common } = alignTasks(a, b);
  return { metric, ...pairedEstimate(pairedValues(common, metric, scheme, groupWeights), metricRange(metric, a, b)) };
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
  const { common, onlyAKeys, onlyBKeys } = alignTasks(a, b);

  const scheme = options.headline?.scheme ?? a.headline.scheme;
  const groupWeights = options.groupWeights ?? a.scenario.groupWeights;
  const headlineMetric = comparedHeadlineMetric(a, b, options.headline?.metric);
  const paired = (metric: string): PairedMetric => ({
    metric,
    ...pairedEstimate(pairedValues(common, metric, scheme, groupWeights), metricRange(metric, a, b)),
  });

  const metrics: Record<string, PairedMetric> = {};
  for (const m of new Set([...Object.keys(a.metrics), ...Object.keys(b.metrics)])) metrics[m] = paired(m);
  const headline = { ...(ownValue(metrics, headlineMetric) ?? paired(headlineMetric)), scheme };

  const taskMetric = options.metric ?? "completion";
  let passToFail = 0;
  let failToPass = 0;
  const commonKeys = common.map(([ta]) => ta.key);
  const tested = taskTests(a, b, commonKeys, options.fdr);
  const tasks = common.map(([ta, tb]) => {
    const xa = ownValue(ta.metrics, taskMetric) ?? null;
    const xb = ownValue(tb.metrics, taskMetric) ?? null;
    const pa = passes(ta);
    const pb = passes(tb);
    const flip: Flip | null =
      pa === true && pb === false ? "pass->fail" : pa === false && pb === true ? "fail->pass" : null;
    if (flip === "pass->fail") passToFail += 1;
    if (flip === "fail->pass") failToPass += 1;
    const test = tested.tests.get(ta.key) ?? { p: null, adjusted: null, called: null };
    return { key: ta.key, a: xa, b: xb, delta: xa !== null && xb !== null ? xb - xa : null, flip, ...test };
  });

  const flips = { passToFail, failToPass, pValue: mcnemarExact(passToFail, failToPass) };
  const gate = regressionGate(headline.ci95, flips);
  return {
    a: a.run,
    b: b.run,
    common: common.length,
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
