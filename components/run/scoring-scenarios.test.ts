import { describe, expect, it } from "vitest";
import { scenarioParam } from "@/lib/scoring/scenario/scenario-edit";
import { scoringScenarios } from "./scoring-scenarios";

describe("scoringScenarios", () => {
  const flip = { task: "t1", check: "C1", passed: false };
  const text = scenarioParam({ headline: { metric: "completion" } })!;

  it("keys a text that carries a scenario by the text, and none or a bad one as recorded", () => {
    const { keyOf, keyOfView } = scoringScenarios(null);
    expect(keyOf(text)).toBe(text);
    expect(keyOf(null)).toBe("");
    expect(keyOf("")).toBe("");
    expect(keyOf("{not json")).toBe("");
    expect(keyOfView({ headline: { metric: "completion" } })).toBe(text);
    expect(keyOfView({})).toBe("");
  });

  it("gives the same scenario object for a text asked again, the run's reviews added as flips when applied", () => {
    const { scenarioOf } = scoringScenarios({ flips: [flip], reviewed: 1, undecided: 0 });
    const applied = scenarioParam({ reviews: "apply", headline: { metric: "completion" } })!;
    const first = scenarioOf(applied);
    expect(first).toEqual({ reviews: "apply", headline: { metric: "completion" }, flips: [flip] });
    expect(scenarioOf(text)).toEqual({ headline: { metric: "completion" } });
    expect(scenarioOf(applied)).toBe(first);
  });

  it("keeps a few texts: the URL's, and the ones written ahead of its render", () => {
    const { scenarioOf } = scoringScenarios(null);
    const first = scenarioOf(text);
    for (const metric of ["correctness", "reward"]) scenarioOf(scenarioParam({ headline: { metric } })!);
    expect(scenarioOf(text)).toBe(first);
    for (const metric of ["a", "b", "c", "d"]) scenarioOf(scenarioParam({ headline: { metric } })!);
    expect(scenarioOf(text)).not.toBe(first);
    expect(scenarioOf(text)).toEqual(first);
  });
});
