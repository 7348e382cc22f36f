import { isGraded } from "../core/rollout";
import type { ScoringRun } from "../core/types";
import { levers } from "../report/levers";
import { computeReport } from "../report/report";
import type { Scenario, ScenarioFlip } from "../scenario/scenario";
import { reviewFlips, reviewsByVerdict, withReviews, type TaskReview } from "./apply-reviews";
import { consensus, standingReviews } from "./consensus";

/** One check key's observed error rates and the unreviewed verdicts the band counts the other way. */
export interface BandKey {
  check: string;
  /** Of the recorded passes reviewers decided, the share they failed; null with none decided. */
  falsePassRate: number | null;
  /** Of the recorded fails reviewers decided, the share they passed; null with none decided. */
  falseFailRate: number | null;
  unreviewedPasses: number;
  unreviewedFails: number;
  /** ⌈falsePassRate × unreviewedPasses⌉ passes counted as fails for the low end. */
  down: number;
  /** ⌈falseFailRate × unreviewedFails⌉ fails counted as passes for the high end. */
  up: number;
}

export interface JudgeErrorBand {
  metric: string;
  /** The headline with the reviewed verdicts applied. */
  reviewed: number | null;
  low: number | null;
  high: number | null;
  keys: BandKey[];
}

interface Verdict {
  task: string;
  rollout: string;
  check: string;
  passed: boolean;
  /** The task's lever for this check: how far one flip of it moves the headline. */
  lever: number;
}

/**
 * The judge-error band (docs/scoring.md#the-judge-error-band): the range the headline takes, with the reviewed
 * verdicts applied, if the unreviewed verdicts of each reviewed check key are wrong at the rate its reviews
 * show. Per key: the low end counts ⌈false-pass rate × unreviewed passes⌉ of its unreviewed passes as fails,
 * the high end ⌈false-fail rate × unreviewed fails⌉ of its fails as passes, those whose task lever moves the
 * headline most first (then in run order). Each end is one report under the scenario plus those flips. Keys
 * without a decided review are left as they are. Null when the run has no decided review.
 */
export function judgeErrorBand(
  run: ScoringRun,
  reviews: readonly TaskReview[],
  scenario: Scenario = {},
): JudgeErrorBand | null {
  const decided = reviewFlips(reviews);
  if (decided.flips.length === 0 && decided.reviewed === decided.undecided) return null;
  const base = withReviews({ ...scenario, reviews: "apply" }, decided);

  // Reviewed verdicts by key, and each key's confusion counts (decided reviews of graded verdicts only).
  const byVerdict = reviewsByVerdict(reviews);
  const counts = new Map<string, { pp: number; pf: number; fp: number; ff: number }>();
  const rollouts = new Map(run.rollouts.map((r) => [r.id, r]));
  const reviewedKeys = new Set<string>();
  for (const [key, list] of byVerdict) {
    const standing = standingReviews(list);
    if (standing.length === 0) continue;
    reviewedKeys.add(key);
    const { rollout: rolloutId, check: checkKey } = list[0]!;
    const check = rollouts.get(rolloutId)?.checks.find((c) => c.key === checkKey);
    const { verdict } = consensus(standing);
    if (!check || !isGraded(check) || check.passed === null || verdict === null) continue;
    const c = counts.get(checkKey) ?? { pp: 0, pf: 0, fp: 0, ff: 0 };
    if (check.passed) c[verdict === "pass" ? "pp" : "pf"] += 1;
    else c[verdict === "pass" ? "fp" : "ff"] += 1;
    counts.set(checkKey, c);
  }

  const lever = new Map(
    levers(run, base, Number.POSITIVE_INFINITY).map((l) => [JSON.stringify([l.task, l.check]), l.delta]),
  );
  const unreviewed = new Map<string, Verdict[]>();
  for (const r of run.rollouts) {
    for (const c of r.checks) {
      if (!counts.has(c.key) || !isGraded(c) || c.passed === null) continue;
      if (reviewedKeys.has(JSON.stringify([r.id, c.key]))) continue;
      const list = unreviewed.get(c.key) ?? [];
      list.push({
        task: r.task,
        rollout: r.id,
        check: c.key,
        passed: c.passed,
        lever: lever.get(JSON.stringify([r.task, c.key])) ?? 0,
      });
      unreviewed.set(c.key, list);
    }
  }

  const downFlips: ScenarioFlip[] = [];
  const upFlips: ScenarioFlip[] = [];
  const keys: BandKey[] = [];
  const byLever = (a: Verdict, b: Verdict) => Math.abs(b.lever) - Math.abs(a.lever);
  for (const [check, c] of [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const list = unreviewed.get(check) ?? [];
    const passes = list.filter((v) => v.passed).sort(byLever);
    const fails = list.filter((v) => !v.passed).sort(byLever);
    const falsePassRate = c.pp + c.pf === 0 ? null : c.pf / (c.pp + c.pf);
    const falseFailRate = c.fp + c.ff === 0 ? null : c.fp / (c.fp + c.ff);
    const down = Math.max(0, Math.ceil((falsePassRate ?? 0) * passes.length - 1e-9));
    const up = Math.max(0, Math.ceil((falseFailRate ?? 0) * fails.length - 1e-9));
    const flip = (v: Verdict, passed: boolean): ScenarioFlip => ({
      task: v.task,
      rollout: v.rollout,
      check: v.check,
      passed,
    });
    for (const v of passes.slice(0, down)) downFlips.push(flip(v, false));
    for (const v of fails.slice(0, up)) upFlips.push(flip(v, true));
    keys.push({
      check,
      falsePassRate,
      falseFailRate,
      unreviewedPasses: passes.length,
      unreviewedFails: fails.length,
      down,
      up,
    });
  }

  const headline = (flips: ScenarioFlip[]) =>
    computeReport(run, flips.length === 0 ? base : { ...base, flips: [...(base.flips ?? []), ...flips] }).headline;
  const reviewed = headline([]);
  const ends = [reviewed.value, headline(downFlips).value, headline(upFlips).value].filter(
    (v): v is number => v !== null,
  );
  return {
    metric: reviewed.metric,
    reviewed: reviewed.value,
    low: ends.length === 0 ? null : ends.reduce((a, b) => Math.min(a, b)),
    high: ends.length === 0 ? null : ends.reduce((a, b) => Math.max(a, b)),
    keys,
  };
}
