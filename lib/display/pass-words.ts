import type { PassRule } from "@/lib/scoring/view/pass-rule";
import { num, plural } from "./format";

/** What "passed" meant for a run's rollouts, after "4 of 14 rollouts": the pass rate card's sentence. */
export function passedWords(rule: PassRule): string {
  switch (rule.decidedBy) {
    case "checks":
      return "passed every required check";
    case "reward":
      return `reached the pass threshold (reward ≥ ${num(rule.threshold)})`;
    case "grade":
      return "passed their grade";
    case "mixed":
      return "passed, each by its own rule (required checks, reward or grade)";
  }
}

/** The what-if's pass threshold help: how many verdicts the threshold decides, and the recorded threshold. */
export function thresholdWords(byReward: number, recorded: number): string {
  return `The verdict of ${plural(byReward, "rollout")} comes from a reward: ${byReward === 1 ? "it passes" : "they pass"} at a reward of at least the threshold. Recorded: ${num(recorded)}.`;
}
