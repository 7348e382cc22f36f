import { describe, expect, it } from "vitest";
import { siloRuns } from "../__fixtures__/silo-runs";
import { measureRow } from "../report/effort";
import { computeReport } from "../report/report";
import { rolloutStrips } from "./rollout-strips";

describe("rolloutStrips", () => {
  it("groups rollouts by task in run order", () => {
    const strips = rolloutStrips(computeReport(siloRuns).rollouts);
    const t7 = strips["finance/TASK-007"]!;
    expect(t7).toHaveLength(5);
    expect(t7.filter((p) => p.passed)).toHaveLength(3);
    expect(t7.map((p) => p.reward).sort()).toEqual([0.2, 0.5, 1, 1, 1]);
    expect(strips["crm/TASK-004"]).toHaveLength(1);
  });

  it("is safe for a task named like an Object.prototype member", () => {
    const strips = rolloutStrips([
      {
        id: "1",
        task: "constructor",
        source: null,
        status: "unscored",
        passed: false,
        reward: null,
        failedRequired: [],
        warnings: [],
        checksChanged: false,
        metrics: {},
        measures: measureRow(undefined),
      },
    ]);
    expect(strips.constructor).toEqual([{ id: "1", reward: null, passed: false, status: "unscored" }]);
  });
});
