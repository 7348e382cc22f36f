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

/**
 * What a verdict needs from a rollout's graded checks, summed in check order (so every path that scores a
 * rollout adds the same floats in the same order and gets bit-identical rewards).
 */
export interface GradedTotals {
  count: number;
  /** Σ checkScore. */
  scoreSum: number;
  /** Σ checkScore × (weight ?? 0), for the grade rule. */
  weightedSum: number;
  /** Some graded check keyed as the rollout's gate passed (grade rule with a gate). */
  gatePassed: boolean;
}

/** Adds one graded check of `rollout` to its totals. */
export function addGraded(totals: GradedTotals, rollout: Pick<ScoringRollout, "gate">, c: ScoringCheck, score: number) {
  totals.count += 1;
  totals.scoreSum += score;
  totals.weightedSum += score * (c.weight ?? 0);
  if (c.passed === true && rollout.gate !== null && c.key === rollout.gate) totals.gatePassed = true;
}

function meanScore(totals: GradedTotals): number | null {
  return totals.count === 0 ? null : totals.scoreSum / totals.count;
}

function clip01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function gradeReward(rollout: ScoringRollout, totals: GradedTotals): number | null {
  if (totals.count === 0) return rollout.reportedReward;
  return clip01(totals.weightedSum - rollout.penalties);
}

/**
 * A reward that is not a number is no reward: score × weight of extreme values can overflow to +∞ and −∞ in one
 * rollout, and their sum is NaN. The columnar scorer keeps NaN as its "no reward" mark, so both agree.
 */
function rewardFor(rollout: ScoringRollout, totals: GradedTotals, changed: boolean): number | null {
  const reward = ruleReward(rollout, totals, changed);
  return reward !== null && Number.isNaN(reward) ? null : reward;
}

function ruleReward(rollout: ScoringRollout, totals: GradedTotals, changed: boolean): number | null {
  switch (rollout.rule) {
    case "checks":
      return rollout.reportedReward !== null && !changed ? rollout.reportedReward : meanScore(totals);
    case "reward":
      if (changed && totals.count > 0) return meanScore(totals);
      return rollout.reportedReward ?? meanScore(totals);
    case "grade":
      return gradeReward(rollout, totals);
  }
}

function passedFor(
  rollout: ScoringRollout,
  totals: GradedTotals,
  reward: number | null,
  failedRequired: number,
  threshold: number,
): boolean {
  const reaches = reward !== null && reward >= threshold - EPSILON;
  switch (rollout.rule) {
    case "checks":
      return failedRequired === 0;
    case "reward":
      return reaches;
    case "grade":
      return rollout.gate === null ? reaches : totals.gatePassed;
  }
}

/**
 * Reward and pass of a rollout from the totals of its graded checks and the number of graded required
 * checks that failed: the rule part of rolloutVerdict, shared with the whole-run scorer (score-rollouts.ts),
 * which reads checks through a scenario's edits and so never through `rollout.checks` here.
 */
export function verdictFromTotals(
  rollout: ScoringRollout,
  totals: GradedTotals,
  failedRequired: number,
  options: VerdictOptions,
): { passed: boolean; reward: number | null } {
  if (rollout.status !== "scored") return { passed: false, reward: null };
  const reward = rewardFor(rollout, totals, options.checksChanged ?? false);
  return { passed: passedFor(rollout, totals, reward, failedRequired, options.passThreshold), reward };
}

/**
 * The verdict of one rollout under its rule (see VerdictRule). Unscored rollouts never pass and have no
 * reward; their graded checks (if any) are still listed so a page can show them.
 */
export function rolloutVerdict(rollout: ScoringRollout, options: VerdictOptions): RolloutVerdict {
  // One pass over the checks: graded list, failed required labels, per-dimension tallies and totals.
  const graded: GradedCheck[] = [];
  const failedRequired: string[] = [];
  const dimensions = new Map<string, DimensionTally>();
  const totals: GradedTotals = { count: 0, scoreSum: 0, weightedSum: 0, gatePassed: false };
  for (const c of rollout.checks) {
    if (!isGraded(c)) continue;
    graded.push(c);
    if (c.required && c.passed === false) failedRequired.push(c.label);
    const score = checkScore(c);
    addGraded(totals, rollout, c, score);
    const t = dimensions.get(c.dimension);
    if (t) {
      t.sum += score;
      t.count += 1;
    } else {
      dimensions.set(c.dimension, { sum: score, count: 1 });
    }
  }
  const { passed, reward } = verdictFromTotals(rollout, totals, failedRequired.length, options);
  return {
    id: rollout.id,
    task: rollout.task,
    status: rollout.status,
    rule: rollout.rule,
    passed,
    reward,
    graded,
    failedRequired,
    dimensions,
    checksChanged: options.checksChanged ?? false,
  };
}
