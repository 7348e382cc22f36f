import type { Interval } from "../core/stats";

/** The significance level of the flip test in the gate. */
export const GATE_ALPHA = 0.05;

/**
 * Whether a candidate regressed against its baseline (docs/scoring.md#the-regression-gate). Two rules:
 * - `regression`, the gate `--fail-on-regression` applies: the headline difference's 95% interval lies entirely
 *   below 0, or pass→fail flips outnumber fail→pass flips with an exact McNemar p < 0.05. A candidate far ahead
 *   with a few pass→fail flips passes: flips in both directions are the noise of a rerun.
 * - `strict`, for `--fail-on-flip`: the interval below 0, or any pass→fail flip at all.
 */
export interface RegressionGate {
  regression: boolean;
  strict: boolean;
  /** The headline interval lies entirely below 0. */
  intervalBelow: boolean;
  /** More pass→fail than fail→pass flips, and McNemar p < GATE_ALPHA. */
  flipsAgainst: boolean;
}

export function regressionGate(
  ci95: Interval | null,
  flips: { passToFail: number; failToPass: number; pValue: number },
): RegressionGate {
  const intervalBelow = ci95 !== null && ci95[1] < 0;
  const flipsAgainst = flips.passToFail > flips.failToPass && flips.pValue < GATE_ALPHA;
  return {
    regression: intervalBelow || flipsAgainst,
    strict: intervalBelow || flips.passToFail > 0,
    intervalBelow,
    flipsAgainst,
  };
}
