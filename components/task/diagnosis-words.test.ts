import { describe, expect, it } from "vitest";
import { diagnosisWords } from "./diagnosis-words";

const five = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
const base = { passes: 0, meanReward: 0.6, capability: null, passAtK: five } as const;

describe("diagnosisWords", () => {
  it("says what each diagnosis means", () => {
    expect(diagnosisWords({ ...base, diagnosis: "solid", passes: 5 })).toMatchObject({
      title: "solid",
      detail: "passes every time",
    });
    expect(diagnosisWords({ ...base, diagnosis: "unreliable", passes: 3 })).toMatchObject({
      title: "unreliable",
      detail: "passes 3 of 5: reliability work",
    });
    expect(diagnosisWords({ ...base, diagnosis: "never-passes", capability: "near-miss" })).toMatchObject({
      title: "never passes",
      detail: "capability work (near miss, mean reward 0.60)",
    });
    expect(diagnosisWords({ ...base, diagnosis: "never-passes", capability: "far-off", meanReward: 0.2 }).detail).toBe(
      "capability work (far off, mean reward 0.20)",
    );
    expect(diagnosisWords({ ...base, diagnosis: "solid", passes: 1, passAtK: { "1": 1 } }).detail).toBe(
      "passes its only rollout",
    );
    expect(diagnosisWords({ ...base, diagnosis: "unscored", passAtK: {} }).tone).toBe("muted");
  });
});
