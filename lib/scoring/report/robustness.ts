import { NO_GROUP, SCHEMES, schemeValues, type Scheme } from "../core/schemes";
import { estimate, type Estimate, type PairedEstimate } from "../core/stats";
import type { UnscoredPolicy } from "../core/task-summary";
import type { Scenario } from "../scenario/scenario";
import { comparedHeadlineMetric, pairedMetric } from "./compare";
import { rewardRangeOf } from "./rollout-facts";
import { deltaVerdict, type DeltaVerdict } from "./compare-verdict";
import { reportOf, type ScorableRun } from "./columnar/report-of";
import { DEFAULT_SCHEME } from "./report-metrics";
import type { Report } from "./report-types";
import { taskFactsOf } from "./task-facts";

/**
 * Does a conclusion survive other reasonable choices? The headline under every weighting scheme and every
 * unscored policy, the scenario's other edits (flips, weights, required checks, budget) kept.
 */

export const UNSCORED_POLICIES = ["exclude", "fail"] as const satisfies readonly UnscoredPolicy[];

/** A run's reports under each unscored policy, the rest of the scenario kept. */
export type PolicyReports = Record<UnscoredPolicy, Report>;

/** The unscored policy a scenario scores under. */
export const scenarioPolicy = (scenario: Scenario): UnscoredPolicy => scenario.unscored ?? "exclude";
const activeScheme = (scenario: Scenario): Scheme => scenario.headline?.scheme ?? DEFAULT_SCHEME;

/**
 * `computeReport(run, scenario)` under the scenario's own policy, and the run under the other; a run without
 * unscored rollouts reads the same under both, so its one report serves both. A run given as columns is scored
 * from them.
 */
export function policyReports(run: ScorableRun, scenario: Scenario, own: Report = reportOf(run, scenario)) {
  const active = scenarioPolicy(scenario);
  const other: UnscoredPolicy = active === "exclude" ? "fail" : "exclude";
  const otherReport = own.counts.unscored === 0 ? own : reportOf(run, { ...scenario, unscored: other });
  return { [active]: own, [other]: otherReport } as PolicyReports;
}

/** Whether some task of the report weighs other than 1 (read from its task facts: no row per task). */
function someWeightNotOne(report: Report): boolean {
  const tasks = taskFactsOf(report);
  for (let t = 0; t < tasks.count; t++) if (tasks.weight(t) !== 1) return true;
  return false;
}

/** The schemes worth showing: task, check, group, and custom when some task's weight is not 1 (else it is task). */
function schemesOf(weighted: boolean, scenario: Scenario): Scheme[] {
  const custom = activeScheme(scenario) === "custom" || weighted;
  return SCHEMES.filter((s) => s !== "custom" || custom);
}

const anyWeighted = (reports: readonly Report[]) => reports.some(someWeightNotOne);

const anyUnscored = (reports: readonly Report[]) => reports.some((r) => r.counts.unscored > 0);

export interface RobustnessEntry extends PairedEstimate {
  scheme: Scheme;
  unscored: UnscoredPolicy;
  verdict: DeltaVerdict;
  /** The scenario's own scheme and policy: this entry is the comparison's headline. */
  active: boolean;
}

export interface Robustness {
  metric: string;
  schemes: Scheme[];
  /** false when neither run has an unscored rollout: both policies then give the same figures. */
  unscoredMatters: boolean;
  /** Every scheme under each policy, policies in UNSCORED_POLICIES order. */
  entries: RobustnessEntry[];
  /**
   * Counted over the distinct choices (`choices`): scheme × policy when the policy matters, else the schemes
   * under the scenario's policy. `ahead`/`behind`: B's delta above/below 0; `excludesZero`: the interval lies
   * on one side of 0.
   */
  choices: number;
  ahead: number;
  behind: number;
  excludesZero: number;
  /** "B is ahead under 4 of 4 schemes; the interval excludes 0 under 2." */
  summary: string;
}

/**
 * The headline difference B − A with its paired interval and verdict under each scheme and unscored policy,
 * from both runs' reports under each policy (policyReports): each entry is what compareReports gives as its
 * headline under that scheme, the metric held at the comparison's headline metric.
 */
export function robustness(a: PolicyReports, b: PolicyReports, scenario: Scenario = {}, candidate = "B"): Robustness {
  const policy = scenarioPolicy(scenario);
  const scheme = activeScheme(scenario);
  const metric = comparedHeadlineMetric(a[policy], b[policy], scenario.headline?.metric);
  const all = UNSCORED_POLICIES.flatMap((p) => [a[p], b[p]]);
  const schemes = schemesOf(anyWeighted(all), scenario);
  const unscoredMatters = anyUnscored(all);
  const entries = UNSCORED_POLICIES.flatMap((p) =>
    schemes.map((s): RobustnessEntry => {
      const paired = pairedMetric(a[p], b[p], metric, s, scenario.groupWeights);
      return {
        scheme: s,
        unscored: p,
        a: paired.a,
        b: paired.b,
        delta: paired.delta,
        se: paired.se,
        ci95: paired.ci95,
        tasks: paired.tasks,
        verdict: deltaVerdict(paired),
        active: s === scheme && p === policy,
      };
    }),
  );
  const counted = unscoredMatters ? entries : entries.filter((e) => e.unscored === policy);
  const ahead = counted.filter((e) => e.delta !== null && e.delta > 0).length;
  const behind = counted.filter((e) => e.delta !== null && e.delta < 0).length;
  const excludesZero = counted.filter((e) => e.verdict === "better" || e.verdict === "worse").length;
  const choices = counted.length;
  const compared = counted.filter((e) => e.delta !== null).length;
  return {
    metric,
    schemes,
    unscoredMatters,
    entries,
    choices,
    ahead,
    behind,
    excludesZero,
    summary: robustnessSentence({ choices, compared, ahead, behind, excludesZero, unscoredMatters }, candidate),
  };
}

