import { describe, expect, it } from "vitest";
import { mdeText, neededText, taskTestsText } from "./power-words";

const power = { mde: 0.335289, tasks: 116, rolloutsPerTask: 283, alpha: 0.05, power: 0.8, rollouts: 4, within: 0.14 };

describe("what a comparison can see, in words", () => {
  it("states the MDE with its power, α and SE", () => {
    expect(mdeText("completion", power, 0.11968)).toBe(
      "Can detect 33.5 pp or more: the minimum detectable effect at 80% power, α = 0.05 (2.80 × the paired SE 12.0 pp)",
    );
    expect(mdeText("completion", { ...power, mde: null }, null)).toBeNull();
  });

  it("asks for tasks or rollouts only when the verdict is unclear", () => {
    const estimate = { delta: 0.0625, tasks: 4 };
    expect(neededText("completion", power, estimate, "unclear")).toBe(
      "To see +6.3 pp: 116 tasks at today's 4 rollouts per task, or 283 rollouts per task on today's 4 tasks",
    );
    expect(neededText("completion", power, estimate, "better")).toBeNull();
    expect(neededText("reward", { ...power, tasks: 1200, rolloutsPerTask: null }, estimate, "unclear")).toBe(
      "To see +0.063: 1,200 tasks at today's 4 rollouts per task; more rollouts per task cannot get there (the tasks themselves differ by more)",
    );
  });

  it("counts the corrected calls with the uncorrected beside them", () => {
    const s = { q: 0.05, tested: 5, regressed: 1, improved: 0, uncorrected: { regressed: 2, improved: 0 } };
    expect(taskTestsText(s)).toBe(
      "1 task regressed and 0 improved by its own test (Fisher exact on its passes), after Benjamini–Hochberg at q = 0.05 over 5 tested tasks; 2 and 0 with p ≤ 0.05 before correction.",
    );
  });
});
