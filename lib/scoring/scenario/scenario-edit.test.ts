import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { computeReport } from "../report/report";
import { parseScenarioParam, ZScenario, type Scenario } from "./scenario";
import {
  flipRefFor,
  flipVerdict,
  hasExactFlip,
  isEmptyScenario,
  normaliseScenario,
  requiredSetting,
  resetScenario,
  scenarioParam,
  setBudgetLimit,
  setComponentWeight,
  setFlip,
  setGroupWeight,
  setMetric,
  setPassThreshold,
  setRequired,
  setScheme,
  setTaskWeight,
  setUnscored,
  toggleFlip,
} from "./scenario-edit";

const C3 = { task: "incident/checkout", check: "C3" };

describe("normaliseScenario", () => {
  it("drops empty fields and defaults, keeps the documented field order", () => {
    const s: Scenario = {
      componentWeights: {},
      unscored: "exclude",
      flips: [],
      required: [],
      groupWeights: { a: 1 },
      weights: {},
      headline: { scheme: "task" },
    };
    expect(normaliseScenario(s)).toEqual({});
    expect(isEmptyScenario(s)).toBe(true);
    const full: Scenario = {
      unscored: "fail",
      passThreshold: 0.5,
      headline: { scheme: "check", metric: "completion" },
      flips: [{ task: "t", check: "c", passed: true }],
      weights: { t: 2 },
    };
    expect(Object.keys(normaliseScenario(full))).toEqual(["headline", "weights", "flips", "unscored", "passThreshold"]);
  });

  it("keeps only the last of exact duplicate entries", () => {
    const s: Scenario = {
      flips: [
        { task: "t", check: "c", passed: true },
        { task: "t", check: "c", rollout: "r", passed: true },
        { task: "t", check: "c", passed: false },
      ],
    };
    expect(normaliseScenario(s).flips).toEqual([
      { task: "t", check: "c", rollout: "r", passed: true },
      { task: "t", check: "c", passed: false },
    ]);
  });

  it("never mutates its input", () => {
    const s: Scenario = { headline: { scheme: "task" }, weights: { a: 2 } };
    const copy = structuredClone(s);
    normaliseScenario(s);
    setTaskWeight(s, "a", null, 1);
    expect(s).toEqual(copy);
  });
});

describe("scenarioParam", () => {
  it("is null for the run as recorded and compact JSON otherwise, which parses back", () => {
    expect(scenarioParam({})).toBeNull();
    expect(scenarioParam({ unscored: "exclude" })).toBeNull();
    const s = toggleFlip(setScheme({}, "check"), C3, false);
    const text = scenarioParam(s);
    expect(text).toBe(
      '{"headline":{"scheme":"check"},"flips":[{"task":"incident/checkout","check":"C3","passed":true}]}',
    );
    const parsed = parseScenarioParam(text);
    expect(parsed).toEqual({ success: true, data: s });
  });
});

describe("flips", () => {
  it("toggling a failed check counts it as passed; toggling again removes the flip", () => {
    const once = toggleFlip({}, C3, false);
    expect(once).toEqual({ flips: [{ task: "incident/checkout", check: "C3", passed: true }] });
    expect(flipVerdict(once, C3)).toBe(true);
    expect(hasExactFlip(once, C3)).toBe(true);
    expect(toggleFlip(once, C3, false)).toEqual({});
  });

  it("reproduces the golden figures: flip checkout C3 → 0.8333; each check one vote alone → 0.6667, with the flip 7/9", () => {
    const flipped = toggleFlip({}, C3, false);
    expect(computeReport(scoringArticle, flipped).headline.value).toBeCloseTo(0.8333, 4);
    expect(computeReport(scoringArticle, setScheme({}, "check")).headline.value).toBeCloseTo(0.6667, 4);
    expect(computeReport(scoringArticle, setScheme(flipped, "check")).headline.value).toBeCloseTo(7 / 9, 10);
    expect(computeReport(scoringArticle, resetScenario()).headline.value).toBeCloseTo(0.7222, 4);
  });

  it("a not-graded check toggles to passed, then failed, and setFlip(null) undoes it", () => {
    const ref = { task: "data/csv-conversion", check: "G1" };
    const a = toggleFlip({}, ref, null);
    expect(flipVerdict(a, ref)).toBe(true);
    const b = toggleFlip(a, ref, null);
    expect(b.flips).toEqual([{ task: "data/csv-conversion", check: "G1", passed: false }]);
    expect(setFlip(b, ref, null, null)).toEqual({});
  });

  it("a rollout flip under a task-wide flip is written against the task-wide verdict", () => {
    const all = setFlip({}, { task: "t", check: "c" }, true, false);
    const one = { task: "t", rollout: "r1", check: "c" };
    expect(flipVerdict(all, one)).toBe(true);
    // Back to failed in r1 only: a real entry, because without it r1 would read passed.
    const back = toggleFlip(all, one, false);
    expect(back.flips).toEqual([
      { task: "t", check: "c", passed: true },
      { task: "t", check: "c", rollout: "r1", passed: false },
    ]);
    // Counting r1 as passed again equals the task-wide verdict: the rollout entry goes.
    expect(setFlip(back, one, true, false)).toEqual(all);
  });

  it("a check of a task's only rollout is referenced without the rollout", () => {
    expect(flipRefFor("incident/checkout", "checkout", "C3", 1)).toEqual({ task: "incident/checkout", check: "C3" });
    expect(flipRefFor("t", "r2", "c", 5)).toEqual({ task: "t", rollout: "r2", check: "c" });
  });

  it("setting the recorded verdict writes nothing", () => {
    expect(setFlip({}, C3, false, false)).toEqual({});
  });
});

