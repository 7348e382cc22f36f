import type { RolloutReport } from "../report/report-types";

/** Chart prep for the per-task strip of rollout rewards in the tasks table. */
export interface StripPoint {
  id: string;
  reward: number | null;
  passed: boolean;
  status: "scored" | "unscored";
}

/** Task key → its rollouts in run order (unscored ones included, drawn apart). */
export function rolloutStrips(rollouts: readonly RolloutReport[]): Record<string, StripPoint[]> {
  const out: Record<string, StripPoint[]> = {};
  for (const r of rollouts) {
    const list = Object.hasOwn(out, r.task) ? out[r.task] : undefined;
    const point: StripPoint = { id: r.id, reward: r.reward, passed: r.passed, status: r.status };
    if (list) list.push(point);
    else out[r.task] = [point];
  }
  return out;
}
