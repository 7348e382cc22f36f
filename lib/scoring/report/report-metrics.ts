import { metricKind } from "../core/dimensions";
import type { AuthorityGate, GroupReport, MetricReport, ReportHeadline } from "./report-types";
import {
  SCHEMES,
  hasVote,
  schemeWeight,
  schemeX,
  type Scheme,
  type SchemeWeightInputs,
  type WeightedValue,
} from "../core/schemes";
import type { ScoredRun } from "./score-run";
import { estimate, type Estimate, type Interval } from "../core/stats";
import { plural } from "../core/numbers";

export const DEFAULT_HEADLINE_METRIC = "correctness";
export const DEFAULT_SCHEME: Scheme = "task";
const FALLBACK_METRIC = "completion";
/** Where intervals of every metric but reward are clipped. */
const UNIT_RANGE: Interval = [0, 1];

/**
 * A metric's report from its figures: every scheme's value, the interval under `scheme`, and the tasks and votes
 * it covers. Both scorers (this file's and the columnar one) make their reports here, so they have one shape.
 */
export function metricReportOf(
  metric: string,
  scheme: Scheme,
  schemes: Record<Scheme, number | null>,
  interval: Pick<Estimate, "se" | "ci95">,
  counts: { eligibleTasks: number; tasks: number; votes: number },
): MetricReport {
  const { eligibleTasks, tasks, votes } = counts;
  return {
    metric,
    kind: metricKind(metric),
    scheme,
    value: schemes[scheme],
    pooled: schemes.check,
    schemes,
    se: interval.se,
    ci95: interval.ci95,
    eligibleTasks,
    tasks,
    coverage: { tasks: eligibleTasks, of: tasks },
    votes,
  };
}

/**
 * One metric under every scheme, with SE and interval under the active one; `gate` goes on authority.
 * One pass over the tasks accumulates every scheme's Σw and Σw·x, adding in task order exactly as
 * weightedMean(schemeValues(…)) would, so each value is the same float.
 */
export function metricReport(scored: ScoredRun, metric: string, scheme: Scheme, gate?: AuthorityGate): MetricReport {
  const m = scored.metrics.indexOf(metric); // -1: not a metric of this run, no task is eligible
  const { taskCells: cells, tasks } = scored;
  const { taskGroup, groups } = scored.index;
  const at = (t: number) => t * cells.width + m;

  let eligibleTasks = 0;
  let votes = 0;
  const groupSize = new Float64Array(groups.length);
  if (m >= 0) {
    for (let t = 0; t < tasks.length; t++) {
      const v = cells.votes[at(t)]!;
      if (v === 0) continue;
      eligibleTasks += 1;
      votes += v;
      groupSize[taskGroup[t]!]! += 1;
    }
  }

  // Σw and Σw·x per scheme (SCHEMES order); the active scheme's (x, w) are kept for its standard error.
  const sw = [0, 0, 0, 0];
  const swx = [0, 0, 0, 0];
  const activeValues: WeightedValue[] = [];
  const inputs: SchemeWeightInputs = { votes: 0, weight: 0, groupWeight: 0, groupSize: 0 };
  if (m >= 0) {
    for (let t = 0; t < tasks.length; t++) {
      const i = at(t);
      if (cells.votes[i] === 0) continue;
      const g = taskGroup[t]!;
      inputs.votes = cells.votes[i]!;
      inputs.weight = tasks[t]!.weight;
      inputs.groupWeight = scored.groupWeight[g]!;
      inputs.groupSize = groupSize[g]!;
      for (let s = 0; s < SCHEMES.length; s++) {
        const w = schemeWeight(SCHEMES[s]!, inputs);
        if (!hasVote(w)) continue;
        const x = schemeX(SCHEMES[s]!, cells.value[i]!, cells.pooled[i]!);
        sw[s]! += w;
        swx[s]! += w * x;
        if (SCHEMES[s] === scheme) activeValues.push({ key: tasks[t]!.task.key, x, w });
      }
    }
  }
  const schemes = {} as Record<Scheme, number | null>;
  for (let s = 0; s < SCHEMES.length; s++) schemes[SCHEMES[s]!] = sw[s]! > 0 ? swx[s]! / sw[s]! : null;

  const active = estimate(activeValues, metric === "reward" ? scored.rewardRange : UNIT_RANGE);
  const report = metricReportOf(metric, scheme, schemes, active, { eligibleTasks, tasks: tasks.length, votes });
  if (report.kind === "completion") {
    let passes = 0;
    let counted = 0;
    let completeTasks = 0;
    for (const t of tasks) {
      passes += t.summary.passes;
      counted += t.summary.counted;
      if (t.summary.counted > 0 && t.summary.passes === t.summary.counted) completeTasks += 1;
    }
    Object.assign(report, { passes, counted, completeTasks });
  }
  if (metric === "authority" && gate) report.gate = gate;
  return report;
}

