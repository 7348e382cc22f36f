/**
 * Unbiased estimators over n rollouts of which c passed (Chen et al. 2021; τ-bench's pass^k):
 *   pass@k = 1 − C(n−c, k) / C(n, k)   the chance that at least one of k drawn rollouts passes
 *   pass^k = C(c, k) / C(n, k)         the chance that all k drawn rollouts pass
 * Both are evaluated as running products of ratios, never factorials, so n in the thousands stays exact
 * to rounding and never overflows.
 */

function assertCounts(n: number, c: number, k: number): void {
  if (
    !Number.isInteger(n) ||
    !Number.isInteger(c) ||
    !Number.isInteger(k) ||
    n < 0 ||
    c < 0 ||
    c > n ||
    k < 1 ||
    k > n
  ) {
    throw new RangeError(`pass@k needs integers 0 ≤ c ≤ n and 1 ≤ k ≤ n (got n=${n}, c=${c}, k=${k})`);
  }
}

export function passAtK(n: number, c: number, k: number): number {
  assertCounts(n, c, k);
  if (n - c < k) return 1;
  // C(n−c, k)/C(n, k) = Π_{i=n−c+1}^{n} (1 − k/i)
  let allFail = 1;
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}

export function passHatK(n: number, c: number, k: number): number {
  assertCounts(n, c, k);
  if (k > c) return 0;
  // C(c, k)/C(n, k) = Π_{i=0}^{k−1} (c − i)/(n − i)
  let all = 1;
  for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
  return all;
}

export interface PassAtKPoint {
  k: number;
  passAtK: number;
  passHatK: number;
}

/** Both curves for k = 1..n; empty when n = 0. */
export function passAtKCurve(n: number, c: number): PassAtKPoint[] {
  const points: PassAtKPoint[] = [];
  for (let k = 1; k <= n; k++) points.push({ k, passAtK: passAtK(n, c, k), passHatK: passHatK(n, c, k) });
  return points;
}

/** Maps keyed by k as a string ({"1": 0.6, "2": 0.9}), the report's JSON shape (passAtKCurve without the points). */
export function passAtKMaps(
  n: number,
  c: number,
): { passAtK: Record<string, number>; passHatK: Record<string, number> } {
  const at: Record<string, number> = {};
  const hat: Record<string, number> = {};
  for (let k = 1; k <= n; k++) {
    at[k] = passAtK(n, c, k);
    hat[k] = passHatK(n, c, k);
  }
  return { passAtK: at, passHatK: hat };
}

/**
 * pass@k and pass^k of a run: for k = 1 … K, the mean over its counted tasks of each task's unbiased estimate,
 * every task one vote. K is the largest k every counted task reaches (the fewest counted rollouts of a task), so
 * each point of both curves averages the same tasks; a task with more rollouts still gives its estimate from all
 * of them. pass@1 is the task-equal pass rate. Tasks without a counted rollout are left out (`tasks` of `of`).
 */
export interface RunPassAtK {
  /** Keyed by k as a string, k = 1 … maxK; empty when no task has a counted rollout. */
  passAtK: Record<string, number>;
  passHatK: Record<string, number>;
  passAtKCoverage: {
    /** K: the fewest counted rollouts among the counted tasks (0 when none). */
    maxK: number;
    /** Counted tasks, of every task of the run. */
    tasks: number;
    of: number;
  };
}

export function runPassAtK(tasks: readonly { counted: number; passes: number }[]): RunPassAtK {
  const counted = tasks.filter((t) => t.counted > 0);
  const maxK = counted.length === 0 ? 0 : counted.reduce((k, t) => Math.min(k, t.counted), Infinity);
  const at: Record<string, number> = {};
  const hat: Record<string, number> = {};
  for (let k = 1; k <= maxK; k++) {
    let sumAt = 0;
    let sumHat = 0;
    for (const t of counted) {
      sumAt += passAtK(t.counted, t.passes, k);
      sumHat += passHatK(t.counted, t.passes, k);
    }
    at[k] = sumAt / counted.length;
    hat[k] = sumHat / counted.length;
  }
  return { passAtK: at, passHatK: hat, passAtKCoverage: { maxK, tasks: counted.length, of: tasks.length } };
}

/** The run's curves as chart points (k = 1 … maxK). */
export function runPassAtKPoints(run: RunPassAtK): PassAtKPoint[] {
  const points: PassAtKPoint[] = [];
  for (let k = 1; k <= run.passAtKCoverage.maxK; k++)
    points.push({ k, passAtK: run.passAtK[k]!, passHatK: run.passHatK[k]! });
  return points;
}