/** "B is ahead under 3 of 4 schemes, behind under 1; the interval excludes 0 under 2." */
export function robustnessSentence(
  r: Pick<Robustness, "choices" | "ahead" | "behind" | "excludesZero" | "unscoredMatters"> & {
    /** Choices that give a difference at all (some common task eligible in both runs). */
    compared: number;
  },
  candidate = "B",
): string {
  const unit = r.unscoredMatters ? "choices of scheme and unscored policy" : r.choices === 1 ? "scheme" : "schemes";
  if (r.compared === 0) return `No difference under any scheme: ${candidate} and A have no common task to compare.`;
  if (r.ahead === 0 && r.behind === 0) return `${candidate} and A read the same under all ${r.compared} ${unit}.`;
  const lead =
    r.ahead >= r.behind
      ? `${candidate} is ahead under ${r.ahead} of ${r.choices} ${unit}${r.behind > 0 ? `, behind under ${r.behind}` : ""}`
      : `${candidate} is behind under ${r.behind} of ${r.choices} ${unit}${r.ahead > 0 ? `, ahead under ${r.ahead}` : ""}`;
  return `${lead}; the interval excludes 0 under ${r.excludesZero === 0 ? "none" : r.excludesZero}.`;
}

/** Both runs scored under each policy, then robustness: what `tally compare` and the compare page show. */
export function compareRobustness(a: ScorableRun, b: ScorableRun, scenario: Scenario = {}, candidate = "B") {
  return robustness(policyReports(a, scenario), policyReports(b, scenario), scenario, candidate);
}

export interface HeadlineRobustnessEntry extends Estimate {
  scheme: Scheme;
  unscored: UnscoredPolicy;
  /** The scenario's own scheme and policy: this entry is the report's headline. */
  active: boolean;
}

export interface HeadlineRobustness {
  metric: string;
  schemes: Scheme[];
  unscoredMatters: boolean;
  entries: HeadlineRobustnessEntry[];
}

/** One metric of one report under one scheme, with its task-clustered interval: the report's own figure. */
export function schemeEstimate(
  report: Report,
  metric: string,
  scheme: Scheme,
  groupWeights: Record<string, number> = {},
): Estimate {
  const tasks = report.tasks.map((t) => {
    const pooled = Object.hasOwn(t.pooled, metric) ? t.pooled[metric] : null;
    const value = Object.hasOwn(t.metrics, metric) ? t.metrics[metric] : null;
    return {
      key: t.key,
      group: t.group ?? NO_GROUP,
      weight: t.weight,
      cell:
        pooled && value !== null && value !== undefined
          ? { value, pooled: pooled.value, votes: pooled.votes }
          : undefined,
    };
  });
  const values = schemeValues(tasks, scheme, new Map(Object.entries(groupWeights)));
  return estimate(values, metric === "reward" ? rewardRangeOf([report]) : [0, 1]);
}

/** What the run page's robustness table reads of a run under a scenario, however the run is scored. */
export interface RobustnessSource {
  /** The headline metric under the scenario's own policy. */
  metric: string;
  /** Some task weighs other than 1 (the custom scheme is then worth showing). */
  weighted: boolean;
  /** Some rollout is unscored: the two policies then give different figures. */
  unscoredMatters: boolean;
  /** The metric under a scheme and a policy (schemeEstimate of that policy's report). */
  estimate(policy: UnscoredPolicy, scheme: Scheme): Estimate;
}

/** One run's headline value with its interval under each scheme and unscored policy (the run page's table). */
export function headlineRobustness(reports: PolicyReports, scenario: Scenario = {}): HeadlineRobustness {
  const policy = scenarioPolicy(scenario);
  const all = UNSCORED_POLICIES.map((p) => reports[p]);
  const metric = reports[policy].headline.metric;
  return headlineRobustnessOf(
    {
      metric,
      weighted: anyWeighted(all),
      unscoredMatters: anyUnscored(all),
      estimate: (p, s) => schemeEstimate(reports[p], metric, s, scenario.groupWeights),
    },
    scenario,
  );
}

/**
 * The robustness table from a source of estimates. With no unscored rollout both policies read the same: each
 * scheme's estimate is made once, under the scenario's own policy.
 */
export function headlineRobustnessOf(source: RobustnessSource, scenario: Scenario = {}): HeadlineRobustness {
  const policy = scenarioPolicy(scenario);
  const scheme = activeScheme(scenario);
  const schemes = schemesOf(source.weighted, scenario);
  const estimates = new Map<string, Estimate>();
  const estimateOf = (p: UnscoredPolicy, s: Scheme) => {
    const key = `${source.unscoredMatters ? p : policy} ${s}`;
    let e = estimates.get(key);
    if (!e) estimates.set(key, (e = source.estimate(source.unscoredMatters ? p : policy, s)));
    return e;
  };
  return {
    metric: source.metric,
    schemes,
    unscoredMatters: source.unscoredMatters,
    entries: UNSCORED_POLICIES.flatMap((p) =>
      schemes.map((s) => ({
        scheme: s,
        unscored: p,
        ...estimateOf(p, s),
        active: s === scheme && p === policy,
      })),
    ),
  };
}
