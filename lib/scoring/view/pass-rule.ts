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
