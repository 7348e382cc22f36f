import { isRunColumns, rolloutCount, UNSCORED, VERDICT_RULES, type RunColumns } from "../columns/run-columns";
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
  run: Pick<ScoringRun, "rollouts" | "passThreshold"> | RunColumns,
  scenario: Pick<Scenario, "passThreshold"> = {},
): PassRule {
  const scoredRules = new Set<VerdictRule>();
  const allRules = new Set<VerdictRule>();
  let byReward = 0;
  const add = (rule: VerdictRule, scored: boolean) => {
    allRules.add(rule);
    if (scored) scoredRules.add(rule);
    if (rule !== "checks") byReward++;
  };
  if (isRunColumns(run))
    for (let r = 0; r < rolloutCount(run); r++)
      add(VERDICT_RULES[run.rolloutRule[r]!]!, run.rolloutStatus[r] !== UNSCORED);
  else for (const r of run.rollouts) add(r.rule, r.status === "scored");
  const rules = scoredRules.size > 0 ? scoredRules : allRules;
  const [only] = rules;
  return {
    decidedBy: rules.size === 1 && only !== undefined ? only : rules.size === 0 ? "checks" : "mixed",
    threshold: scenario.passThreshold ?? run.passThreshold,
    byReward,
  };
}