describe("weights and scheme", () => {
  it("a task weight switches to the custom scheme; the declared weight removes it, the scheme stays", () => {
    const s = setTaskWeight({}, "incident/checkout", 2, 1);
    expect(s).toEqual({ headline: { scheme: "custom" }, weights: { "incident/checkout": 2 } });
    expect(computeReport(scoringArticle, s).metrics.correctness?.value).toBeCloseTo(0.7083, 4);
    expect(setTaskWeight(s, "incident/checkout", 1, 1)).toEqual({ headline: { scheme: "custom" } });
    expect(setTaskWeight({}, "x", 1, 1)).toEqual({});
  });

  it("a group weight switches to the group scheme; 1 removes it", () => {
    const s = setGroupWeight({}, "incident", 3);
    expect(s).toEqual({ headline: { scheme: "group" }, groupWeights: { incident: 3 } });
    expect(setGroupWeight(s, "incident", 1)).toEqual({ headline: { scheme: "group" } });
  });

  it("the default scheme and the recorded metric are not written", () => {
    expect(setScheme({ headline: { scheme: "check" } }, "task")).toEqual({});
    expect(setMetric({}, "completion", "correctness")).toEqual({ headline: { metric: "completion" } });
    expect(setMetric({ headline: { metric: "completion", scheme: "group" } }, "correctness", "correctness")).toEqual({
      headline: { scheme: "group" },
    });
  });
});

describe("required, policy, threshold, components", () => {
  it("required per task and everywhere, with no-ops dropped", () => {
    const ref = { check: "C3", task: "incident/checkout" };
    const s = setRequired({}, ref, false, true);
    expect(s).toEqual({ required: [{ check: "C3", task: "incident/checkout", required: false }] });
    expect(requiredSetting(s, ref)).toBe(false);
    expect(setRequired(s, ref, true, true)).toEqual({});
    const everywhere = setRequired({}, { check: "G1" }, true, null);
    expect(everywhere).toEqual({ required: [{ check: "G1", required: true }] });
    expect(requiredSetting(everywhere, { check: "G1", task: "any" })).toBe(true);
    expect(setRequired(everywhere, { check: "G1" }, null, null)).toEqual({});
  });

  it("making checkout C3 optional completes checkout", () => {
    const s = setRequired({}, { check: "C3", task: "incident/checkout" }, false, true);
    expect(computeReport(scoringArticle, s).metrics.completion?.value).toBeCloseTo(2 / 3, 10);
  });

  it("unscored policy, pass threshold and component weights drop their defaults", () => {
    expect(setUnscored({}, "fail")).toEqual({ unscored: "fail" });
    expect(setUnscored({ unscored: "fail" }, "exclude")).toEqual({});
    expect(setPassThreshold({}, 0.5, 1)).toEqual({ passThreshold: 0.5 });
    expect(setPassThreshold({ passThreshold: 0.5 }, 1, 1)).toEqual({});
    expect(setComponentWeight({}, "defect_matching", 0.5, 0.4)).toEqual({ componentWeights: { defect_matching: 0.5 } });
    expect(setComponentWeight({ componentWeights: { defect_matching: 0.5 } }, "defect_matching", 0.4, 0.4)).toEqual({});
  });

  it("budget limits: set, cleared one by one, and the budget dropped once it has none", () => {
    let s = setBudgetLimit({}, "toolCalls", 40);
    expect(s).toEqual({ budget: { toolCalls: 40 } });
    s = setBudgetLimit(s, "costUsd", 0);
    expect(s).toEqual({ budget: { costUsd: 0, toolCalls: 40 } });
    expect(scenarioParam(s)).toBe('{"budget":{"costUsd":0,"toolCalls":40}}');
    s = setBudgetLimit(s, "toolCalls", null);
    expect(s).toEqual({ budget: { costUsd: 0 } });
    expect(setBudgetLimit(s, "costUsd", null)).toEqual({});
    expect(normaliseScenario({ budget: {} })).toEqual({});
  });

  it("every edit yields a valid scenario", () => {
    let s: Scenario = {};
    s = setScheme(s, "group");
    s = setMetric(s, "authority", "correctness");
    s = setTaskWeight(s, "a", 0, 1);
    s = setGroupWeight(s, "g", 2);
    s = toggleFlip(s, { task: "a", rollout: "r", check: "c" }, false);
    s = setRequired(s, { check: "c" }, false, true);
    s = setUnscored(s, "fail");
    s = setPassThreshold(s, 0.8, 1);
    s = setComponentWeight(s, "k", 0.3, 0.5);
    s = setBudgetLimit(s, "costUsd", 0.25);
    expect(ZScenario.safeParse(s).success).toBe(true);
  });
});
