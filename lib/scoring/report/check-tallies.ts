import { applyScenario } from "../scenario/apply-scenario";
import { isGraded } from "../core/rollout";
import type { Scenario } from "../scenario/scenario";
import type { ScoringRun } from "../core/types";

/** Graded checks of one dimension across the run's scored rollouts, and how many of them passed. */
export interface CheckTally {
  graded: number;
  passed: number;
}

/**
 * Per dimension, the counts behind "6 of 9 checks passed" under a what-if scenario. A check with partial
 * credit counts as passed only when its verdict is a pass, so with partial credit these counts explain the
 * pooled value without equalling it. Unscored rollouts carry no graded check and add nothing.
 */
export function checkTallies(run: ScoringRun, scenario: Scenario = {}): Record<string, CheckTally> {
  const applied = applyScenario(run, scenario).run;
  const out: Record<string, CheckTally> = {};
  for (const r of applied.rollouts) {
    if (r.status !== "scored") continue;
    for (const c of r.checks) {
      if (!isGraded(c)) continue;
      const tally = Object.hasOwn(out, c.dimension) ? out[c.dimension] : undefined;
      const t = tally ?? (out[c.dimension] = { graded: 0, passed: 0 });
      t.graded += 1;
      if (c.passed === true) t.passed += 1;
    }
  }
  return out;
}
