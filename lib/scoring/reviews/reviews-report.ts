import { consensus, standingReviews } from "./consensus";
import { cohenKappa, reviewerAgreement, type Confusion, type KappaEstimate } from "./kappa";
import type { GraderKind, Review } from "./review-types";

/** One recorded verdict (a rollout's check) with every review of it. */
export interface ReviewedVerdict {
  task: string;
  rollout: string;
  /** The check's key. */
  check: string;
  grader: GraderKind;
  /** The recorded verdict; null when the check was not graded (it cannot be agreed or disagreed with). */
  recorded: boolean | null;
  reviews: readonly Review[];
}

/** How far one grader (a check key, or a kind of grader) agrees with people, and people with each other. */
export interface AgreementRow extends KappaEstimate {
  /** Recorded verdicts with a standing review. */
  reviewed: number;
  /** Of them, how many stay as recorded: a tie, "unsure" the most said, or an ungraded check. */
  undecided: number;
  confusion: Confusion;
  reviewers: ReturnType<typeof reviewerAgreement>;
}

export interface ReviewsReport {
  /** Verdicts with a standing review, and reviews standing. */
  reviewed: number;
  reviews: number;
  byCheck: ({ check: string; grader: GraderKind } & AgreementRow)[];
  byGrader: ({ grader: GraderKind } & AgreementRow)[];
}

interface Tally {
  reviewed: number;
  undecided: number;
  confusion: Confusion;
  raters: { pass: number; fail: number }[];
}

const emptyTally = (): Tally => ({
  reviewed: 0,
  undecided: 0,
  confusion: { passPass: 0, passFail: 0, failPass: 0, failFail: 0 },
  raters: [],
});

function add(tally: Tally, recorded: boolean | null, standing: readonly Review[]): void {
  const { verdict, counts } = consensus(standing);
  tally.reviewed += 1;
  tally.raters.push({ pass: counts.pass, fail: counts.fail });
  if (verdict === null || recorded === null) {
    tally.undecided += 1;
    return;
  }
  const c = tally.confusion;
  if (recorded && verdict === "pass") c.passPass += 1;
  else if (recorded) c.passFail += 1;
  else if (verdict === "pass") c.failPass += 1;
  else c.failFail += 1;
}

const rowOf = (t: Tally): AgreementRow => ({
  ...cohenKappa(t.confusion),
  reviewed: t.reviewed,
  undecided: t.undecided,
  confusion: t.confusion,
  reviewers: reviewerAgreement(t.raters),
});

/**
 * Agreement of graders with reviewers, per check key and per grader kind: each reviewed verdict is one pair of
 * the recorded verdict and the reviewers' consensus (consensus.ts); κ and its interval by kappa.ts. Rows in
 * key order; only verdicts with a standing review count.
 */
export function reviewsReport(verdicts: readonly ReviewedVerdict[]): ReviewsReport {
  const byCheck = new Map<string, { check: string; grader: GraderKind; tally: Tally }>();
  const byGrader = new Map<GraderKind, Tally>();
  let reviewed = 0;
  let reviews = 0;
  for (const v of verdicts) {
    const standing = standingReviews(v.reviews);
    if (standing.length === 0) continue;
    reviewed += 1;
    reviews += standing.length;
    const key = `${v.check}\u0000${v.grader}`;
    let entry = byCheck.get(key);
    if (entry === undefined) byCheck.set(key, (entry = { check: v.check, grader: v.grader, tally: emptyTally() }));
    add(entry.tally, v.recorded, standing);
    let kind = byGrader.get(v.grader);
    if (kind === undefined) byGrader.set(v.grader, (kind = emptyTally()));
    add(kind, v.recorded, standing);
  }
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return {
    reviewed,
    reviews,
    byCheck: [...byCheck.values()]
      .sort((x, y) => order(x.check, y.check) || order(x.grader, y.grader))
      .map((e) => ({ check: e.check, grader: e.grader, ...rowOf(e.tally) })),
    byGrader: [...byGrader.entries()]
      .sort(([x], [y]) => order(x, y))
      .map(([grader, tally]) => ({ grader, ...rowOf(tally) })),
  };
}
