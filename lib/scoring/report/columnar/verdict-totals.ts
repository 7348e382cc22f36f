import { MEASURE_KEYS, type MeasureKey } from "../../core/measures";
import { passAtK, passHatK, type RunPassAtK } from "../../core/pass-at-k";
import type { Interval } from "../../core/stats";
import { NEAR_MISS_REWARD, type Capability, type Diagnosis } from "../../core/task-summary";
import type { BudgetReport } from "../../scenario/budget";
import type { RolloutCells } from "../../core/dimensions";
import type { MeasureEffort } from "../effort";
import type { GroupReport, Report } from "../report-types";
import type { ColumnEdits } from "./column-edits";
import type { ColumnModel } from "./column-model";
import { estimateOf } from "./metric-columns";
import { OVER, UNKNOWN } from "./rollout-inputs";
import type { ScoredColumns } from "./scored-columns";

/** Every figure of a report that follows from the verdicts alone, whatever the weights, scheme and headline. */
export interface VerdictTotals {
  scored: number;
  passRate: Report["passRate"];
  meanReward: Report["meanReward"];
  rewardRange: Interval;
  diagnosis: Report["diagnosis"];
  passAtK: RunPassAtK;
  groups: GroupReport[];
  completion: { passes: number; counted: number; completeTasks: number };
  effort: Record<MeasureKey, MeasureEffort>;
  budget: BudgetReport | null;
}

export function diagnosisOf(counted: number, passes: number): Diagnosis {
  return counted === 0 ? "unscored" : passes === counted ? "solid" : passes > 0 ? "unreliable" : "never-passes";
}

export function capabilityOf(diagnosis: Diagnosis, meanReward: number | null): Capability | null {
  if (diagnosis !== "never-passes") return null;
  return meanReward !== null && meanReward >= NEAR_MISS_REWARD ? "near-miss" : "far-off";
}

/**
 * What effort reads that no scenario changes (effort.ts): per measure the values the rollouts record, sorted,
 * and their total, median and 90th percentile; and which rollouts record each measure.
 */
export interface EffortBase {
  recorded: Int32Array;
  figures: Record<MeasureKey, Omit<MeasureEffort, "passes" | "perPass">>;
}

/** The figures of each measure over every rollout (effort.ts measureEffort, without its passes). */
export function effortBase(
  model: ColumnModel,
  quantile: (sorted: readonly number[], q: number) => number | null,
): EffortBase {
  const c = model.columns;
  const n = c.rolloutTask.length;
  const recorded = new Int32Array(MEASURE_KEYS.length);
  const figures = {} as EffortBase["figures"];
  MEASURE_KEYS.forEach((key, m) => {
    const values = Array.from(c.measureValues[m]!);
    recorded[m] = values.length;
    if (values.length === 0) {
      figures[key] = { recorded: 0, rollouts: n, total: null, median: null, p90: null, perRollout: null };
      return;
    }
    // Sorted first, then added: measureEffort's order, so the total is the same float.
    values.sort((a, b) => a - b);
    let total = 0;
    for (const v of values) total += v;
    figures[key] = {
      recorded: values.length,
      rollouts: n,
      total,
      median: quantile(values, 0.5),
      p90: quantile(values, 0.9),
      perRollout: total / values.length,
    };
  });
  return { recorded, figures };
}

export function verdictTotals(
  state: ScoredColumns,
  edits: ColumnEdits,
  base: EffortBase,
  standing: Uint8Array | null,
): VerdictTotals {
  const { model, cells, taskCells } = state;
  const W = state.width;
  const T = model.tasks.length;
  const { completion: cm, reward: rm } = model;

  const { counted, passes, rewardCount, rewardSum, lo, hi } = rolloutTotals(cells, W, cm, rm);
  const x = new Float64Array(T);
  const w = new Float64Array(T);
  let k = 0;
  for (let t = 0; t < T; t++) {
    const votes = taskCells.votes[t * W + cm]!;
    if (votes > 0) {
      x[k] = taskCells.pooled[t * W + cm]!;
      w[k++] = votes;
    }
  }
  const { se, ci95 } = estimateOf(x, w, k, [0, 1]);
  const scored = state.model.scoredRollouts;

  const diagnosis: Report["diagnosis"] = { solid: 0, unreliable: 0, "never-passes": 0, unscored: 0 };
  let completionPasses = 0;
  let completionCounted = 0;
  let completeTasks = 0;
  for (let t = 0; t < T; t++) {
    diagnosis[diagnosisOf(state.counted[t]!, state.passes[t]!)] += 1;
    completionPasses += state.passes[t]!;
    completionCounted += state.counted[t]!;
    if (state.counted[t]! > 0 && state.passes[t] === state.counted[t]) completeTasks += 1;
  }

  return {
    scored,
    passRate: { value: counted > 0 ? passes / counted : null, passes, scored, counted, se, ci95 },
    meanReward: { value: rewardCount > 0 ? rewardSum / rewardCount : null, scored, counted: rewardCount },
    rewardRange: [lo, hi],
    diagnosis,
    passAtK: runPassAtK(state),
    groups: groupReports(state),
    completion: { passes: completionPasses, counted: completionCounted, completeTasks },
    effort: effortFigures(state, base),
    budget: budgetReport(state, edits, standing),
  };
}

/**
 * Each counted rollout one vote (rolloutTotals in report.ts): one pass for RolloutCells' count, sumValues and
 * extent of completion and reward, each added in row order. A function of its own: it runs once per report, so
 * V8 compiles its loop alone (on-stack) rather than the whole of verdictTotals, whose later code has not run yet.
 */
