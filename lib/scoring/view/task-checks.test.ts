import { describe, expect, it } from "vitest";
import type { ScoringRun } from "../core/types";
import { commonTaskChecks } from "./task-checks";

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
