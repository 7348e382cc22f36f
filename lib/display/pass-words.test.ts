import { describe, expect, it } from "vitest";
import { passRule } from "@/lib/scoring/view/pass-rule";
import { passedWords, thresholdWords } from "./pass-words";

const rollout = (rule: "checks" | "reward" | "grade", status: "scored" | "unscored" = "scored") => ({
  rule,
  status,
});
const run = (...rollouts: ReturnType<typeof rollout>[]) => ({ rollouts, passThreshold: 1 }) as never;

describe("passRule and passedWords", () => {
  it("names required checks only when the checks decide", () => {
    expect(passedWords(passRule(run(rollout("checks"), rollout("checks"))))).toBe("passed every required check");
  });

  it("names the reward and the threshold in force when rewards decide (Harbor, BenchFlow)", () => {
    const harbor = run(rollout("reward"), rollout("reward"), rollout("checks", "unscored"));
    expect(passRule(harbor)).toEqual({ decidedBy: "reward", threshold: 1, byReward: 2 });
    expect(passedWords(passRule(harbor))).toBe("reached the pass threshold (reward ≥ 1)");
    expect(passedWords(passRule(harbor, { passThreshold: 0.5 }))).toBe("reached the pass threshold (reward ≥ 0.5)");
  });

  it("says each rollout passed by its own rule when rules differ", () => {
    expect(passedWords(passRule(run(rollout("checks"), rollout("grade"))))).toBe(
      "passed, each by its own rule (required checks, reward or grade)",
    );
  });
});

describe("thresholdWords", () => {
  it("says the threshold decides verdicts, not that those rollouts pass", () => {
    expect(thresholdWords(19, 1)).toBe(
      "The verdict of 19 rollouts comes from a reward: they pass at a reward of at least the threshold. Recorded: 1.",
    );
    expect(thresholdWords(1, 0.5)).toBe(
      "The verdict of 1 rollout comes from a reward: it passes at a reward of at least the threshold. Recorded: 0.5.",
    );
  });
});