export function metricReports(scored: ScoredRun, scheme: Scheme, gate: AuthorityGate): Record<string, MetricReport> {
  const out: Record<string, MetricReport> = {};
  for (const m of scored.metrics) out[m] = metricReport(scored, m, scheme, gate);
  return out;
}

/** What the default headline rule reads of a run: each metric's eligible tasks, and the tasks with a scored rollout. */
export interface HeadlineCoverage {
  eligibleTasks: (metric: string) => number;
  /** Tasks with at least one scored rollout, whatever the unscored policy. */
  scoredTasks: number;
}

/**
 * The headline metric: the requested one; else correctness when every task with a scored rollout has a graded
 * correctness check; else completion, with why. A correctness figure from 3 of 85 tasks beside a pass rate over
 * all 85 reads as the run's score and is not (docs/scoring.md#the-headline).
 */
export function headlineMetric(
  requested: string | undefined,
  coverage: HeadlineCoverage,
): { metric: string; fallback: string | null } {
  if (requested !== undefined) return { metric: requested, fallback: null };
  const correct = coverage.eligibleTasks(DEFAULT_HEADLINE_METRIC);
  const complete = coverage.eligibleTasks(FALLBACK_METRIC);
  if ((correct > 0 && correct >= coverage.scoredTasks) || complete === 0)
    return { metric: DEFAULT_HEADLINE_METRIC, fallback: null };
  return {
    metric: FALLBACK_METRIC,
    fallback:
      correct === 0
        ? `no graded ${DEFAULT_HEADLINE_METRIC} check in this run: the headline shows ${FALLBACK_METRIC}`
        : `${DEFAULT_HEADLINE_METRIC} is graded on ${tasksText(correct)} of the ${tasksText(coverage.scoredTasks)} with a scored rollout: the headline shows ${FALLBACK_METRIC}, which covers them all`,
  };
}

const tasksText = (n: number) => plural(n, "task");

/** Tasks with at least one scored rollout. */
export function scoredTaskCount(tasks: readonly { scored: number }[]): number {
  let n = 0;
  for (const t of tasks) if (t.scored > 0) n += 1;
  return n;
}

/**
 * The headline (metric, scheme): the scenario's, else correctness / task. When correctness was not asked
 * for explicitly and no task has a graded correctness check (reward-only formats), completion is shown
 * instead and `fallback` says why, rather than an empty headline.
 */
export function headline(scored: ScoredRun, metrics: Record<string, MetricReport>): ReportHeadline {
  const scheme = scored.scenario.headline?.scheme ?? DEFAULT_SCHEME;
  const { metric, fallback } = headlineMetric(scored.scenario.headline?.metric, {
    eligibleTasks: (name) => (Object.hasOwn(metrics, name) ? metrics[name]!.eligibleTasks : 0),
    scoredTasks: scoredTaskCount(scored.tasks.map((t) => t.summary)),
  });
  const m = Object.hasOwn(metrics, metric) ? metrics[metric] : undefined;
  const r = m ?? metricReport(scored, metric, scheme);
  return {
    metric,
    scheme,
    value: r.value,
    se: r.se,
    ci95: r.ci95,
    eligibleTasks: r.eligibleTasks,
    tasks: r.tasks,
    coverage: r.coverage,
    fallback,
  };
}

/** Groups in order of first appearance; every metric a task-equal mean inside the group (summed in task order). */
export function groupReports(scored: ScoredRun): GroupReport[] {
  const { taskCells: cells, tasks } = scored;
  const { taskGroup, groups } = scored.index;
  const taskCount = new Array<number>(groups.length).fill(0);
  for (let t = 0; t < tasks.length; t++) taskCount[taskGroup[t]!]! += 1;
  const reports: GroupReport[] = groups.map((group, g) => ({ group, tasks: taskCount[g]!, metrics: {} }));
  const sum = new Float64Array(groups.length);
  const n = new Float64Array(groups.length);
  scored.metrics.forEach((metric, m) => {
    sum.fill(0);
    n.fill(0);
    for (let t = 0; t < tasks.length; t++) {
      const i = t * cells.width + m;
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
