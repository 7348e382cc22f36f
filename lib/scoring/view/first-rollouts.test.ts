import { describe, expect, it } from "vitest";
import { firstRolloutByTask } from "./first-rollouts";

describe("firstRolloutByTask", () => {
  it("gives each task's smallest rollout id, whatever order the run holds them in", () => {
    const rollouts = [
      { id: "t1-r2", task: "t1" },
      { id: "b", task: "t2" },
      { id: "t1-r10", task: "t1" },
      { id: "a", task: "t2" },
      { id: "t1-r3", task: "t1" },
    ];
    // Code-unit order: "t1-r10" < "t1-r2".
    expect(firstRolloutByTask({ rollouts })).toEqual({ t1: "t1-r10", t2: "a" });
    expect(firstRolloutByTask({ rollouts: [] })).toEqual({});
  });
});
