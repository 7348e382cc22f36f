import type { ScoringCheck, ScoringRun } from "../core/types";
import { check, rollout, task } from "./build";

/**
 * /work/shared/fixtures/silo-runs/.silo/runs/run_* as ScoringRollouts (environment → group, runId → id).
 * Silo checks have no id, so the key is the label; every check is correctness.
 */
const c = (label: string, passed: boolean, required: boolean): ScoringCheck => check(label, passed, { required });

const TASK_007_LABELS: [string, boolean][] = [
  ["The overdue invoice is escalated", true],
  ["The escalation names the account owner", true],
  ["The invoice keeps its amount", true],
  ["A note explains the escalation", false],
  ["The customer is not emailed twice", false],
  ["The escalation is dated today", false],
  ["The priority is high", false],
  ["No other invoice changed", false],
  ["The audit log records the escalation", false],
  ["The reminder sequence is paused", false],
];

/** Pass pattern per TASK-007 rollout, in label order (from each result.json). */
function task007(id: string, pattern: string, reward: number, passed: boolean) {
  const checks = TASK_007_LABELS.map(([label, required], i) => c(label, pattern[i] === "1", required));
  return rollout(id, "finance/TASK-007", checks, {
    reportedReward: reward,
    reportedPassed: passed,
    source: `.silo/runs/${id}/result.json`,
  });
}

export const siloRuns: ScoringRun = {
  name: "silo-runs",
  format: "silo",
  passThreshold: 1,
  tasks: [task("crm/TASK-002"), task("crm/TASK-004"), task("finance/TASK-007"), task("finance/TASK-009")],
  rollouts: [
    rollout(
      "run_20261104091500_9c41",
      "crm/TASK-002",
      [
        c("Every open deal of the departed rep moved to the new owner", false, true),
        c("The departed rep owns no open deals", false, true),
        c("Open deals of other reps kept their owner", true, true),
        c("Deals the departed rep already closed kept their owner", true, false),
        c("No deal was closed or deleted", true, false),
      ],
      { reportedReward: 0.6, reportedPassed: false },
    ),
    rollout(
      "run_20261104091612_9c42",
      "crm/TASK-004",
      [
        c("The reported weighted total is correct", true, true),
        c("The deactivated rep is not named", true, false),
        c("Only open deals were counted", true, false),
      ],
      { reportedReward: 1, reportedPassed: true },
    ),
    task007("run_20261104100000_9c43", "1111111111", 1, true),
    task007("run_20261104100100_9c44", "1111111111", 1, true),
    task007("run_20261104100200_9c45", "1111111111", 1, true),
    task007("run_20261104100300_9c46", "1101110000", 0.5, false),
    task007("run_20261104100400_9c47", "0010001000", 0.2, false),
    rollout(
      "run_20261104101000_9c48",
      "finance/TASK-009",
      [c("The refund is issued", false, true), c("The customer is notified", false, false)],
      { reportedReward: 0, reportedPassed: false },
    ),
  ],
};
