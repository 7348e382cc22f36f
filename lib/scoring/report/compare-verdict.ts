import type { Interval } from "../core/stats";

/**
 * What a paired difference's 95% interval says about the candidate (B) against the baseline (A), for metrics
 * where higher is better: "better" when the interval lies above 0, "worse" when below, "unclear" when it
 * includes 0, "same" when every common task has the same value in both runs (delta 0, SE 0), and
 * "no-interval" when there is none (fewer than two common eligible tasks).
 */
export type DeltaVerdict = "better" | "worse" | "unclear" | "same" | "no-interval";

export function deltaVerdict(estimate: {
  delta: number | null;
  se: number | null;
  ci95: Interval | null;
}): DeltaVerdict {
  const { delta, se, ci95 } = estimate;
  if (delta === null || se === null || ci95 === null) return "no-interval";
  if (se === 0 && delta === 0) return "same";
  if (ci95[0] > 0) return "better";
  if (ci95[1] < 0) return "worse";
  return "unclear";
}
