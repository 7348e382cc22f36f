import { describe, expect, it } from "vitest";
import { computeReport } from "../report/report";
import type { ScoringRollout, ScoringRun } from "../core/types";
import { describeScenario } from "./describe-scenario";
import { parseScenario } from "./scenario";
import { normaliseScenario, setRegraded } from "./scenario-edit";
import { withRegradedRewards } from "./regraded";

const rollout = (id: string, reward: number | null): ScoringRollout => ({
  id,
  task: id.split("#")[0]!,
  status: reward === null ? "unscored" : "scored",
  rule: "reward",
  reportedPassed: null,
  reportedReward: reward,
  penalties: 0,
  gate: null,
  checks: [],
});

// A BenchFlow-like job: t1 passed and was regraded to a fail; t3 is unscored, its regrade gave a reward.
const run: ScoringRun = {
  name: "job",
  format: "benchflow",
  passThreshold: 1,
  tasks: ["t1", "t2", "t3"].map((key) => ({ key, taskId: key, name: null, group: null, weight: 1 })),
  rollouts: [rollout("t1#1", 1), rollout("t2#1", 1), rollout("t3#1", null)],
  regrades: [
    { rollout: "t1#1", originalReward: 1, newReward: 0, change: "pass->fail" },
    { rollout: "t3#1", originalReward: null, newReward: 1, change: "fail->pass" },
  ],
};

describe("regraded rewards as a what-if", () => {
  it("scores a scored rollout with its regraded reward; an unscored one stays unscored", () => {
    const { run: regraded, applied } = withRegradedRewards(run);
    expect(applied).toBe(1);
    expect(regraded.rollouts.map((r) => r.reportedReward)).toEqual([0, 1, null]);
    expect(regraded.rollouts[1]).toBe(run.rollouts[1]);
    expect(withRegradedRewards({ ...run, regrades: [] })).toMatchObject({ applied: 0 });
    expect(withRegradedRewards({ ...run, regrades: [] }).run.rollouts).toBe(run.rollouts);
  });

  it("changes the report's verdicts, pass rate and mean reward, and says so", () => {
    const recorded = computeReport(run);
    const whatIf = computeReport(run, { regraded: true });
    expect(recorded.passRate.value).toBe(1);
    expect(whatIf.passRate.value).toBe(0.5);
    expect(recorded.meanReward.value).toBe(1);
    expect(whatIf.meanReward.value).toBe(0.5);
    expect(whatIf.rollouts.find((r) => r.id === "t1#1")).toMatchObject({ reward: 0, passed: false });
    expect(whatIf.counts.unscored).toBe(1);
    expect(whatIf.scenarioDescription).toContain(
      "BenchFlow regrades applied: regraded rewards in place of the recorded ones",
    );
  });

  it("warns when the run has no regrade to apply", () => {
    const plain = computeReport({ ...run, regrades: undefined }, { regraded: true });
    expect(plain.passRate.value).toBe(1);
    expect(plain.warnings).toContain(
      "Scenario: regraded rewards asked for, but this run has no regrade that changes a reward",
    );
  });

  it("is a scenario field: true or absent, false dropped when normalised", () => {
    expect(parseScenario({ regraded: true })).toEqual({ success: true, data: { regraded: true } });
    expect(parseScenario({ regraded: "yes" }).success).toBe(false);
    expect(normaliseScenario({ regraded: false })).toEqual({});
    expect(setRegraded({}, true)).toEqual({ regraded: true });
    expect(setRegraded({ regraded: true, unscored: "fail" }, false)).toEqual({ unscored: "fail" });
    expect(describeScenario({ regraded: true })).toEqual([
      "BenchFlow regrades applied: regraded rewards in place of the recorded ones",
    ]);
  });
});
