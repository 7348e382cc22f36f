/** Chart prep for the run page's cost-and-effort scatter: the page only draws these points. */
import type { MeasureKey } from "../core/measures";
import type { RolloutReport } from "../report/report-types";

/** The measures the scatter can put on its x axis, in the order it prefers them. */
export const SCATTER_MEASURES = [
  "costUsd",
  "toolCalls",
  "tokens",
  "durationMs",
] as const satisfies readonly MeasureKey[];
export type ScatterMeasure = (typeof SCATTER_MEASURES)[number];

/** Above this many rollouts the scatter draws one point per task. */
export const SCATTER_ROLLOUT_LIMIT = 2000;

export interface ScatterPoint {
  /** Rollout id, or task key when per task. */
  id: string;
  task: string;
  /** The measure (per task: its mean over the task's rollouts that record it). */
  x: number;
  /** Reward, or 1 / 0 for pass / fail (per task: the mean, a pass rate under "pass"). */
  y: number;
  passed: boolean;
  /** Rollouts behind the point (1 per rollout). */
  rollouts: number;
}

export interface EffortScatter {
  measure: ScatterMeasure;
  /** "reward" when every plotted rollout has a reward, else "pass". */
  y: "reward" | "pass";
  per: "rollout" | "task";
  points: ScatterPoint[];
  /** Scored rollouts left out because they do not record the measure. */
  unrecorded: number;
}

type ScatterRollout = Pick<RolloutReport, "id" | "task" | "status" | "passed" | "reward" | "measures">;

/** The scatter measures at least one scored rollout records, in preference order. */
export function scatterMeasures(rollouts: readonly ScatterRollout[]): ScatterMeasure[] {
  return SCATTER_MEASURES.filter((m) => rollouts.some((r) => r.status === "scored" && r.measures[m] !== null));
}

/**
 * Scored rollouts by a measure against reward (or pass when some have no reward): one point per rollout, or per
 * task (means) when more than SCATTER_ROLLOUT_LIMIT rollouts would be drawn. Unscored rollouts have no verdict
 * to plot. null when no scored rollout records `measure`.
 */
export function effortScatter(rollouts: readonly ScatterRollout[], measure: ScatterMeasure): EffortScatter | null {
  const plotted = rollouts.filter((r) => r.status === "scored" && r.measures[measure] !== null);
  if (plotted.length === 0) return null;
  const scored = rollouts.filter((r) => r.status === "scored").length;
  const y = plotted.every((r) => r.reward !== null) ? "reward" : "pass";
  const yOf = (r: ScatterRollout) => (y === "reward" ? r.reward! : r.passed ? 1 : 0);
  const base = { measure, y, unrecorded: scored - plotted.length } as const;
  if (plotted.length <= SCATTER_ROLLOUT_LIMIT) {
    const points = plotted.map((r) => ({
      id: r.id,
      task: r.task,
      x: r.measures[measure]!,
      y: yOf(r),
      passed: r.passed,
      rollouts: 1,
    }));
    return { ...base, per: "rollout", points };
  }
  const byTask = new Map<string, { x: number; y: number; passes: number; n: number }>();
  for (const r of plotted) {
    const acc = byTask.get(r.task) ?? { x: 0, y: 0, passes: 0, n: 0 };
    acc.x += r.measures[measure]!;
    acc.y += yOf(r);
    acc.passes += r.passed ? 1 : 0;
    acc.n += 1;
    byTask.set(r.task, acc);
  }
  const points = [...byTask].map(([task, a]) => ({
    id: task,
    task,
    x: a.x / a.n,
    y: a.y / a.n,
    passed: a.passes === a.n,
    rollouts: a.n,
  }));
  return { ...base, per: "task", points };
}

/**
 * The y axis: 0 to 1, widened to any reward outside it (some harnesses allow −1 to 1). Left to the chart, one
 * point (or points of one reward) gets an axis such as −1 to 3, for a reward that cannot exceed 1.
 */
export function scatterYDomain(scatter: Pick<EffortScatter, "points">): [number, number] {
  let low = 0;
  let high = 1;
  for (const p of scatter.points) {
    if (p.y < low) low = p.y;
    if (p.y > high) high = p.y;
  }
  return [low, high];
}

/** The x axis: from 0 (no measure is negative) to the largest value plotted. */
export function scatterXDomain(scatter: Pick<EffortScatter, "points">): [number, number] {
  let high = 0;
  for (const p of scatter.points) if (p.x > high) high = p.x;
  return [0, high];
}
