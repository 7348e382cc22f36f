import type { Scheme } from "../../core/schemes";
import { interval95, type Estimate, type Interval } from "../../core/stats";
import { DEFAULT_SCHEME, headlineMetric, metricReportOf } from "../report-metrics";
import type { AuthorityGate, MetricReport, ReportHeadline } from "../report-types";
import type { ColumnEdits } from "./column-edits";
import type { ScoredColumns } from "./scored-columns";

const UNIT_RANGE: Interval = [0, 1];

/** estimate() (stats.ts) over the first `T` values of x and w, adding in the same order. */
export function estimateOf(x: Float64Array, w: Float64Array, T: number, range: Interval): Estimate {
  let sw = 0;
  let swx = 0;
  for (let i = 0; i < T; i++) {
    sw += w[i]!;
    swx += w[i]! * x[i]!;
  }
  const value = sw > 0 ? swx / sw : null;
  let se: number | null = null;
  if (T >= 2 && value !== null) {
    let sw2 = 0;
    let ss = 0;
    for (let i = 0; i < T; i++) {
      sw2 += w[i]!;
      ss += w[i]! * w[i]! * (x[i]! - value) * (x[i]! - value);
    }
    se = Math.sqrt((T / (T - 1)) * ss) / sw2;
  }
  const ci95 = value !== null && se !== null ? interval95(value, se, T, range) : null;
  return { value, se, ci95, tasks: T };
}

/** What metric reports read besides the task cells: the figures of the verdicts they sum. */
export interface MetricInputs {
  rewardRange: Interval;
  gate: AuthorityGate;
  completion: { passes: number; counted: number; completeTasks: number };
}

/**
 * Every metric of a scored run under the scenario's scheme and weights (metricReport, report-metrics.ts): one
 * pass over the task cells per metric, each scheme's Σw and Σw·x added in task order, so each value is the same
 * float. Reads no rollout: a change of weights, scheme or headline metric costs this and nothing more.
 */
export class MetricColumns {
  private readonly x: Float64Array;
  private readonly w: Float64Array;
  private readonly groupSize: Float64Array;

  constructor(private readonly state: ScoredColumns) {
    const T = state.model.tasks.length;
    this.x = new Float64Array(T);
    this.w = new Float64Array(T);
    this.groupSize = new Float64Array(state.model.groups.length);
  }

  report(metric: string, scheme: Scheme, edits: ColumnEdits, inputs: MetricInputs, gate: boolean): MetricReport {
    const T = this.state.model.tasks.length;
    const { schemes, estimate, eligibleTasks, votes } = this.figures(metric, scheme, edits, inputs);
    const report = metricReportOf(metric, scheme, schemes, estimate, { eligibleTasks, tasks: T, votes });
    if (report.kind === "completion") Object.assign(report, inputs.completion);
    if (metric === "authority" && gate) report.gate = inputs.gate;
    return report;
  }

  /**
   * A metric under one scheme as robustness reads it (schemeEstimate, robustness.ts): the weighted mean with
   * its task-clustered interval, over the tasks with a vote under that scheme.
   */
  estimate(metric: string, scheme: Scheme, edits: ColumnEdits, inputs: MetricInputs): Estimate {
    return this.figures(metric, scheme, edits, inputs).estimate;
  }

  /** Every scheme's value of a metric, and the estimate under `scheme`, in one pass over the tasks. */
  private figures(metric: string, scheme: Scheme, edits: ColumnEdits, inputs: MetricInputs) {
    const { state, x, w, groupSize } = this;
    const { model, taskCells: cells } = state;
    const W = state.width;
    const m = model.metrics.indexOf(metric); // −1: not a metric of this run, no task is eligible
    const T = model.tasks.length;
    const taskGroup = model.taskGroup;
    let eligibleTasks = 0;
    let votes = 0;
    groupSize.fill(0);
    if (m >= 0) {
      for (let t = 0; t < T; t++) {
        const v = cells.votes[t * W + m]!;
        if (v === 0) continue;
        eligibleTasks += 1;
        votes += v;
        groupSize[taskGroup[t]!]! += 1;
      }
    }
    // Σw and Σw·x of every scheme in one pass over the tasks, each added in task order (schemes.ts: task
    // weighs 1, check its votes, group its group's weight over its eligible tasks, custom its weight).
    let swTask = 0;
    let swxTask = 0;
    let swCheck = 0;
    let swxCheck = 0;
    let swGroup = 0;
    let swxGroup = 0;
    let swCustom = 0;
    let swxCustom = 0;
    let active = 0;
    const { groupWeight, weights } = edits;
    // The active scheme as a number: compared once per task below.
    const which = scheme === "task" ? 0 : scheme === "check" ? 1 : scheme === "group" ? 2 : 3;
    if (m >= 0) {
      for (let t = 0; t < T; t++) {
        const i = t * W + m;
        const v = cells.votes[i]!;
        if (v === 0) continue;
        const value = cells.value[i]!;
        const pooled = cells.pooled[i]!;
        swTask += 1;
        swxTask += value;
        const g = taskGroup[t]!;
        const wGroup = groupWeight[g]! / groupSize[g]!;
        const wCustom = weights[t]!;
        const checkVote = v > 0 && v !== Infinity;
        if (checkVote) {
          swCheck += v;
          swxCheck += v * pooled;
        }
        const groupVote = wGroup > 0 && wGroup !== Infinity;
        if (groupVote) {
          swGroup += wGroup;
          swxGroup += wGroup * value;
        }
        const customVote = wCustom > 0 && wCustom !== Infinity;
        if (customVote) {
          swCustom += wCustom;
          swxCustom += wCustom * value;
        }
        if (which === 0) {
          x[active] = value;
          w[active++] = 1;
        } else if (which === 1) {
          if (checkVote) {
            x[active] = pooled;
            w[active++] = v;
          }
        } else if (which === 2) {
          if (groupVote) {
            x[active] = value;
            w[active++] = wGroup;
          }
        } else if (customVote) {
          x[active] = value;
          w[active++] = wCustom;
        }
      }
    }
    const schemes: Record<Scheme, number | null> = {
      task: swTask > 0 ? swxTask / swTask : null,
      check: swCheck > 0 ? swxCheck / swCheck : null,
      group: swGroup > 0 ? swxGroup / swGroup : null,
      custom: swCustom > 0 ? swxCustom / swCustom : null,
    };
    const estimate = estimateOf(x, w, active, metric === "reward" ? inputs.rewardRange : UNIT_RANGE);
    return { schemes, estimate, eligibleTasks, votes };
  }

  /** Every metric of the run (metricReports) and the headline (headline, report-metrics.ts). */
  reports(
    edits: ColumnEdits,
    inputs: MetricInputs,
  ): { metrics: Record<string, MetricReport>; headline: ReportHeadline } {
    const { scenario } = edits;
    const scheme = scenario.headline?.scheme ?? DEFAULT_SCHEME;
    const metrics: Record<string, MetricReport> = {};
    for (const m of this.state.model.metrics) metrics[m] = this.report(m, scheme, edits, inputs, true);
    const { metric, fallback } = headlineMetric(scenario.headline?.metric, {
      eligibleTasks: (name) => (Object.hasOwn(metrics, name) ? metrics[name]!.eligibleTasks : 0),
      scoredTasks: this.state.model.scoredTasks,
    });
    const r = Object.hasOwn(metrics, metric) ? metrics[metric]! : this.report(metric, scheme, edits, inputs, false);
    const headline: ReportHeadline = {
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
    return { metrics, headline };
  }
}
