import type { RolloutVerdict } from "./rollout";
import type { UnscoredPolicy } from "./task-summary";
import type { ScoringRun } from "./types";

/** The metrics every report shows, in display order; custom dimensions follow, sorted by name. */
export const CORE_METRICS = ["correctness", "completion", "authority", "grounding", "reward"] as const;
export type CoreMetric = (typeof CORE_METRICS)[number];

export const DEFAULT_DIMENSION = "correctness";

/** dimension: mean check score; completion: passed as 1/0; reward: the rollout's reward. */
export type MetricKind = "dimension" | "completion" | "reward";

export function metricKind(metric: string): MetricKind {
  return metric === "completion" ? "completion" : metric === "reward" ? "reward" : "dimension";
}

/** Core metrics plus every custom dimension a check of the run names (graded or not). */
export function metricNames(run: Pick<ScoringRun, "rollouts">): string[] {
  const core = new Set<string>(CORE_METRICS);
  const custom = new Set<string>();
  for (const r of run.rollouts) for (const c of r.checks) if (!core.has(c.dimension)) custom.add(c.dimension);
  return [...CORE_METRICS, ...[...custom].sort()];
}

/**
 * What one rollout contributes to one metric: its value (task means average these) and, for the "check"
 * scheme, `sum` over `votes` (graded checks of the dimension; 1 per rollout for completion; the number of
 * graded checks, at least 1, for reward, so that pooled reward equals Σ reward·n / Σ n).
 */
export interface RolloutCell {
  value: number;
  sum: number;
  votes: number;
}

/**
 * Cells of one rollout. Under the "fail" policy an unscored rollout is 0 for completion, reward and every
 * dimension in `taskDimensions` (the dimensions graded in some rollout of its task), with one vote each.
 */
export function rolloutCells(
  verdict: RolloutVerdict,
  policy: UnscoredPolicy,
  taskDimensions: ReadonlySet<string>,
): Map<string, RolloutCell> {
  const cells = new Map<string, RolloutCell>();
  if (verdict.status !== "scored") {
    if (policy === "exclude") return cells;
    const zero = (): RolloutCell => ({ value: 0, sum: 0, votes: 1 });
    cells.set("completion", zero());
    cells.set("reward", zero());
    for (const d of taskDimensions) cells.set(d, zero());
    return cells;
  }
  const completion = verdict.passed ? 1 : 0;
  cells.set("completion", { value: completion, sum: completion, votes: 1 });
  if (verdict.reward !== null) {
    const votes = Math.max(1, verdict.graded.length);
    cells.set("reward", { value: verdict.reward, sum: verdict.reward * votes, votes });
  }
  for (const [d, t] of verdict.dimensions) cells.set(d, { value: t.sum / t.count, sum: t.sum, votes: t.count });
  return cells;
}

/** One task's figure for one metric: mean over its eligible rollouts, and the pooled (check-scheme) value. */
export interface TaskCell {
  value: number;
  pooled: number;
  votes: number;
  /** Eligible rollouts. */
  rollouts: number;
}

export function taskCells(rollouts: readonly ReadonlyMap<string, RolloutCell>[]): Map<string, TaskCell> {
  const acc = new Map<string, { valueSum: number; sum: number; votes: number; n: number }>();
  for (const cells of rollouts) {
    for (const [metric, cell] of cells) {
      const a = acc.get(metric);
      if (a) {
        a.valueSum += cell.value;
        a.sum += cell.sum;
        a.votes += cell.votes;
        a.n += 1;
      } else {
        acc.set(metric, { valueSum: cell.value, sum: cell.sum, votes: cell.votes, n: 1 });
      }
    }
  }
  const out = new Map<string, TaskCell>();
  for (const [metric, a] of acc) {
    out.set(metric, { value: a.valueSum / a.n, pooled: a.sum / a.votes, votes: a.votes, rollouts: a.n });
  }
  return out;
}
