import { sparseIndex } from "../../columns/run-of-columns";
import { RULE_CHECKS, RULE_REWARD, UNSCORED } from "../../columns/run-columns";
import { MEASURE_KEYS } from "../../core/measures";
import type { BudgetKey } from "../../scenario/budget";
import type { ColumnModel } from "./column-model";

/** What a rollout's verdict reads besides its checks, under one scenario. */
export interface RolloutInputs {
  /** The reported reward, the regraded one where the scenario asks for it (null: none). */
  reportedReward(r: number): number | null;
  penalties(r: number): number;
  /** Per rollout under the scenario's budget: 0 within, OVER, UNKNOWN; null: no budget. */
  standing: Uint8Array | null;
}

/** How a rollout stands under a budget (budgetStanding): over some limit, or not recording a limited measure. */
export const OVER = 1;
export const UNKNOWN = 2;

/**
 * BenchFlow regrades as a column (withRegradedRewards, regraded.ts): per rollout the regraded reward where a
 * regrade gives a scored rollout a reward other than its own, and how many rollouts that is.
 */
export interface Regraded {
  reward: Float64Array;
  has: Uint8Array;
  applied: number;
}

export function regradedOf(model: ColumnModel): Regraded {
  const c = model.columns;
  const n = c.rolloutTask.length;
  const reward = new Float64Array(n);
  const has = new Uint8Array(n);
  const byId = new Map<string, number>();
  const g = c.regrades;
  if (g !== null)
    for (let k = 0; k < g.rollout.length; k++)
      if (g.hasNewReward[k] === 1) byId.set(c.strings[g.rollout[k]!]!, g.newReward[k]!);
  let applied = 0;
  if (byId.size > 0) {
    const ids = model.ids;
    for (let r = 0; r < n; r++) {
      const value = byId.get(ids[r]!);
      if (value === undefined || c.rolloutStatus[r] === UNSCORED) continue;
      if (c.hasReportedReward[r] === 1 && c.reportedReward[r] === value) continue;
      reward[r] = value;
      has[r] = 1;
      applied += 1;
    }
  }
  return { reward, has, applied };
}

/** Per rollout, how it stands under budget limits (budgetStanding): over beats unknown, unknown beats within. */
export function budgetStandings(model: ColumnModel, limits: readonly [BudgetKey, number][]): Uint8Array {
  const c = model.columns;
  const n = c.rolloutTask.length;
  const out = new Uint8Array(n).fill(UNKNOWN);
  const keys = limits.map(([key, limit]) => [MEASURE_KEYS.indexOf(key), limit] as const);
  const cursors = new Int32Array(MEASURE_KEYS.length);
  for (let k = 0; k < c.measured.at.length; k++) {
    const r = c.measured.at[k]!;
    const mask = c.measured.values[k]!;
    let over = false;
    let unknown = false;
    for (const [m, limit] of keys) {
      if ((mask & (1 << m)) === 0) unknown = true;
      else if (c.measureValues[m]![cursors[m]!]! > limit) over = true;
    }
    for (let m = 0; m < MEASURE_KEYS.length; m++) if ((mask & (1 << m)) !== 0) cursors[m]! += 1;
    out[r] = over ? OVER : unknown ? UNKNOWN : 0;
  }
  return out;
}

/** The inputs of every rollout under a scenario's regraded flag and budget standings. */
export function rolloutInputs(
  model: ColumnModel,
  regraded: Regraded | null,
  standing: Uint8Array | null,
): RolloutInputs {
  const c = model.columns;
  const penalty = c.penalties.at.length > 0 ? sparseIndex(c.penalties.at, c.rolloutTask.length) : null;
  return {
    reportedReward: (r) =>
      regraded !== null && regraded.has[r] === 1
        ? regraded.reward[r]!
        : c.hasReportedReward[r] === 1
          ? c.reportedReward[r]!
          : null,
    penalties: (r) => (penalty === null || penalty[r]! < 0 ? 0 : c.penalties.values[penalty[r]!]!),
    standing,
  };
}

/**
 * A scored rollout's reward under its rule (verdictFromTotals, rollout.ts), from its graded checks' count, score
 * sum and weighted sum and whether a scenario changed a check; NaN when it has none (a reward read from a file
 * or summed from finite scores is never NaN). A number either way: `number | null` would box it, per rollout.
 */
export function rolloutReward(
  inputs: RolloutInputs,
  r: number,
  rule: number,
  changed: boolean,
  count: number,
  scoreSum: number,
  weightedSum: number,
): number {
  const reported = inputs.reportedReward(r);
  const takesReported =
    reported !== null &&
    (rule === RULE_CHECKS ? !changed : rule === RULE_REWARD ? !(changed && count > 0) : count === 0);
  if (takesReported) return reported;
  if (count === 0) return Number.NaN;
  if (rule === RULE_CHECKS || rule === RULE_REWARD) return scoreSum / count;
  return Math.min(1, Math.max(0, weightedSum - inputs.penalties(r)));
}
