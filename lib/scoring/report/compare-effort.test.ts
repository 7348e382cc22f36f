import { describe, expect, it } from "vitest";
import { check, rollout, task } from "../__fixtures__/build";
import type { ScoringRun } from "../core/types";
import { compareRuns } from "./compare";
import { passCostSentence } from "./compare-effort";

/** Two tasks, two rollouts each; `cost[i]` and `calls[i]` per rollout in order t1a, t1b, t2a, t2b. */
function run(name: string, passed: boolean[], cost: (number | null)[], calls: number[]): ScoringRun {
  const ids = ["t1a", "t1b", "t2a", "t2b"];
  return {
    name,
    format: "silo",
    passThreshold: 1,
    tasks: [task("t1"), task("t2")],
    rollouts: ids.map((id, i) =>
      rollout(id, i < 2 ? "t1" : "t2", [check("C1", passed[i]!)], {
        measures: { toolCalls: calls[i]!, ...(cost[i] === null ? {} : { costUsd: cost[i]! }) },
      }),
    ),
  };
}

describe("compareEffort", () => {
  // A: t1 passes 1 of 2, t2 0 of 2; B: t1 2 of 2, t2 1 of 2.
  const a = run("A", [true, false, false, false], [1, 1, 1, 1], [2, 4, 6, 8]);
  const b = run("B", [true, true, true, false], [2, 2, 1, null], [4, 4, 10, 10]);
  const { effort } = compareRuns(a, b);

  it("pairs each measure per task (mean over the rollouts that record it), B − A", () => {
    const calls = effort.measures.find((m) => m.measure === "toolCalls");
    // A: t1 (2+4)/2 = 3, t2 (6+8)/2 = 7 → 5; B: t1 4, t2 10 → 7; per task +1 and +3 → +2.
    expect(calls).toMatchObject({ a: 5, b: 7, delta: 2, tasks: 2 });
    // Paired SE of the differences 1 and 3: sd √2 / √2 = 1.
    expect(calls?.se).toBeCloseTo(1, 10);
    const cost = effort.measures.find((m) => m.measure === "costUsd");
    // B's t2 records one cost of 1: t1 1 → 2, t2 1 → 1.
    expect(cost).toMatchObject({ a: 1, b: 1.5, delta: 0.5, tasks: 2 });
    expect(effort.measures.map((m) => m.measure)).not.toContain("tokens");
  });

  it("says how many more tasks B passes and at what cost per pass", () => {
    // Task passes at ≥ 50%: A passes t1; B passes t1 and t2 → one more task. Cost per pass: A 4/1, B 5/3.
    expect(effort.passCost.morePasses).toBe(1);
    expect(effort.passCost.costPerPassA).toBe(4);
    expect(effort.passCost.costPerPassB).toBeCloseTo(5 / 3, 10);
    expect(passCostSentence(effort.passCost)).toBe("B passes 1 more task at 58% less cost per pass");
  });

  it("each figure carries what it rests on: cost per pass over the passes among the rollouts recording a cost", () => {
    expect(effort.passCost.coverageA).toEqual({ recorded: 4, rollouts: 4, passes: 1 });
    expect(effort.passCost.coverageB).toEqual({ recorded: 3, rollouts: 4, passes: 3 });
    // C records a cost for t1a (failed) and t2b (passed) only: $3 over its one recording pass, not its 3 passes.
    const c = run("C", [false, true, true, true], [1, null, null, 2], [1, 1, 1, 1]);
    const { passCost } = compareRuns(a, c).effort;
    expect(passCost).toMatchObject({ costPerPassB: 3, coverageB: { recorded: 2, rollouts: 4, passes: 1 } });
    expect(effort.measures.find((m) => m.measure === "costUsd")).toMatchObject({
      coverageA: { recorded: 4, rollouts: 4, passes: 1 },
      coverageB: { recorded: 3, rollouts: 4, passes: 3 },
    });
  });

  it("says nothing about cost when a run records none", () => {
    const bare = run("bare", [true, true, true, true], [null, null, null, null], [1, 1, 1, 1]);
    expect(passCostSentence(compareRuns(a, bare).effort.passCost)).toBeNull();
  });
});
