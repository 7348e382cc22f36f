/** z(0.975) + z(0.8): a two-sided test at α = 0.05 with 80% power. */
export const MDE_FACTOR = 1.959963984540054 + 0.8416212335729143;

/**
 * What a paired comparison can see (Miller 2024, "Adding Error Bars to Evals"): the smallest true difference
 * a two-sided test at α = 0.05 detects with 80% power, (z₀.₉₇₅ + z₀.₈)·SE of the paired difference.
 */
export function minimumDetectableEffect(se: number | null): number | null {
  return se === null || !Number.isFinite(se) ? null : MDE_FACTOR * se;
}

/** What a comparison needs before an observed difference could be told from noise. */
export interface PowerNeeded {
  mde: number | null;
  /** Tasks needed at today's rollouts per task; null when the difference is 0 or the SE unknown. */
  tasks: number | null;
  /**
   * Rollouts per task needed at today's tasks; null when more rollouts cannot get there (the tasks themselves
   * differ by more than the difference can stand out from) or nothing is known.
   */
  rolloutsPerTask: number | null;
}

/**
 * How many tasks, or rollouts per task, would bring the MDE down to |delta|.
 * - Tasks: SE ∝ 1/√T, so T' = ⌈T · (MDE/|δ|)²⌉.
 * - Rollouts: a task's paired difference varies by the tasks' own differences (σ²_between) and by the rollouts
 *   drawn (W = the mean over tasks of s²_A/n_A + s²_B/n_B, the squared standard errors of each task's two
 *   means): Var(d) = σ²_between + W·n/n' at n' rollouts per task, σ²_between = max(0, Var(d) − W). The MDE
 *   reaches |δ| when (σ²_between + W·n/n')/T ≤ (|δ|/factor)²: n' = ⌈n·W / (T·(|δ|/factor)² − σ²_between)⌉.
 * `varD`: the sample variance of the per-task differences; `within`: W; `rollouts`: today's rollouts per task.
 */
export function powerNeeded(args: {
  delta: number;
  se: number | null;
  tasks: number;
  varD: number | null;
  within: number | null;
  rollouts: number;
}): PowerNeeded {
  const mde = minimumDetectableEffect(args.se);
  const target = Math.abs(args.delta);
  if (mde === null || target === 0 || args.tasks < 2) return { mde, tasks: null, rolloutsPerTask: null };
  const tasks = Math.max(args.tasks, Math.ceil(args.tasks * (mde / target) ** 2 - 1e-9));
  let rolloutsPerTask: number | null = null;
  if (args.varD !== null && args.within !== null && args.within > 0 && args.rollouts > 0) {
    const between = Math.max(0, args.varD - args.within);
    const room = args.tasks * (target / MDE_FACTOR) ** 2 - between;
    if (room > 0) rolloutsPerTask = Math.max(args.rollouts, Math.ceil((args.rollouts * args.within) / room - 1e-9));
  }
  return { mde, tasks, rolloutsPerTask };
}
