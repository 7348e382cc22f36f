import type { Interval } from "../core/stats";

/** z(0.975): the normal quantile of a two-sided 95% interval. */
const Z975 = 1.959963984540054;

/**
 * A 2×2 table of paired pass/fail judgments: the grader's verdict by row, the reviewers' by column.
 * passPass: both pass; passFail: the grader passed what reviewers failed (a false pass); failPass: the grader
 * failed what reviewers passed (a false fail); failFail: both fail.
 */
export interface Confusion {
  passPass: number;
  passFail: number;
  failPass: number;
  failFail: number;
}

export interface KappaEstimate {
  /** Judgments paired. */
  n: number;
  /** Share of pairs that agree; null with none. */
  agreement: number | null;
  /** Cohen's κ; null when it is undefined (no pair, or both sides gave one verdict only: chance agreement 1). */
  kappa: number | null;
  /** 95% interval of κ (large-sample SE of Fleiss, Cohen and Everitt 1969), clipped to [−1, 1]; null with κ. */
  ci95: Interval | null;
  se: number | null;
}

/**
 * Cohen's κ = (pₒ − pₑ)/(1 − pₑ) of a 2×2 table, with the large-sample variance of Fleiss, Cohen and Everitt
 * (1969), which holds whatever κ is (Cohen's 1960 formula assumes κ = 0):
 *   Var(κ) = [Σᵢ pᵢᵢ(1 − (pᵢ. + p.ᵢ)(1 − κ))² + (1 − κ)² Σᵢ≠ⱼ pᵢⱼ(p.ᵢ + pⱼ.)² − (κ − pₑ(1 − κ))²] / (n(1 − pₑ)²).
 * The pairs are treated as independent (docs/scoring.md, "Reviews"): several verdicts of one task reviewed
 * together make the interval narrower than it should be.
 */
export function cohenKappa(t: Confusion): KappaEstimate {
  const n = t.passPass + t.passFail + t.failPass + t.failFail;
  if (n === 0) return { n, agreement: null, kappa: null, ci95: null, se: null };
  const p = [
    [t.passPass / n, t.passFail / n],
    [t.failPass / n, t.failFail / n],
  ] as const;
  const row = [p[0][0] + p[0][1], p[1][0] + p[1][1]];
  const col = [p[0][0] + p[1][0], p[0][1] + p[1][1]];
  const po = p[0][0] + p[1][1];
  const pe = row[0]! * col[0]! + row[1]! * col[1]!;
  if (pe >= 1 - 1e-12) return { n, agreement: po, kappa: null, ci95: null, se: null };
  const kappa = (po - pe) / (1 - pe);
  let diagonal = 0;
  let off = 0;
  for (let i = 0; i < 2; i++) {
    diagonal += p[i]![i]! * (1 - (row[i]! + col[i]!) * (1 - kappa)) ** 2;
    for (let j = 0; j < 2; j++) if (i !== j) off += p[i]![j]! * (col[i]! + row[j]!) ** 2;
  }
  const variance = (diagonal + (1 - kappa) ** 2 * off - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2);
  const se = Math.sqrt(Math.max(0, variance));
  const ci95: Interval = [Math.max(-1, kappa - Z975 * se), Math.min(1, kappa + Z975 * se)];
  return { n, agreement: po, kappa, ci95, se };
}

/**
 * Agreement between reviewers where two or more judged the same verdict: the share of agreeing pairs of
 * reviewers over all pairs, and Fleiss' κ for a varying number of raters per verdict (each verdict weighs the
 * same: P̄ is the mean of its share of agreeing pairs; Pₑ = Σⱼ pⱼ², pⱼ the share of all ratings that are j).
 * `items`: per verdict, how many reviewers said pass and how many fail ("unsure" does not take part).
 */
export function reviewerAgreement(items: readonly { pass: number; fail: number }[]): {
  verdicts: number;
  pairs: number;
  agreement: number | null;
  kappa: number | null;
} {
  const rated = items.filter((i) => i.pass + i.fail >= 2);
  let pairs = 0;
  let agreeing = 0;
  let shareSum = 0;
  let passes = 0;
  let ratings = 0;
  for (const { pass, fail } of rated) {
    const m = pass + fail;
    const itemPairs = (m * (m - 1)) / 2;
    const itemAgreeing = (pass * (pass - 1)) / 2 + (fail * (fail - 1)) / 2;
    pairs += itemPairs;
    agreeing += itemAgreeing;
    shareSum += itemAgreeing / itemPairs;
    passes += pass;
    ratings += m;
  }
  if (rated.length === 0) return { verdicts: 0, pairs: 0, agreement: null, kappa: null };
  const pBar = shareSum / rated.length;
  const pPass = passes / ratings;
  const pe = pPass ** 2 + (1 - pPass) ** 2;
  return {
    verdicts: rated.length,
    pairs,
    agreement: agreeing / pairs,
    kappa: pe >= 1 - 1e-12 ? null : (pBar - pe) / (1 - pe),
  };
}
