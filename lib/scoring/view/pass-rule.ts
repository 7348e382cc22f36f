import { RULE_CHECKS, UNSCORED, VERDICT_RULES, type RunColumns } from "../columns/run-columns";
import type { ScoringRun, VerdictRule } from "../core/types";
import type { Scenario } from "../scenario/scenario";

/**
 * What decides whether a run's rollouts pass: every required check passing ("checks"), a reward reaching the
 * pass threshold ("reward"), a grade ("grade"), or a mix of these across rollouts. Scored rollouts decide; a
 * run with none is read from all of its rollouts.
 */
export interface PassRule {
  decidedBy: VerdictRule | "mixed";
  /** The pass threshold in force: the scenario's, else the run's. */
  threshold: number;
  /** Rollouts whose verdict comes from a reward or a grade rather than from their checks alone. */
  byReward: number;
}

export function passRule(
  run: Pick<ScoringRun, "rollouts" | "passThreshold">,
  scenario: Pick<Scenario, "passThreshold"> = {},
): PassRule {
  const scored = run.rollouts.filter((r) => r.status === "scored");
  const rules = new Set((scored.length > 0 ? scored : run.rollouts).map((r) => r.rule));
  const [only] = rules;
  return {
    decidedBy: rules.size === 1 && only !== undefined ? only : rules.size === 0 ? "checks" : "mixed",
    threshold: scenario.passThreshold ?? run.passThreshold,
    byReward: run.rollouts.filter((r) => r.rule !== "checks").length,
  };
}

/** passRule of a run's columns: the same, read from the rollouts' status and rule codes. */
export function passRuleOf(
  c: Pick<RunColumns, "rolloutStatus" | "rolloutRule" | "passThreshold">,
  scenario: Pick<Scenario, "passThreshold"> = {},
): PassRule {
  const n = c.rolloutRule.length;
  let anyScored = false;
  for (let r = 0; r < n && !anyScored; r++) anyScored = c.rolloutStatus[r] !== UNSCORED;
  const rules = new Set<number>();
  let byReward = 0;
  for (let r = 0; r < n; r++) {
    const rule = c.rolloutRule[r]!;
    if (rule !== RULE_CHECKS) byReward += 1;
    if (!anyScored || c.rolloutStatus[r] !== UNSCORED) rules.add(rule);
  }
  const [only] = rules;
  return {
    decidedBy: rules.size === 1 && only !== undefined ? VERDICT_RULES[only]! : rules.size === 0 ? "checks" : "mixed",
    threshold: scenario.passThreshold ?? c.passThreshold,
    byReward,
  };
}
