import { describe, expect, it } from "vitest";
import type { ScoringRun } from "../core/types";
import { commonTaskChecks, taskCheckSets } from "./task-checks";

const run = (rows: [string, string[]][]) =>
  ({ rollouts: rows.map(([task, keys]) => ({ task, checks: keys.map((key) => ({ key })) })) }) as unknown as Pick<
    ScoringRun,
    "rollouts"
  >;

describe("commonTaskChecks", () => {
  it("lists the tasks of every run with the check keys of any run, tasks without checks left out", () => {
    const a = run([
      ["t/b", ["C2", "C1"]],
      ["t/a", ["C1"]],
      ["t/only-a", ["C1"]],
      ["t/none", []],
    ]);
    const b = run([
      ["t/a", ["C3"]],
      ["t/b", ["C1"]],
      ["t/none", []],
    ]);
    expect(commonTaskChecks([a, b])).toEqual([
      { task: "t/a", checks: ["C1", "C3"] },
      { task: "t/b", checks: ["C1", "C2"] },
    ]);
    expect(commonTaskChecks([])).toEqual([]);
  });
});

describe("taskCheckSets", () => {
  it("keeps each distinct list of checks once, tasks pointing at theirs in order", () => {
    const sets = taskCheckSets([
      { task: "t1", checks: ["C1", "C2"] },
      { task: "t2", checks: ["C1"] },
      { task: "t3", checks: ["C1", "C2"] },
      { task: "t4", checks: [] },
    ]);
    expect(sets).toEqual({
      lists: [["C1", "C2"], ["C1"], []],
      tasks: [
        ["t1", 0],
        ["t2", 1],
        ["t3", 0],
        ["t4", 2],
      ],
    });
  });
});
