import type { RunColumns } from "../../columns/run-columns";
import type { Scheme } from "../../core/schemes";
import type { Estimate } from "../../core/stats";
import type { UnscoredPolicy } from "../../core/task-summary";
import { describeScenario } from "../../scenario/describe-scenario";
import type { Scenario } from "../../scenario/scenario";
import type { CheckTally } from "../check-tallies";
import type { AuthorityGate, Report, RolloutReport, TaskReport } from "../report-types";
import type { RolloutTable } from "../rollout-table";
import { attachRolloutFacts } from "../rollout-facts";
import { columnEdits, flipsKey, type ColumnEdits } from "./column-edits";
import { columnFacts, columnTable, columnTaskFacts } from "./column-facts";
import { attachTaskFacts } from "../task-facts";
import { modelOf, type ColumnModel } from "./column-model";
import { FailureIndex } from "./failure-index";
import { fixedOf, type FixedParts } from "./fixed-parts";
import { MetricColumns } from "./metric-columns";
import { ReportRows } from "./report-rows";
import { budgetStandings, rolloutInputs, type RolloutInputs } from "./rollout-inputs";
import { ScoredColumns } from "./scored-columns";
import { verdictTotals, type VerdictTotals } from "./verdict-totals";

/** A number as text that tells −0, NaN and the infinities apart (JSON writes them as 0 and null). */
function stableKey(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    typeof v === "number" ? (Object.is(v, -0) ? "-0" : Number.isFinite(v) ? v : String(v)) : v,
  );
}

/** The parts of a scenario that decide verdicts, flips aside (a flip reaches its tasks only). */
function verdictKey(scenario: Scenario): string {
  return stableKey([
    scenario.required ?? null,
    scenario.passThreshold ?? null,
    scenario.componentWeights ?? null,
    scenario.budget ?? null,
    scenario.regraded === true,
    scenario.unscored ?? "exclude",
  ]);
}

/**
 * Scores a run's columns under scenario after scenario, keeping what the last one left: the rollouts' verdicts
 * and cells, each task's figures and its part of the failures table, the rows of the report. A scenario that
 * differs from the last in its flips re-scores the tasks those flips reach (in either scenario) and nothing
 * else; one that differs in weights, scheme or headline metric re-scores nothing and sums the task figures
 * again; any other change re-scores every task from the columns. The report is computeReport's, value for
 * value (report.columnar.property.test.ts); reports share the rows that did not change, and none is changed
 * after it is returned.
 */
export class ColumnScorer {
  readonly model: ColumnModel;
  readonly state: ScoredColumns;
  private readonly fixed: FixedParts;
  private readonly rows: ReportRows;
  private readonly metricColumns: MetricColumns;
  private failures: FailureIndex | null = null;
  private verdicts: string | null = null;
  private flipKeys: string[] = [];
  private totals: (VerdictTotals & ReturnType<FailureIndex["result"]>) | null = null;
  private standing: { key: string; standing: Uint8Array } | null = null;
  #edits: ColumnEdits | null = null;
  #inputs: RolloutInputs | null = null;

  constructor(columns: RunColumns) {
    this.model = modelOf(columns);
    this.state = new ScoredColumns(this.model);
    this.fixed = fixedOf(this.model);
    this.rows = new ReportRows(this.state, this.fixed);
    this.metricColumns = new MetricColumns(this.state);
  }

