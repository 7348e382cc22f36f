import type { MetricKind } from "../core/dimensions";
import type { PageReport, PageTaskReport } from "./report-types";
import { ownValue, type Scenario } from "../scenario/scenario";
import type { Scheme } from "../core/schemes";
import type { ScoringRun } from "../core/types";

/** What the effects read of a report: a whole report or the run page's (its failures are not read). */
type EffectsReport = Omit<PageReport, "failures">;

/**
 * What a what-if scenario does to a run: the as-recorded report beside the scenario's report, figure by figure.
 * Pure reading of two reports (and, for grade components, the run); nothing is recomputed here.
 */

/** Differences smaller than this are float noise, not a change. */
const EPSILON = 1e-9;

export interface ValueEffect {
  recorded: number | null;
  scenario: number | null;
  /** scenario − recorded; null when either is undefined. */
  delta: number | null;
  changed: boolean;
}

export interface MetricEffect extends ValueEffect {
  metric: string;
  kind: MetricKind;
  /** The scenario's headline metric. */
  headline: boolean;
  /** Scheme of each side: the recorded report uses the recorded headline scheme, the scenario its own. */
  recordedScheme: Scheme;
  scenarioScheme: Scheme;
  recordedEligible: number;
  scenarioEligible: number;
  tasks: number;
}

export interface HeadlineEffect extends ValueEffect {
  recordedMetric: string;
  recordedScheme: Scheme;
  metric: string;
  scheme: Scheme;
}

export interface CompletionSide {
  passes: number;
  /** Rollouts counted (scored; every rollout under the "unscored as failure" policy). */
  counted: number;
  /** Pass rate, the task's completion value; null when no rollout is counted. */
  value: number | null;
  complete: boolean;
}

/**
 * "recounted": the same pass rate (or none before or after) over a different number of counted rollouts, as
 * when unscored rollouts start counting as failures: 0/4 → 0/5 is neither better nor worse.
 */
export type CompletionChange = "completes" | "no-longer-completes" | "up" | "down" | "recounted";

export interface CompletionFlip {
  key: string;
  taskId: string;
  name: string | null;
  group: string | null;
  before: CompletionSide;
  after: CompletionSide;
  change: CompletionChange;
}

export interface ScenarioEffects {
  headline: HeadlineEffect;
  metrics: MetricEffect[];
  passRate: ValueEffect;
  meanReward: ValueEffect;
  /** Tasks whose completion moved: newly complete first, then no longer complete, then rate up, then down. */
  completionFlips: CompletionFlip[];
  /** Warnings the scenario added (entries that matched nothing), not the run's own. */
  warnings: string[];
  /** Whether any figure above moved. */
  changed: boolean;
}

export function valueEffect(recorded: number | null | undefined, scenario: number | null | undefined): ValueEffect {
  const r = recorded ?? null;
  const s = scenario ?? null;
  const delta = r !== null && s !== null ? s - r : null;
  const changed = delta !== null ? Math.abs(delta) > EPSILON : r !== s;
  return { recorded: r, scenario: s, delta, changed };
}

function completionSide(t: PageTaskReport, failUnscored: boolean): CompletionSide {
  const counted = failUnscored ? t.rollouts : t.scored;
  return { passes: t.passes, counted, value: t.passRate, complete: counted > 0 && t.passes === counted };
}

const CHANGE_ORDER: Record<CompletionChange, number> = {
  completes: 0,
  "no-longer-completes": 1,
  up: 2,
  down: 3,
  recounted: 4,
};

export function completionFlips(recorded: EffectsReport, scenario: EffectsReport): CompletionFlip[] {
  const recordedFail = recorded.scenario.unscored === "fail";
  const scenarioFail = scenario.scenario.unscored === "fail";
  // The same task figures under the same policy (a change of headline only): nothing flips.
  const samePolicy = recordedFail === scenarioFail;
  if (recorded.tasks === scenario.tasks && samePolicy) return [];
  // By key only where the rows are not in the same places; a run page's rows are (one run, one order).
  let byKey: Map<string, PageTaskReport> | null = null;
  const out: CompletionFlip[] = [];
  for (const [i, t] of scenario.tasks.entries()) {
    const at = recorded.tasks[i];
    // The same row object under the same policy: the worker's report deltas keep the rows a scenario left alone.
    if (samePolicy && at === t) continue;
    const r = at?.key === t.key ? at : (byKey ??= new Map(recorded.tasks.map((row) => [row.key, row]))).get(t.key);
    if (!r) continue;
    const a = completionSide(r, recordedFail);
    const b = completionSide(t, scenarioFail);
    let change: CompletionChange;
    if (!a.complete && b.complete) change = "completes";
    else if (a.complete && !b.complete) change = "no-longer-completes";
    else if (!valueEffect(a.value, b.value).changed && a.counted === b.counted) continue;
    else if (a.value === null || b.value === null || a.value === b.value) change = "recounted";
    else change = b.value > a.value ? "up" : "down";
    out.push({ key: t.key, taskId: t.taskId, name: t.name, group: t.group, before: a, after: b, change });
  }
  return out.sort((x, y) => CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change]);
}

/** The warnings in `scenario` that `recorded` does not have (as a multiset, so repeats are kept). */
function addedWarnings(recorded: readonly string[], scenario: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const w of recorded) left.set(w, (left.get(w) ?? 0) + 1);
  return scenario.filter((w) => {
    const n = left.get(w) ?? 0;
    if (n === 0) return true;
    left.set(w, n - 1);
    return false;
  });
}

