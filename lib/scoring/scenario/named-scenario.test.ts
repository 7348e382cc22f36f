import { describe, expect, it } from "vitest";
import { savedScenarioFor, scenarioKey, summariseSaved, ZNewScenario } from "./named-scenario";

describe("named scenarios", () => {
  const summary = (name: string, scenario: Parameters<typeof summariseSaved>[0]["scenario"]) =>
    summariseSaved({ name, description: "", scenario, declared: false });
  const saved = [
    summary("team", { weights: { a: 2, b: 1 }, headline: { scheme: "custom" } }),
    summary("strict", { unscored: "fail" }),
  ];

  it("recognises a saved scenario by its meaning: key order and defaults do not matter", () => {
    const same = { headline: { scheme: "custom" as const }, weights: { b: 1, a: 2 }, unscored: "exclude" as const };
    expect(savedScenarioFor(same, saved)?.name).toBe("team");
    expect(savedScenarioFor({ unscored: "fail" }, saved)?.name).toBe("strict");
    expect(savedScenarioFor({ weights: { a: 3, b: 1 }, headline: { scheme: "custom" } }, saved)).toBeNull();
    expect(savedScenarioFor({}, [...saved, summary("empty", {})])).toBeNull();
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

  it("summarises a saved scenario without its body: a page recognises it by a fingerprint of its meaning", () => {
    const body = { weights: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`task-${i}`, 2])) };
    const summary = summariseSaved({ name: "big", description: "every task doubled", scenario: body, declared: true });
    expect(summary).toEqual({
      name: "big",
      description: "every task doubled",
      declared: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{14}$/),
    });
    expect(JSON.stringify(summary).length).toBeLessThan(120);
    const reordered = { weights: Object.fromEntries(Object.entries(body.weights).reverse()) };
    expect(savedScenarioFor(reordered, [summary])?.name).toBe("big");
  });

  it("holds a saved scenario to 64 KiB of JSON and 5,000 entries per list, naming the field", () => {
    const flips = Array.from({ length: 5001 }, () => ({ task: "t", check: "c", passed: true }));
    const parsed = ZNewScenario.safeParse({ name: "n", scenario: { flips } });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["scenario.flips", "a saved scenario has at most 5000 flips entries (this one: 5001)"],
      ["scenario", "a saved scenario is at most 65536 bytes of JSON (this one: 195050)"],
    ]);
    expect(ZNewScenario.safeParse({ name: "n", scenario: { flips: flips.slice(0, 1000) } }).success).toBe(true);
  });
});
