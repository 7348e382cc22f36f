import { describe, expect, it } from "vitest";
import { check, rollout } from "../__fixtures__/build";
import { siloRuns } from "../__fixtures__/silo-runs";
import { rolloutVerdict } from "./rollout";
import { summarizeTask } from "./task-summary";
import type { ScoringRollout } from "./types";

const verdicts = (rs: ScoringRollout[]) => rs.map((r) => rolloutVerdict(r, { passThreshold: 1 }));
const pass = (id: string, reward = 1) => rollout(id, "t", [check("a", true)], { reportedReward: reward });
const fail = (id: string, reward: number) => rollout(id, "t", [check("a", false)], { reportedReward: reward });
const unscored = (id: string) => rollout(id, "t", [], { status: "unscored" });

describe("summarizeTask", () => {
  it("golden: finance/TASK-007 (5 rollouts, 3 pass, a reliability problem)", () => {
    const s = summarizeTask(verdicts(siloRuns.rollouts.filter((r) => r.task === "finance/TASK-007")), "exclude");
    expect(s).toMatchObject({
      rollouts: 5,
      scored: 5,
      passes: 3,
      passRate: 0.6,
      best: 1,
      worst: 0.2,
      diagnosis: "unreliable",
      capability: null,
    });
    expect(s.meanReward).toBeCloseTo(0.74, 10);
    expect(s.spread).toBeCloseTo(0.8, 10);
    expect(s.passAtK["1"]).toBeCloseTo(0.6, 10);
    expect(s.passAtK["2"]).toBeCloseTo(0.9, 10);
    expect(s.passAtK["3"]).toBe(1);
    expect(s.passHatK["1"]).toBeCloseTo(0.6, 10);
    expect(s.passHatK["2"]).toBeCloseTo(0.3, 10);
    expect(s.passHatK["3"]).toBeCloseTo(0.1, 10);
    expect(Object.keys(s.passAtK)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("one rollout that passes is solid", () => {
    const s = summarizeTask(verdicts([pass("a")]), "exclude");
    expect(s).toMatchObject({
      rollouts: 1,
      scored: 1,
      passes: 1,
      passRate: 1,
      meanReward: 1,
      best: 1,
      worst: 1,
      spread: 0,
      diagnosis: "solid",
    });
    expect(s.passAtK).toEqual({ "1": 1 });
    expect(s.passHatK).toEqual({ "1": 1 });
  });

  it("never passes: near miss at mean reward ≥ 0.5, far off below", () => {
    expect(summarizeTask(verdicts([fail("a", 0.8), fail("b", 0.2)]), "exclude")).toMatchObject({
      diagnosis: "never-passes",
      capability: "near-miss",
      passAtK: { "1": 0, "2": 0 },
    });
    expect(summarizeTask(verdicts([fail("a", 0.5)]), "exclude").capability).toBe("near-miss");
    expect(summarizeTask(verdicts([fail("a", 0.4), fail("b", 0.2)]), "exclude").capability).toBe("far-off");
  });

  it("a task with nothing scored is unscored", () => {
    const s = summarizeTask(verdicts([unscored("u")]), "exclude");
    expect(s).toMatchObject({
      rollouts: 1,
      scored: 0,
      counted: 0,
      passRate: null,
      meanReward: null,
      best: null,
      spread: null,
      diagnosis: "unscored",
    });
    expect(summarizeTask([], "exclude").diagnosis).toBe("unscored");
  });

  it("exclude vs fail: unscored rollouts count as failed with reward 0 only under fail", () => {
    const vs = verdicts([pass("a"), fail("b", 0.5), unscored("c")]);
    const excluded = summarizeTask(vs, "exclude");
    expect(excluded).toMatchObject({
      rollouts: 3,
      scored: 2,
      counted: 2,
      passes: 1,
      passRate: 0.5,
      meanReward: 0.75,
      worst: 0.5,
    });
    expect(excluded.passAtK).toEqual({ "1": 0.5, "2": 1 });
    const failed = summarizeTask(vs, "fail");
    expect(failed).toMatchObject({ rollouts: 3, scored: 2, counted: 3, passes: 1, worst: 0, best: 1, spread: 1 });
    expect(failed.passRate).toBeCloseTo(1 / 3, 12);
    expect(failed.meanReward).toBeCloseTo(0.5, 12);
    expect(failed.passAtK["2"]).toBeCloseTo(2 / 3, 12);
    expect(failed.passHatK).toEqual({ "1": expect.closeTo(1 / 3, 12), "2": 0, "3": 0 });
    expect(summarizeTask(verdicts([unscored("u")]), "fail")).toMatchObject({
      diagnosis: "never-passes",
      capability: "far-off",
      meanReward: 0,
    });
  });
});
