import type { RolloutReport } from "../report/report-types";
import { rowTable, type RolloutTable } from "../report/rollout-table";

/** Chart prep for the per-task strip of rollout rewards in the tasks table. */
export interface StripPoint {
  id: string;
  reward: number | null;
  passed: boolean;
  status: "scored" | "unscored";
}

/** Task key → its rollouts in run order (unscored ones included, drawn apart). */
export function rolloutStrips(rollouts: readonly RolloutReport[]): Record<string, StripPoint[]> {
  return rolloutStripsOf(rowTable(rollouts));
}

/** rolloutStrips of rollouts read as a table, of the tasks `keep` says (every task by default). */
export function rolloutStripsOf(
  rollouts: Pick<RolloutTable, "length" | "id" | "task" | "reward" | "passed" | "scored">,
  keep: (task: string) => boolean = () => true,
): Record<string, StripPoint[]> {
  const out: Record<string, StripPoint[]> = {};
  for (let r = 0; r < rollouts.length; r++) {
    const task = rollouts.task(r);
    if (!keep(task)) continue;
    const list = Object.hasOwn(out, task) ? out[task] : undefined;
    const point: StripPoint = {
      id: rollouts.id(r),
      reward: rollouts.reward(r),
      passed: rollouts.passed(r),
      status: rollouts.scored(r) ? "scored" : "unscored",
    };
    if (list) list.push(point);
    else out[task] = [point];
  }
  return out;
}
