import type { WeightedValue } from "./schemes";
import { logGamma, studentTQuantile } from "./student-t";

export type Interval = [number, number];

/** A suite value with its task-clustered standard error and 95% interval (null where undefined). */
export interface Estimate {
  value: number | null;
  se: number | null;
  ci95: Interval | null;
  /** T: tasks with a positive weight. */
  tasks: number;
}

export function weightedMean(values: readonly Pick<WeightedValue, "x" | "w">[]): number | null {
  let sw = 0;
  let swx = 0;
  for (const { x, w } of values) {
    sw += w;
    swx += w * x;
  }
  return sw > 0 ? swx / sw : null;
}

/**
 * SE = sqrt(T/(T−1) · Σ w²(x − x̄)²) / Σ w: the ratio-estimator standard error that treats each task as a
 * cluster (equals sd/√T when weights are equal). null when T < 2.
 */
export function weightedStandardError(values: readonly Pick<WeightedValue, "x" | "w">[]): number | null {
  const T = values.length;
  const mean = weightedMean(values);
  if (T < 2 || mean === null) return null;
  let sw = 0;
  let ss = 0;
  for (const { x, w } of values) {
    sw += w;
    ss += w * w * (x - mean) * (x - mean);
  }
  return Math.sqrt((T / (T - 1)) * ss) / sw;
}

export function clip(x: number, [lo, hi]: Interval): number {
  return Math.min(hi, Math.max(lo, x));
}

/** x̄ ± t(0.975, T−1)·SE, clipped to `range`. */
export function interval95(mean: number, se: number, T: number, range: Interval): Interval {
  const half = studentTQuantile(0.975, T - 1) * se;
  return [clip(mean - half, range), clip(mean + half, range)];
}

export function estimate(values: readonly WeightedValue[], range: Interval): Estimate {
  const value = weightedMean(values);
  const se = weightedStandardError(values);
  const ci95 = value !== null && se !== null ? interval95(value, se, values.length, range) : null;
  return { value, se, ci95, tasks: values.length };
}

/** One common task of a paired comparison: each run's value and weight under the same scheme. */
export interface PairedValue {
  key: string;
  xA: number;
  wA: number;
  xB: number;
  wB: number;
}

export interface PairedEstimate {
  a: number | null;
  b: number | null;
  /** b − a: B is the candidate, A the baseline, so an interval entirely below 0 is a regression. */
  delta: number | null;
  se: number | null;
  ci95: Interval | null;
  tasks: number;
}

/**
 * Paired difference of two weighted means on the same tasks. The SE linearises each ratio estimator
 * (z_t = T·w_B(x_B − b)/Σw_B − T·w_A(x_A − a)/Σw_A, SE = sqrt(Σ z² / (T(T−1)))), which with equal weights is
 * exactly the plain sd(d)/√T for d_t = x_B,t − x_A,t (docs/scoring.md#comparing-two-runs), and with one run
 * alone is weightedStandardError.
 */
export function pairedEstimate(pairs: readonly PairedValue[], range: Interval): PairedEstimate {
  const T = pairs.length;
  const a = weightedMean(pairs.map((p) => ({ x: p.xA, w: p.wA })));
  const b = weightedMean(pairs.map((p) => ({ x: p.xB, w: p.wB })));
  if (a === null || b === null) return { a, b, delta: null, se: null, ci95: null, tasks: T };
  const delta = b - a;
  if (T < 2) return { a, b, delta, se: null, ci95: null, tasks: T };
  let swA = 0;
  let swB = 0;
  for (const p of pairs) {
    swA += p.wA;
    swB += p.wB;
  }
  let ss = 0;
  for (const p of pairs) {
    const z = (T * p.wB * (p.xB - b)) / swB - (T * p.wA * (p.xA - a)) / swA;
    ss += z * z;
  }
  const se = Math.sqrt(ss / (T * (T - 1)));
  const span = range[1] - range[0];
  return { a, b, delta, se, ci95: interval95(delta, se, T, [-span, span]), tasks: T };
}

/** The plain paired statistics on differences d_t: mean, sd(d)/√T and the t interval (unclipped). */
export function pairedDifferences(d: readonly number[]): {
  mean: number | null;
  se: number | null;
  ci95: Interval | null;
} {
  const T = d.length;
  if (T === 0) return { mean: null, se: null, ci95: null };
  const mean = d.reduce((s, x) => s + x, 0) / T;
  if (T < 2) return { mean, se: null, ci95: null };
  const variance = d.reduce((s, x) => s + (x - mean) * (x - mean), 0) / (T - 1);
  const se = Math.sqrt(variance) / Math.sqrt(T);
  const half = studentTQuantile(0.975, T - 1) * se;
  return { mean, se, ci95: [mean - half, mean + half] };
}

/**
 * Exact McNemar test: two-sided binomial sign test on the discordant pairs (b pass→fail, c fail→pass),
 * p = min(1, 2 · Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c)); 1 when there is no discordant pair.
 * Summed in log space so thousands of discordant tasks do not underflow.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const m = Math.min(b, c);
  const lnN = logGamma(n + 1);
  const logs: number[] = [];
  for (let i = 0; i <= m; i++) logs.push(lnN - logGamma(i + 1) - logGamma(n - i + 1) - n * Math.LN2);
  const top = logs.reduce((t, l) => Math.max(t, l), -Infinity);
  const tail = Math.exp(top) * logs.reduce((s, l) => s + Math.exp(l - top), 0);
  return Math.min(1, 2 * tail);
}
