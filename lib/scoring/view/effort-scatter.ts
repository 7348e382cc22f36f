/** Chart prep for the run page's cost-and-effort scatter: the page only draws these points. */
import type { MeasureKey } from "../core/measures";
import type { RolloutReport } from "../report/report-types";
import { rowTable, type RolloutTable } from "../report/rollout-table";

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

/** An unscored rollout (or a task's mean of them) on the scatter's row of its own: a spend without a verdict. */
export interface BandPoint {
  id: string;
  task: string;
  x: number;
  rollouts: number;
}

export interface EffortScatter {
  measure: ScatterMeasure;
  /** "reward" when every plotted scored rollout has a reward, else "pass". */
  y: "reward" | "pass";
  per: "rollout" | "task";
  /** Scored rollouts that record the measure. */
  points: ScatterPoint[];
  /**
   * Unscored rollouts that record the measure, on a row below the axis: they have no reward or verdict to plot,
   * and a crashed attempt's spend is spend (the run's largest spender may be one).
   */
  unscored: BandPoint[];
  /** Rollouts, scored or not, left out because they do not record the measure. */
  unrecorded: number;
}

type ScatterRollout = Pick<RolloutReport, "id" | "task" | "status" | "passed" | "reward" | "measures">;
type ScatterTable = Pick<RolloutTable, "length" | "id" | "task" | "scored" | "passed" | "reward" | "measure">;

/** The scatter measures at least one rollout records, scored or not, in preference order. */
export function scatterMeasures(rollouts: readonly ScatterRollout[]): ScatterMeasure[] {
  return scatterMeasuresOf(rowTable(rollouts));
}

/** scatterMeasures of rollouts read as a table. */
export function scatterMeasuresOf(rollouts: Pick<RolloutTable, "length" | "measure">): ScatterMeasure[] {
  return SCATTER_MEASURES.filter((m) => {
    for (let r = 0; r < rollouts.length; r++) if (rollouts.measure(r, m) !== null) return true;
    return false;
  });
}

/** Rollouts of one task among those a per-task scatter draws, in the order the task first appears. */
interface TaskGroup {
  task: string;
  at: Int32Array;
  /** The mean of the measure over `at`. */
  x: number;
}

/** The rollouts `at` by task, tasks in order of first appearance, each with its mean of the measure. */
function groupsOf(t: ScatterTable, at: readonly number[], x: (r: number) => number): TaskGroup[] {
  const byTask = new Map<string, number[]>();
  for (const r of at) {
    const task = t.task(r);
    const list = byTask.get(task);
    if (list) list.push(r);
    else byTask.set(task, [r]);
  }
  return [...byTask].map(([task, list]) => {
    let sum = 0;
    for (const r of list) sum += x(r);
    return { task, at: Int32Array.from(list), x: sum / list.length };
  });
}

/**
 * What a scatter of `measure` reads of the run's own facts (which rollouts record it, scored or not, and their
 * measures and tasks): the same under every scenario of a run, so a summary keeper makes it once. A scenario
 * changes only verdicts and rewards, which scatterOf reads.
 */
export interface ScatterLayout {
  measure: ScatterMeasure;
  /** Rollouts that do not record the measure. */
  unrecorded: number;
  plotted: number[];
  /** Per rollout: the unscored band's points; per task: the plotted rollouts by task, and the band's points. */
  per: { kind: "rollout"; unscored: BandPoint[] } | { kind: "task"; plotted: TaskGroup[]; unscored: BandPoint[] };
}

/** The layout of a scatter of `measure`; null when no rollout records it. */
export function scatterLayoutOf(t: ScatterTable, measure: ScatterMeasure): ScatterLayout | null {
  const recording: number[] = [];
  for (let r = 0; r < t.length; r++) if (t.measure(r, measure) !== null) recording.push(r);
  if (recording.length === 0) return null;
  const plotted = recording.filter((r) => t.scored(r));
  const unscored = recording.filter((r) => !t.scored(r));
  const xOf = (r: number) => t.measure(r, measure)!;
  const base = { measure, unrecorded: t.length - recording.length, plotted };
  if (recording.length <= SCATTER_ROLLOUT_LIMIT) {
    const band = unscored.map((r) => ({ id: t.id(r), task: t.task(r), x: xOf(r), rollouts: 1 }));
    return { ...base, per: { kind: "rollout", unscored: band } };
  }
  const band = groupsOf(t, unscored, xOf).map((g) => ({ id: g.task, task: g.task, x: g.x, rollouts: g.at.length }));
  return { ...base, per: { kind: "task", plotted: groupsOf(t, plotted, xOf), unscored: band } };
}

/**
 * Rollouts by a measure: the scored ones against reward (or pass when some have no reward), the unscored ones on
 * a row of their own; one point per rollout, or per task (means) when more than SCATTER_ROLLOUT_LIMIT rollouts
 * would be drawn. null when no rollout records `measure`.
 */
export function effortScatter(rollouts: readonly ScatterRollout[], measure: ScatterMeasure): EffortScatter | null {
  return effortScatterOf(rowTable(rollouts), measure);
}

/** effortScatter of rollouts read as a table. */
export function effortScatterOf(t: ScatterTable, measure: ScatterMeasure): EffortScatter | null {
  const layout = scatterLayoutOf(t, measure);
  return layout && scatterOf(t, layout);
}

/** The scatter of `layout` (scatterLayoutOf of a table of the same run) under the verdicts and rewards of `t`. */
export function scatterOf(t: ScatterTable, layout: ScatterLayout): EffortScatter {
  const { measure, plotted, per } = layout;
  const y = plotted.every((r) => t.reward(r) !== null) ? "reward" : "pass";
  const yOf = (r: number) => (y === "reward" ? t.reward(r)! : t.passed(r) ? 1 : 0);
  const base = { measure, y, unrecorded: layout.unrecorded } as const;
  if (per.kind === "rollout") {
    const points = plotted.map((r) => ({
      id: t.id(r),
      task: t.task(r),
      x: t.measure(r, measure)!,
      y: yOf(r),
      passed: t.passed(r),
      rollouts: 1,
    }));
    return { ...base, per: "rollout", points, unscored: per.unscored };
  }
  const points = per.plotted.map(({ task, at, x }) => {
    let sum = 0;
    let passes = 0;
    for (const r of at) {
      sum += yOf(r);
      if (t.passed(r)) passes++;
    }
    return { id: task, task, x, y: sum / at.length, passed: passes === at.length, rollouts: at.length };
  });
  return { ...base, per: "task", points, unscored: per.unscored };
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

/** The x axis: from 0 (no measure is negative) to the largest value plotted, unscored rollouts included. */
export function scatterXDomain(
  scatter: Pick<EffortScatter, "points"> & Partial<Pick<EffortScatter, "unscored">>,
): [number, number] {
  let high = 0;
  for (const p of scatter.points) if (p.x > high) high = p.x;
  for (const p of scatter.unscored ?? []) if (p.x > high) high = p.x;
  return [0, high];
}
