import { metricKind } from "./dimensions";
import type { AuthorityGate, GroupReport, MetricReport, ReportHeadline } from "./report-types";
import { SCHEMES, schemeValues, type Scheme, type WeightedValue } from "./schemes";
import { schemeTasks, type ScoredRun } from "./score-run";
import { estimate, weightedMean } from "./stats";

export const DEFAULT_HEADLINE_METRIC = "correctness";
export const DEFAULT_SCHEME: Scheme = "task";
const FALLBACK_METRIC = "completion";

/** One metric under every scheme, with SE and interval under the active one; `gate` goes on authority. */
export function metricReport(scored: ScoredRun, metric: string, scheme: Scheme, gate?: AuthorityGate): MetricReport {
  const tasks = schemeTasks(scored, metric);
  const schemes = {} as Record<Scheme, number | null>;
  let activeValues: WeightedValue[] = [];
  for (const s of SCHEMES) {
    const values = schemeValues(tasks, s, scored.groupWeights);
    schemes[s] = weightedMean(values);
    if (s === scheme) activeValues = values;
  }
  const active = estimate(activeValues, scored.ranges(metric));
  let eligibleTasks = 0;
  let votes = 0;
  for (const t of tasks) {
    if (!t.cell) continue;
    eligibleTasks += 1;
    votes += t.cell.votes;
  }
  const kind = metricKind(metric);
  const report: MetricReport = {
    metric,
    kind,
    scheme,
    value: schemes[scheme],
    pooled: schemes.check,
    schemes,
    se: active.se,
    ci95: active.ci95,
    eligibleTasks,
    tasks: tasks.length,
    votes,
  };
  if (kind === "completion") {
    let passes = 0;
    let counted = 0;
    let completeTasks = 0;
    for (const t of scored.tasks) {
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

/**
 * The headline (metric, scheme): the scenario's, else correctness / task. When correctness was not asked
 * for explicitly and no task has a graded correctness check (reward-only formats), completion is shown
 * instead and `fallback` says why, rather than an empty headline.
 */
export function headline(scored: ScoredRun, metrics: Record<string, MetricReport>): ReportHeadline {
  const scheme = scored.scenario.headline?.scheme ?? DEFAULT_SCHEME;
  const requested = scored.scenario.headline?.metric;
  let metric = requested ?? DEFAULT_HEADLINE_METRIC;
  let fallback: string | null = null;
  if (requested === undefined && (metrics[metric]?.eligibleTasks ?? 0) === 0 && (metrics[FALLBACK_METRIC]?.eligibleTasks ?? 0) > 0) {
    fallback = `no graded ${metric} check in this run: the headline shows ${FALLBACK_METRIC}`;
    metric = FALLBACK_METRIC;
  }
  const m = Object.hasOwn(metrics, metric) ? metrics[metric] : undefined;
  const r = m ?? metricReport(scored, metric, scheme);
  return { metric, scheme, value: r.value, se: r.se, ci95: r.ci95, eligibleTasks: r.eligibleTasks, tasks: r.tasks, fallback };
}

/** Groups in order of first appearance; every metric a task-equal mean inside the group. */
export function groupReports(scored: ScoredRun): GroupReport[] {
  const groups = new Map<string, ScoredRun["tasks"]>();
  for (const t of scored.tasks) {
    const list = groups.get(t.group);
    if (list) list.push(t);
    else groups.set(t.group, [t]);
  }
  return [...groups.entries()].map(([group, tasks]) => {
    const metrics: GroupReport["metrics"] = {};
    for (const m of scored.metrics) {
      let sum = 0;
      let n = 0;
      for (const t of tasks) {
        const cell = t.cells.get(m);
        if (!cell) continue;
        sum += cell.value;
        n += 1;
      }
      metrics[m] = { value: n > 0 ? sum / n : null, eligibleTasks: n };
    }
    return { group, tasks: tasks.length, metrics };
  });
}
