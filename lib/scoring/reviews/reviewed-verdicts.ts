import { isGraded } from "../core/rollout";
import type { ScoringRun } from "../core/types";
import type { TaskReview } from "./apply-reviews";
import type { ReviewedVerdict } from "./reviews-report";
import type { GraderKind } from "./review-types";

/**
 * The run's reviewed verdicts, each with its recorded verdict (the rollout's first check of that key; null when
 * it was not graded) and every review of it, in the order first reviewed. Reviews of a rollout or check the
 * run does not have are left out.
 */
export function reviewedVerdicts(
  run: ScoringRun,
  reviews: readonly TaskReview[],
  graderOf: (task: string, check: string) => GraderKind,
): ReviewedVerdict[] {
  const rollouts = new Map(run.rollouts.map((r) => [r.id, r]));
  const out = new Map<string, ReviewedVerdict & { reviews: TaskReview[] }>();
  for (const review of reviews) {
    const key = JSON.stringify([review.rollout, review.check]);
    const held = out.get(key);
    if (held) {
      held.reviews.push(review);
      continue;
    }
    const rollout = rollouts.get(review.rollout);
    const check = rollout?.checks.find((c) => c.key === review.check);
    if (!rollout || !check) continue;
    out.set(key, {
      task: rollout.task,
      rollout: rollout.id,
      check: check.key,
      grader: graderOf(rollout.task, check.key),
      recorded: isGraded(check) ? check.passed : null,
      reviews: [review],
    });
  }
  return [...out.values()];
}
