import { powerNeeded, type PowerNeeded } from "../series/detectable-effect";
import type { Report } from "./report-types";
import { rolloutFactsOf } from "./rollout-facts";

/** The test and power every comparison states its detectable effect at. */
export const MDE_ALPHA = 0.05;
export const MDE_POWER = 0.8;

/** What a comparison can see (docs/scoring.md#what-a-comparison-can-see). */
export interface ComparisonPower extends PowerNeeded {
  alpha: number;
  power: number;
  /** Today's rollouts per task: the mean over the paired tasks of both runs' eligible rollouts. */
  rollouts: number | null;
  /** W: the mean over the paired tasks of s²_A/n_A + s²_B/n_B (tasks with one rollout in a run left out). */
  within: number | null;
}

/** s²/n of a task's rollout values: the squared SE of its mean (k(n−k)/(n²(n−1)) for k passes of n). */
function meanVariance(xs: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const ss = xs.reduce((s, x) => s + (x - mean) * (x - mean), 0);
  return ss / (n - 1) / n;
}

/**
 * The minimum detectable effect of a comparison's headline at 80% power and α = 0.05 from its paired,
 * task-clustered SE, and what would bring it down to the observed difference. Var(d) is T·SE², which is the
 * sample variance of the per-task differences under equal weights; W comes from the headline metric's
 * rollout values on the tasks both runs hold.
 */
export function comparisonPower(
  a: Report,
  b: Report,
  headline: { metric: string; delta: number | null; se: number | null; tasks: number },
  keys: readonly string[],
): ComparisonPower {
  const valuesA = rolloutFactsOf(a).metricValues(headline.metric);
  const valuesB = rolloutFactsOf(b).metricValues(headline.metric);
  let n = 0;
  let paired = 0;
  let w = 0;
  let wTasks = 0;
  for (const key of keys) {
    const xa = valuesA.get(key);
    const xb = valuesB.get(key);
    if (!xa || !xb) continue;
    paired += 1;
    n += (xa.length + xb.length) / 2;
    const va = meanVariance(xa);
    const vb = meanVariance(xb);
    if (va === null || vb === null) continue;
    w += va + vb;
    wTasks += 1;
  }
  const rollouts = paired > 0 ? n / paired : null;
  const within = wTasks > 0 ? w / wTasks : null;
  const need = powerNeeded({
    delta: headline.delta ?? 0,
    se: headline.se,
    tasks: headline.tasks,
    varD: headline.se === null ? null : headline.se * headline.se * headline.tasks,
    within,
    rollouts: rollouts ?? 0,
  });
  return { ...need, alpha: MDE_ALPHA, power: MDE_POWER, rollouts, within };
}