/** `recorded`: computeReport(run, {}); `scenario`: computeReport(run, scenario). */
export function scenarioEffects(recorded: EffectsReport, scenario: EffectsReport): ScenarioEffects {
  const metrics: MetricEffect[] = Object.values(scenario.metrics).map((m) => {
    const r = ownValue(recorded.metrics, m.metric);
    return {
      metric: m.metric,
      kind: m.kind,
      headline: m.metric === scenario.headline.metric,
      recordedScheme: r?.scheme ?? recorded.headline.scheme,
      scenarioScheme: m.scheme,
      recordedEligible: r?.eligibleTasks ?? 0,
      scenarioEligible: m.eligibleTasks,
      tasks: m.tasks,
      ...valueEffect(r?.value, m.value),
    };
  });
  const headline: HeadlineEffect = {
    recordedMetric: recorded.headline.metric,
    recordedScheme: recorded.headline.scheme,
    metric: scenario.headline.metric,
    scheme: scenario.headline.scheme,
    ...valueEffect(recorded.headline.value, scenario.headline.value),
  };
  const passRate = valueEffect(recorded.passRate.value, scenario.passRate.value);
  const meanReward = valueEffect(recorded.meanReward.value, scenario.meanReward.value);
  const flips = completionFlips(recorded, scenario);
  return {
    headline,
    metrics,
    passRate,
    meanReward,
    completionFlips: flips,
    warnings: addedWarnings(recorded.warnings, scenario.warnings),
    changed:
      headline.changed || metrics.some((m) => m.changed) || passRate.changed || meanReward.changed || flips.length > 0,
  };
}

/** A figure other than the headline that a scenario moved: a metric, the pass rate or the mean reward. */
export interface MovedFigure {
  /** A metric name, or "pass-rate" / "mean-reward". */
  figure: string;
  kind: MetricKind;
  delta: number | null;
}

/**
 * The figures besides the headline that moved, metrics in report order then pass rate and mean reward: what the
 * what-if names when the headline itself did not move (an unscored policy that changes the pass rate and the
 * mean reward but no task's completion), so "no change" is never said of a scenario that changed something.
 */
export function movedFigures(effects: ScenarioEffects): MovedFigure[] {
  const moved: MovedFigure[] = effects.metrics
    .filter((m) => m.changed && !m.headline)
    .map((m) => ({ figure: m.metric, kind: m.kind, delta: m.delta }));
  if (effects.passRate.changed) moved.push({ figure: "pass-rate", kind: "completion", delta: effects.passRate.delta });
  if (effects.meanReward.changed)
    moved.push({ figure: "mean-reward", kind: "reward", delta: effects.meanReward.delta });
  return moved;
}

export interface ComponentWeight {
  key: string;
  label: string;
  /** As recorded (the first grade rollout that has the component). */
  declared: number;
  /** Under the scenario. */
  weight: number;
  /** Grade rollouts that have the component. */
  rollouts: number;
  /** The recorded weight differs between rollouts. */
  varies: boolean;
}

export interface ComponentWeights {
  components: ComponentWeight[];
  /** Σ weights over the components under the scenario, and as recorded (meaningful when `sharedSet`). */
  sum: number;
  declaredSum: number;
  /** Every weighted grade rollout has the same components, so `sum` is each rollout's sum. */
  sharedSet: boolean;
  /** Some rollout's weights under the scenario do not sum to 1 (warned, as for grades: docs/scoring.md#grades). */
  off: boolean;
  /** Weighted grade rollouts. */
  rollouts: number;
  /** The rollouts whose weights under the scenario do not sum to 1, with their sums. */
  offRollouts: { rollout: string; task: string; sum: number }[];
}

/**
 * Grade components (weighted checks of grade_problem rollouts, the ones a scenario's componentWeights can
 * reach), their recorded and scenario weights and sums; null when the run has none.
 */
export function componentWeights(run: Pick<ScoringRun, "rollouts">, scenario: Scenario): ComponentWeights | null {
  const overrides = scenario.componentWeights ?? {};
  const byKey = new Map<string, ComponentWeight>();
  let rollouts = 0;
  const offRollouts: ComponentWeights["offRollouts"] = [];
  let firstSet: string | null = null;
  let sharedSet = true;
  for (const r of run.rollouts) {
    if (r.rule !== "grade") continue;
    let rolloutSum = 0;
    const keys: string[] = [];
    for (const c of r.checks) {
      if (c.weight === null) continue;
      keys.push(c.key);
      const effective = ownValue(overrides, c.key) ?? c.weight;
      rolloutSum += effective;
      const known = byKey.get(c.key);
      if (known) {
        known.rollouts += 1;
        if (Math.abs(known.declared - c.weight) > EPSILON) known.varies = true;
      } else
        byKey.set(c.key, {
          key: c.key,
          label: c.label,
          declared: c.weight,
          weight: effective,
          rollouts: 1,
          varies: false,
        });
    }
    if (keys.length === 0) continue;
    rollouts += 1;
    const set = JSON.stringify(keys.sort());
    if (firstSet === null) firstSet = set;
    else if (set !== firstSet) sharedSet = false;
    if (Math.abs(rolloutSum - 1) > EPSILON) offRollouts.push({ rollout: r.id, task: r.task, sum: rolloutSum });
  }
  if (byKey.size === 0) return null;
  const components = [...byKey.values()];
  const sum = components.reduce((s, c) => s + c.weight, 0);
  const declaredSum = components.reduce((s, c) => s + c.declared, 0);
  return { components, sum, declaredSum, sharedSet, off: offRollouts.length > 0, rollouts, offRollouts };
}
