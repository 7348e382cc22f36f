import { describe, expect, it } from "vitest";
import { siloRuns } from "../__fixtures__/silo-runs";
import { computeReport } from "./report";

/** Golden figures, hand-derived in docs/scoring.md (tolerance 1e-4). */
const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);

describe("silo-runs", () => {
  const r = computeReport(siloRuns);
  const byKey = new Map(r.tasks.map((t) => [t.key, t]));

  it("crm/TASK-002 fails with reward 0.60 and two failed required labels", () => {
    expect(byKey.get("crm/TASK-002")).toMatchObject({
      rollouts: 1,
      passes: 0,
      meanReward: 0.6,
      diagnosis: "never-passes",
      capability: "near-miss",
    });
    expect(r.rollouts[0]?.failedRequired).toEqual([
      "Every open deal of the departed rep moved to the new owner",
      "The departed rep owns no open deals",
    ]);
  });

  it("crm/TASK-004 passes 1 of 1", () => {
    expect(byKey.get("crm/TASK-004")).toMatchObject({ rollouts: 1, passes: 1, meanReward: 1, diagnosis: "solid" });
  });

  it("counts the tasks by diagnosis: TASK-002 and TASK-009 never pass, TASK-004 is solid, TASK-007 unreliable", () => {
    expect(r.diagnosis).toEqual({ solid: 1, unreliable: 1, "never-passes": 2, unscored: 0 });
  });

  it("finance/TASK-007: 3 of 5, mean 0.74, best 1, worst 0.2, unreliable, pass@k and pass^k", () => {
    const t = byKey.get("finance/TASK-007");
    expect(t).toMatchObject({
      rollouts: 5,
      scored: 5,
      passes: 3,
      best: 1,
      worst: 0.2,
      diagnosis: "unreliable",
      capability: null,
    });
    near(t?.meanReward, 0.74);
    near(t?.passRate, 0.6);
    near(t?.spread, 0.8);
    near(t?.passAtK["1"], 0.6);
    near(t?.passAtK["2"], 0.9);
    near(t?.passAtK["3"], 1);
    near(t?.passHatK["1"], 0.6);
    near(t?.passHatK["2"], 0.3);
    near(t?.passHatK["3"], 0.1);
    near(t?.metrics.completion, 0.6);
    near(t?.metrics.reward, 0.74);
  });

  it("finance/TASK-009 is scored with reward 0 and far off", () => {
    expect(byKey.get("finance/TASK-009")).toMatchObject({
      scored: 1,
      passes: 0,
      meanReward: 0,
      diagnosis: "never-passes",
      capability: "far-off",
    });
  });

  it("pools pass rate and mean reward over the 8 scored rollouts", () => {
    expect(r.counts).toEqual({ tasks: 4, rollouts: 8, scored: 8, unscored: 0 });
    near(r.passRate.value, 4 / 8);
    // Clustered by task: (x, w) = (0, 1), (1, 1), (0.6, 5), (0, 1); w(x − 0.5) = −0.5, 0.5, 0.5, −0.5, so
    // SE = sqrt(4/3 · 1) / 8 and the interval is 0.5 ± t(0.975, 3) · SE = 0.5 ± 3.182446 · 0.144338.
    near(r.passRate.se, Math.sqrt(4 / 3) / 8);
    expect(r.passRate.ci95?.[0]).toBeCloseTo(0.5 - 3.182446 * 0.1443376, 5);
    expect(r.passRate.ci95?.[1]).toBeCloseTo(0.5 + 3.182446 * 0.1443376, 5);
    near(r.meanReward.value, (0.6 + 1 + 1 + 1 + 1 + 0.5 + 0.2 + 0) / 8);
    // Task vote: (0 + 1 + 0.6 + 0) / 4
    near(r.metrics.completion?.value, 0.4);
    // Group vote: crm (0 + 1)/2, finance (0.6 + 0)/2
    near(r.metrics.completion?.schemes.group, (0.5 + 0.3) / 2);
  });
});
