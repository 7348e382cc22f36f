import { describe, expect, it } from "vitest";
import { savedScenarioFor, scenarioKey, ZNewScenario } from "./named-scenario";

describe("named scenarios", () => {
  const saved = [
    { name: "team", scenario: { weights: { a: 2, b: 1 }, headline: { scheme: "custom" as const } } },
    { name: "strict", scenario: { unscored: "fail" as const } },
  ];

  it("recognises a saved scenario by its meaning: key order and defaults do not matter", () => {
    const same = { headline: { scheme: "custom" as const }, weights: { b: 1, a: 2 }, unscored: "exclude" as const };
    expect(savedScenarioFor(same, saved)?.name).toBe("team");
    expect(savedScenarioFor({ unscored: "fail" }, saved)?.name).toBe("strict");
    expect(savedScenarioFor({ weights: { a: 3, b: 1 }, headline: { scheme: "custom" } }, saved)).toBeNull();
    expect(savedScenarioFor({}, [...saved, { name: "empty", scenario: {} }])).toBeNull();
    expect(scenarioKey({ headline: { scheme: "task" } })).toBe("{}");
  });

  it("validates a new scenario's name, description and scenario with field paths", () => {
    expect(ZNewScenario.parse({ name: " prod ", scenario: {} })).toEqual({
      name: "prod",
      description: "",
      scenario: {},
    });
    const bad = ZNewScenario.safeParse({ name: "a\u0007b", scenario: { unscored: "maybe" } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["name", "scenario.unscored"]);
  });
});
