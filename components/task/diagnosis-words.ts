import { count, fixed } from "@/lib/display/format";
import type { TaskReport } from "@/lib/scoring/report/report-types";

export type DiagnosisTone = "pass" | "warn" | "fail" | "muted";

export interface DiagnosisWords {
  /** The verdict word, e.g. "unreliable". */
  title: string;
  /** What it means and what work it calls for, e.g. "passes 3 of 5: reliability work". */
  detail: string;
  tone: DiagnosisTone;
}

type DiagnosedTask = Pick<TaskReport, "diagnosis" | "capability" | "passes" | "meanReward" | "passAtK">;

/**
 * n′, the rollouts the task's figures are over (scored ones, or all under the "unscored as failure" policy):
 * the report keys pass@k by k = 1..n′.
 */
export function countedRollouts(task: Pick<TaskReport, "passAtK">): number {
  return Object.keys(task.passAtK).length;
}

/** A task's diagnosis (docs/scoring.md#across-the-rollouts-of-a-task) in words, from the report's figures only. */
export function diagnosisWords(task: DiagnosedTask): DiagnosisWords {
  const counted = countedRollouts(task);
  switch (task.diagnosis) {
    case "solid":
      return { title: "solid", detail: counted === 1 ? "passes its only rollout" : "passes every time", tone: "pass" };
    case "unreliable":
      return {
        title: "unreliable",
        detail: `passes ${count(task.passes)} of ${count(counted)}: reliability work`,
        tone: "warn",
      };
    case "never-passes": {
      const reward = task.meanReward === null ? "no reward" : `mean reward ${fixed(task.meanReward, 2)}`;
      const how = task.capability === "near-miss" ? "near miss" : "far off";
      return { title: "never passes", detail: `capability work (${how}, ${reward})`, tone: "fail" };
    }
    case "unscored":
      return {
        title: "unscored",
        detail: "no rollout of this task was scored, so there is nothing to diagnose",
        tone: "muted",
      };
  }
}