  /** The edits of the scenario last scored (what `state` holds). */
  get edits(): ColumnEdits {
    if (this.#edits === null) throw new Error("Nothing scored yet");
    return this.#edits;
  }

  /** What the rollouts of the scenario last scored read besides their checks. */
  get rolloutInputs(): RolloutInputs {
    if (this.#inputs === null) throw new Error("Nothing scored yet");
    return this.#inputs;
  }

  private inputs(edits: ColumnEdits): RolloutInputs {
    let standing: Uint8Array | null = null;
    if (edits.limits.length > 0) {
      const key = stableKey(edits.limits);
      if (this.standing?.key !== key) this.standing = { key, standing: budgetStandings(this.model, edits.limits) };
      standing = this.standing.standing;
    }
    return rolloutInputs(this.model, edits.regraded ? this.fixed.regraded : null, standing);
  }

  /** Scores what the scenario changes since the last one (every task the first time). */
  private scoreVerdicts(edits: ColumnEdits): void {
    const T = this.model.tasks.length;
    const key = verdictKey(edits.scenario);
    const inputs = (this.#inputs = this.inputs(edits));
    const keys = new Array<string>(T);
    for (let t = 0; t < T; t++) keys[t] = flipsKey(edits, t);
    if (key !== this.verdicts || this.failures === null) {
      for (let t = 0; t < T; t++) this.state.scoreTask(t, edits, inputs);
      this.state.fresh = false;
      this.failures = new FailureIndex(this.state);
      this.failures.addAll();
      this.totals = null;
    } else {
      for (let t = 0; t < T; t++) {
        if (keys[t] === this.flipKeys[t]) continue;
        this.failures.remove(t);
        this.state.scoreTask(t, edits, inputs);
        this.failures.add(t);
        this.totals = null;
      }
    }
    this.verdicts = key;
    this.flipKeys = keys;
    if (this.totals === null)
      this.totals = {
        ...verdictTotals(this.state, edits, this.fixed.effort, inputs.standing),
        ...this.failures.result(),
      };
  }

  /** Scores the run under `scenario` into `state`, without making a report; returns the scenario's edits. */
  prepare(scenario: Scenario = {}): ColumnEdits {
    // A scenario is a value, never changed once passed: the one just prepared (a view asks for its report, then
    // its tallies and robustness) is what `state` holds already.
    if (scenario === this.#prepared && this.#edits !== null) return this.#edits;
    // The rows of the last report are made before the state they read changes.
    this.#pendingRows?.();
    this.#current = null;
    const edits = columnEdits(this.model, scenario);
    this.#edits = edits;
    this.scoreVerdicts(edits);
    this.#prepared = scenario;
    return edits;
  }

  /** The scenario whose every task `state` holds, as the last prepare scored it; null after prepareTasks. */
  #prepared: Scenario | null = null;

  /**
   * Scores tasks `rows` alone under `scenario` (a task or rollout page), so that their taskRow and their
   * rollouts' rolloutRow give score(scenario)'s rows without scoring the other tasks: a task's figures read only
   * its own rollouts and the run's model. The other tasks keep what they held; the next prepare scores them all.
   */
  prepareTasks(scenario: Scenario, rows: readonly number[]): ColumnEdits {
    this.#prepared = null;
    this.#pendingRows?.();
    this.#current = null;
    const edits = columnEdits(this.model, scenario);
    this.#edits = edits;
    // A run scored under the same verdicts holds a task as scored under its flips: nothing to do for it.
    const verdicts = this.verdicts === verdictKey(scenario);
    const stale = rows.filter((t) => !verdicts || this.flipKeys[t] !== flipsKey(edits, t));
    if (stale.length === 0) return edits;
    const inputs = (this.#inputs = this.inputs(edits));
    for (const t of stale) this.state.scoreTask(t, edits, inputs);
    this.verdicts = null;
    this.failures = null;
    this.totals = null;
    return edits;
  }

  /** Task t's row of the report of the scenario last prepared, without making the other rows. */
  taskRow(t: number): TaskReport {
    return this.rows.taskRowAt(t, this.edits.weights[t]!);
  }

  /** Rollout r's row of the report of the scenario last prepared, without making the other rows. */
  rolloutRow(r: number): RolloutReport {
    return this.rows.rolloutRowAt(r);
  }

  /** checkTallies (check-tallies.ts) of the scenario last scored: per dimension, graded checks of scored rollouts. */
  checkTallies(): Record<string, CheckTally> {
    const { state, model } = this;
    const W = state.width;
    const out: Record<string, CheckTally> = {};
    for (let m = 0; m < W; m++) {
      let graded = 0;
      let passed = 0;
      for (let t = 0; t < model.tasks.length; t++) {
        graded += state.tallyGraded[t * W + m]!;
        passed += state.tallyPassed[t * W + m]!;
      }
      if (graded > 0) out[model.metrics[m]!] = { graded, passed };
    }
    return out;
  }

  /**
   * A metric under one weighting scheme for the scenario last prepared, as schemeEstimate (robustness.ts) reads
   * it from that scenario's report: one pass over the task figures.
   */
  schemeEstimate(metric: string, scheme: Scheme): Estimate {
    const totals = this.totals;
    if (totals === null) throw new Error("Nothing scored yet");
    return this.metricColumns.estimate(metric, scheme, this.edits, {
      rewardRange: totals.rewardRange,
      gate: totals.gate,
      completion: totals.completion,
    });
  }

  /** The report of the run under `scenario` (computeReport's). */
  score(scenario: Scenario = {}): Report {
    const { report, weights } = this.#report(scenario);
    this.rowsOnRead(report, weights, true);
    this.#current = report;
    const current = () => this.#current === report;
    attachRolloutFacts(report, columnFacts(this.state, this.fixed, report, current));
    attachTaskFacts(report, columnTaskFacts(this.state, report, weights, current));
    return report;
  }

  /**
   * score(scenario) without its rollout rows, none of which is made, now or when the scorer moves on (the run
   * page's report: its worker reads the rollouts from `rolloutTable()` instead, 100,000 rows costing it a few
   * hundred milliseconds).
   */
  pageReport(scenario: Scenario = {}): Omit<Report, "rollouts"> {
    const { report, weights } = this.#report(scenario);
    const { rollouts: _none, ...page } = report;
    this.rowsOnRead(page, weights, false);
    this.#current = null;
    return page;
  }

  /**
   * The rollouts of the scenario last prepared, read from the scorer's columns: what its report's rollout rows
   * say, field by field. Valid until the next scenario is prepared.
   */
  rolloutTable(): RolloutTable {
    return columnTable(this.state, this.fixed);
  }

  /** The report under `scenario` with empty row lists, and its tasks' weights. */
  #report(scenario: Scenario): { report: Report; weights: readonly number[] } {
    const edits = this.prepare(scenario);
    // The same scenario scored again: the report before this one makes its rows now, as before any scoring.
    this.#pendingRows?.();
    const totals = this.totals!;
    const { model, fixed } = this;
    const gate: AuthorityGate = totals.gate;
    const { metrics, headline } = this.metricColumns.reports(edits, {
      rewardRange: totals.rewardRange,
      gate,
      completion: totals.completion,
    });
    const warnings = [...fixed.runWarnings, ...edits.warnings];
    if (edits.regraded && fixed.regraded.applied === 0)
      warnings.push("Scenario: regraded rewards asked for, but this run has no regrade that changes a reward");
    if (!Object.hasOwn(metrics, headline.metric))
      warnings.push(`Headline metric ${headline.metric} is not a metric of this run`);
    const n = model.columns.rolloutTask.length;
    const report: Report = {
      run: { name: model.columns.name, format: model.columns.format },
      scenario,
      scenarioDescription: describeScenario(scenario, (ref) => model.resolve(ref)),
      counts: { tasks: model.tasks.length, rollouts: n, scored: totals.scored, unscored: n - totals.scored },
      headline,
      metrics,
      passRate: totals.passRate,
      meanReward: totals.meanReward,
      diagnosis: totals.diagnosis,
      unscoredReasons: fixed.unscoredReasons,
      groups: totals.groups,
      tasks: [],
      rollouts: [],
      failures: totals.failures,
      ...totals.passAtK,
      effort: totals.effort,
      effortOutliers: fixed.outliers,
      warnings,
    };
    if (totals.budget !== null) report.budget = totals.budget;
    if (fixed.regrades !== null) report.regrades = fixed.regrades;
    return { report, weights: edits.weights };
  }

  #pendingRows: (() => void) | null = null;
  /** The report whose scenario `state` holds: none once another is prepared. */
  #current: Report | null = null;

  /**
   * Makes the report's task and rollout lists when they are first read (a caller that reads neither, such as
   * the robustness of the other unscored policy or a first screen, never pays for 100,000 rollout rows), and in
   * any case before this scorer scores another scenario, whose state they would otherwise read. The lists are
   * plain arrays of plain objects once made; the report stays a value: JSON, structured clone and equality read
   * them as any other property. `withRollouts`: false for a page report, which has no rollout list.
   */
  private rowsOnRead(report: Omit<Report, "rollouts">, weights: readonly number[], withRollouts: boolean): void {
    const rows = this.rows;
    let tasks: TaskReport[] | undefined;
    let rollouts: RolloutReport[] | undefined;
    const made = () => {
      if (tasks !== undefined && (rollouts !== undefined || !withRollouts) && this.#pendingRows === pending)
        this.#pendingRows = null;
    };
    const pending = () => {
      tasks ??= rows.taskRows(weights);
      if (withRollouts) rollouts ??= rows.rolloutRows();
      made();
    };
    this.#pendingRows = pending;
    Object.defineProperty(report, "tasks", {
      enumerable: true,
      configurable: true,
      get: () => {
        tasks ??= rows.taskRows(weights);
        made();
        return tasks;
      },
    });
    if (!withRollouts) return;
    Object.defineProperty(report, "rollouts", {
      enumerable: true,
      configurable: true,
      get: () => {
        rollouts ??= rows.rolloutRows();
        made();
        return rollouts;
      },
    });
  }
}

const scorers = new WeakMap<RunColumns, Partial<Record<UnscoredPolicy, ColumnScorer>>>();

/**
 * The scorer kept with a run's columns for a scenario's unscored policy (one per policy, so the run page's
 * robustness, which reads both, re-scores neither from scratch).
 */
export function scorerOf(columns: RunColumns, scenario: Scenario = {}): ColumnScorer {
  let pair = scorers.get(columns);
  if (!pair) scorers.set(columns, (pair = {}));
  return (pair[scenario.unscored ?? "exclude"] ??= new ColumnScorer(columns));
}

/** computeReport(run, scenario) from the run's columns (columnsOf(run)), incrementally from the last scenario. */
export function scoreColumns(columns: RunColumns, scenario: Scenario = {}): Report {
  return scorerOf(columns, scenario).score(scenario);
}
