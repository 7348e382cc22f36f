import type { Report } from "../report/report-types";
import { rowTable, type RolloutTable } from "../report/rollout-table";

/** Why the failing rollouts of a report failed: a required check, or their reward (or grade) alone. */
export interface FailureOrigin {
  /** Scored rollouts counted as failing. */
  failed: number;
  /** Of those, the ones no required check failed in: the reward or grade decided. */
  byRewardOnly: number;
  /** Rollouts unscored (they fail under the "unscored as failure" policy, with no check to blame). */
  unscored: number;
}

export function failureOrigin(report: Pick<Report, "rollouts">): FailureOrigin {
  return failureOriginOf(rowTable(report.rollouts));
}

/** failureOrigin of a report's rollouts read as a table. */
export function failureOriginOf(
  rollouts: Pick<RolloutTable, "length" | "scored" | "passed" | "failedRequired">,
): FailureOrigin {
  let failed = 0;
  let byRewardOnly = 0;
  let unscored = 0;
  for (let r = 0; r < rollouts.length; r++) {
    if (!rollouts.scored(r)) {
      unscored++;
      continue;
    }
    if (rollouts.passed(r)) continue;
    failed++;
    if (!rollouts.failedRequired(r)) byRewardOnly++;
  }
  return { failed, byRewardOnly, unscored };
}

/**
 * What to say where the most-failed required checks would be listed, when none failed: the run may still fail
 * most of its rollouts, on their reward.
 */
export function noFailedCheckWords({ failed, byRewardOnly, unscored }: FailureOrigin): string {
  const unscoredWords = unscored > 0 ? ` ${unscored} unscored rollout${unscored === 1 ? "" : "s"} had no verdict.` : "";
  if (failed === 0) return `No required check failed and no scored rollout failed in this run.${unscoredWords}`;
  const rollouts = `${byRewardOnly} failing rollout${byRewardOnly === 1 ? "" : "s"}`;
  return `No required check failed: the ${rollouts} failed on ${byRewardOnly === 1 ? "its" : "their"} reward or grade (below what passing needs), not on a check.${unscoredWords}`;
}