function rolloutTotals(cells: RolloutCells, W: number, cm: number, rm: number) {
  const { votes, value } = cells;
  const n = votes.length;
  let counted = 0;
  let passes = 0;
  let rewardCount = 0;
  let rewardSum = 0;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < n; i += W) {
    if (votes[i + cm] !== 0) {
      counted += 1;
      passes += value[i + cm]!;
    }
    if (rm >= 0 && votes[i + rm] !== 0) {
      const x = value[i + rm]!;
      rewardCount += 1;
      rewardSum += x;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return { counted, passes, rewardCount, rewardSum, lo, hi };
}

/** passAtK and passHatK for k = 1 … n (index k − 1), per (n, c): tasks share few pairs of counts. */
const curves = new Map<number, { at: Float64Array; hat: Float64Array }>();

function curveOf(n: number, c: number): { at: Float64Array; hat: Float64Array } {
  const key = n * 0x100000000 + c;
  let curve = curves.get(key);
  if (!curve) {
    curve = { at: new Float64Array(n), hat: new Float64Array(n) };
    for (let k = 1; k <= n; k++) {
      curve.at[k - 1] = passAtK(n, c, k);
      curve.hat[k - 1] = passHatK(n, c, k);
    }
    if (curves.size > 10_000) curves.clear();
    curves.set(key, curve);
  }
  return curve;
}

/** runPassAtK (pass-at-k.ts) over the tasks' counts: each k's sums added in task order. */
function runPassAtK(state: ScoredColumns): RunPassAtK {
  const T = state.model.tasks.length;
  let tasks = 0;
  let maxK = 0;
  for (let t = 0; t < T; t++) {
    const n = state.counted[t]!;
    if (n === 0) continue;
    maxK = tasks === 0 ? n : Math.min(maxK, n);
    tasks += 1;
  }
  const sumAt = new Float64Array(maxK);
  const sumHat = new Float64Array(maxK);
  for (let t = 0; t < T && maxK > 0; t++) {
    const n = state.counted[t]!;
    if (n === 0) continue;
    const curve = curveOf(n, state.passes[t]!);
    for (let k = 0; k < maxK; k++) {
      sumAt[k]! += curve.at[k]!;
      sumHat[k]! += curve.hat[k]!;
    }
  }
  const at: Record<string, number> = {};
  const hat: Record<string, number> = {};
  for (let k = 1; k <= maxK; k++) {
    at[k] = sumAt[k - 1]! / tasks;
    hat[k] = sumHat[k - 1]! / tasks;
  }
  return { passAtK: at, passHatK: hat, passAtKCoverage: { maxK, tasks, of: T } };
}

/** groupReports (report-metrics.ts): every metric a task-equal mean inside each group, in task order. */
function groupReports(state: ScoredColumns): GroupReport[] {
  const { model, taskCells: cells } = state;
  const W = state.width;
  const { taskGroup, groups } = model;
  const T = model.tasks.length;
  const taskCount = new Array<number>(groups.length).fill(0);
  for (let t = 0; t < T; t++) taskCount[taskGroup[t]!]! += 1;
  const reports: GroupReport[] = groups.map((group, g) => ({ group, tasks: taskCount[g]!, metrics: {} }));
  const sum = new Float64Array(groups.length);
  const n = new Float64Array(groups.length);
  model.metrics.forEach((metric, m) => {
    sum.fill(0);
    n.fill(0);
    for (let t = 0; t < T; t++) {
      const i = t * W + m;
      if (cells.votes[i] === 0) continue;
      sum[taskGroup[t]!]! += cells.value[i]!;
      n[taskGroup[t]!]! += 1;
    }
    reports.forEach(
      (r, g) => (r.metrics[metric] = { value: n[g]! > 0 ? sum[g]! / n[g]! : null, eligibleTasks: n[g]! }),
    );
  });
  return reports;
}

/** effort(…).measures (effort.ts): the fixed figures, and the passes among the rollouts that record each measure. */
function effortFigures(state: ScoredColumns, base: EffortBase): Record<MeasureKey, MeasureEffort> {
  const c = state.model.columns;
  const passes = new Int32Array(MEASURE_KEYS.length);
  for (let k = 0; k < c.measured.at.length; k++) {
    if (state.passed[c.measured.at[k]!] !== 1) continue;
    const mask = c.measured.values[k]!;
    for (let m = 0; m < MEASURE_KEYS.length; m++) if ((mask & (1 << m)) !== 0) passes[m]! += 1;
  }
  const out = {} as Record<MeasureKey, MeasureEffort>;
  MEASURE_KEYS.forEach((key, m) => {
    const f = base.figures[key];
    const p = f.recorded === 0 ? 0 : passes[m]!;
    out[key] = {
      recorded: f.recorded,
      rollouts: f.rollouts,
      passes: p,
      total: f.total,
      median: f.median,
      p90: f.p90,
      perPass: f.total !== null && p > 0 ? f.total / p : null,
      perRollout: f.perRollout,
    };
  });
  return out;
}

/** BudgetTally.result (budget.ts): what the scenario's budget did to the scored rollouts. */
function budgetReport(state: ScoredColumns, edits: ColumnEdits, standing: Uint8Array | null): BudgetReport | null {
  const budget = edits.scenario.budget;
  if (edits.limits.length === 0 || budget === undefined || standing === null) return null;
  const c = state.model.columns;
  let failed = 0;
  let over = 0;
  let unknown = 0;
  for (let r = 0; r < c.rolloutTask.length; r++) {
    if (c.rolloutStatus[r] !== 0) continue;
    if (standing[r] === UNKNOWN) unknown += 1;
    else if (standing[r] === OVER) {
      over += 1;
      if (state.verdictPassed[r] === 1) failed += 1;
    }
  }
  return { limits: { ...budget }, failed, over, unknown };
}
