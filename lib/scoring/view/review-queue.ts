import { isGraded } from "../core/rollout";
import type { ScoringRun } from "../core/types";
import type { Lever } from "../report/report-types";
import { standingReviews } from "../reviews/consensus";
import type { GraderKind, Review } from "../reviews/review-types";

/** One recorded verdict to review: a graded check of one rollout. */
export interface QueueItem {
  task: string;
  rollout: string;
  /** The check's key and label. */
  check: string;
  label: string;
  grader: GraderKind;
  /** The recorded verdict. */
  recorded: boolean;
  /**
   * How far the headline moves (a fraction, signed) when this check is counted the other way in every rollout
   * of its task: the task's lever (Fragile verdicts); 0 when flipping it moves nothing.
   */
  lever: number;
}

/** Model-judged verdicts first: they are the ones people most often disagree with. */
const GRADER_ORDER: Record<GraderKind, number> = { model: 0, human: 1, unknown: 2, code: 3 };

/**
 * Every graded verdict of a run in the order a reviewer should take them: model-judged first, then by how far
 * flipping it moves the headline (`levers`: levers.ts for every task and check, not only the top ten), then
 * failures before passes, then in the run's order.
 */
export function reviewQueue(
  run: ScoringRun,
  levers: readonly Lever[],
  graderOf: (task: string, check: string) => GraderKind,
): QueueItem[] {
  const lever = new Map(levers.map((l) => [JSON.stringify([l.task, l.check]), l.delta]));
  const items: QueueItem[] = [];
  for (const r of run.rollouts) {
    for (const c of r.checks) {
      if (!isGraded(c) || c.passed === null || c.key === "") continue;
      items.push({
        task: r.task,
        rollout: r.id,
        check: c.key,
        label: c.label,
        grader: graderOf(r.task, c.key),
        recorded: c.passed,
        lever: lever.get(JSON.stringify([r.task, c.key])) ?? 0,
      });
    }
  }
  const order = items.map((item, i) => ({ item, i }));
  order.sort(
    (x, y) =>
      GRADER_ORDER[x.item.grader] - GRADER_ORDER[y.item.grader] ||
      Math.abs(y.item.lever) - Math.abs(x.item.lever) ||
      Number(x.item.recorded) - Number(y.item.recorded) ||
      x.i - y.i,
  );
  return order.map((o) => o.item);
}

/** A verdict's key in the maps below. */
export const verdictKey = (rollout: string, check: string) => JSON.stringify([rollout, check]);

/** Each reviewer's standing review per verdict (verdictKey), from every review of the run. */
export function standingByReviewer(reviews: readonly Review[]): Map<string, Map<string, Review>> {
  const byVerdict = new Map<string, Review[]>();
  for (const r of reviews) {
    const key = verdictKey(r.rollout, r.check);
    const list = byVerdict.get(key);
    if (list) list.push(r);
    else byVerdict.set(key, [r]);
  }
  const out = new Map<string, Map<string, Review>>();
  for (const [key, list] of byVerdict) {
    for (const r of standingReviews(list)) {
      let own = out.get(r.reviewer);
      if (!own) out.set(r.reviewer, (own = new Map<string, Review>()));
      own.set(key, r);
    }
  }
  return out;
}

/** How many of the queue's verdicts each reviewer has a standing review of, by name. */
export function reviewProgress(
  items: readonly QueueItem[],
  standing: ReadonlyMap<string, ReadonlyMap<string, Review>>,
): { reviewer: string; done: number }[] {
  const keys = items.map((i) => verdictKey(i.rollout, i.check));
  return [...standing.entries()]
    .map(([reviewer, own]) => ({ reviewer, done: keys.filter((k) => own.has(k)).length }))
    .sort((a, b) => (a.reviewer < b.reviewer ? -1 : a.reviewer > b.reviewer ? 1 : 0));
}
