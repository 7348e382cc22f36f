import type { ScoringCheck, ScoringRollout, VerdictRule } from "./types";

/** A check that received a verdict (see isGraded); its score for every mean is checkScore(check). */
export type GradedCheck = ScoringCheck;

/** Σ score and count of one dimension's graded checks in one rollout. */
export interface DimensionTally {
  sum: number;
  count: number;
}

export interface RolloutVerdict {
  id: string;
  task: string;
  status: "scored" | "unscored";
  rule: VerdictRule;
  passed: boolean;
  /** null for unscored rollouts, and for scored ones that have neither a reward nor a graded check. */
  reward: number | null;
  /** The graded checks themselves (shared with the rollout, never copied). */
  graded: GradedCheck[];
  /** Labels of graded required checks that failed, in check order. */
  failedRequired: string[];
  /** Per dimension; a dimension missing here has no graded check, so the rollout is not eligible for it. */
  dimensions: Map<string, DimensionTally>;
  /** A scenario changed a verdict or a required flag of one of its checks. */
  checksChanged: boolean;
}

export interface VerdictOptions {
  /** Threshold for reward-only verdicts and ungated grades (run.passThreshold or the scenario's). */
  passThreshold: number;
  checksChanged?: boolean;
}

/** Rewards are compared with a tolerance so that 0.1 + 0.2 style sums still reach a threshold of 0.3. */
const EPSILON = 1e-9;

/** A check is graded when its status says so and it carries a verdict or a score. */
export function isGraded(check: Pick<ScoringCheck, "status" | "passed" | "score">): boolean {
  return check.status === "graded" && (check.passed !== null || check.score !== null);
}

export function checkScore(check: Pick<ScoringCheck, "passed" | "score">): number {
  return check.score ?? (check.passed === true ? 1 : 0);
}

function meanScore(graded: readonly GradedCheck[]): number | null {
  if (graded.length === 0) return null;
  let sum = 0;
  for (const c of graded) sum += checkScore(c);
  return sum / graded.length;
}

function clip01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function gradeReward(rollout: ScoringRollout, graded: readonly GradedCheck[]): number | null {
  if (graded.length === 0) return rollout.reportedReward;
  let sum = 0;
  for (const c of graded) sum += checkScore(c) * (c.weight ?? 0);
  return clip01(sum - rollout.penalties);
}

function rewardFor(rollout: ScoringRollout, graded: readonly GradedCheck[], changed: boolean): number | null {
  switch (rollout.rule) {
    case "checks":
      return rollout.reportedReward !== null && !changed ? rollout.reportedReward : meanScore(graded);
    case "reward":
      if (changed && graded.length > 0) return meanScore(graded);
      return rollout.reportedReward ?? meanScore(graded);
    case "grade":
      return gradeReward(rollout, graded);
  }
}

function passedFor(
  rollout: ScoringRollout,
  reward: number | null,
  failedRequired: readonly string[],
  threshold: number,
): boolean {
  const reaches = reward !== null && reward >= threshold - EPSILON;
  switch (rollout.rule) {
    case "checks":
      return failedRequired.length === 0;
    case "reward":
      return reaches;
    case "grade":
      if (rollout.gate === null) return reaches;
      return rollout.checks.some((c) => c.key === rollout.gate && isGraded(c) && c.passed === true);
  }
}

/**
 * The verdict of one rollout under its rule (see VerdictRule). Unscored rollouts never pass and have no
 * reward; their graded checks (if any) are still listed so a page can show them.
 */
export function rolloutVerdict(rollout: ScoringRollout, options: VerdictOptions): RolloutVerdict {
  const changed = options.checksChanged ?? false;
  // One pass over the checks: graded list, failed required labels and per-dimension tallies.
  const graded: GradedCheck[] = [];
  const failedRequired: string[] = [];
  const dimensions = new Map<string, DimensionTally>();
  for (const c of rollout.checks) {
    if (!isGraded(c)) continue;
    graded.push(c);
    if (c.required && c.passed === false) failedRequired.push(c.label);
    const score = checkScore(c);
    const t = dimensions.get(c.dimension);
    if (t) {
      t.sum += score;
      t.count += 1;
    } else {
      dimensions.set(c.dimension, { sum: score, count: 1 });
    }
  }
  const scored = rollout.status === "scored";
  const reward = scored ? rewardFor(rollout, graded, changed) : null;
  return {
    id: rollout.id,
    task: rollout.task,
    status: rollout.status,
    rule: rollout.rule,
    passed: scored && passedFor(rollout, reward, failedRequired, options.passThreshold),
    reward,
    graded,
    failedRequired,
    dimensions,
    checksChanged: changed,
  };
}
