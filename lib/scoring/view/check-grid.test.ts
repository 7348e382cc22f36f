import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { siloRuns } from "../__fixtures__/silo-runs";
import { cellVerdict, rolloutCheckCells, taskCheckGrid } from "./check-grid";

describe("cellVerdict", () => {
  it("reads pass, fail, partial and not graded", () => {
    expect(cellVerdict({ status: "graded", passed: true, score: null })).toBe("pass");
    expect(cellVerdict({ status: "graded", passed: false, score: null })).toBe("fail");
    expect(cellVerdict({ status: "graded", passed: false, score: 0.5 })).toBe("partial");
    expect(cellVerdict({ status: "graded", passed: null, score: 1 })).toBe("pass");
    expect(cellVerdict({ status: "not_assigned", passed: null, score: null })).toBe("not-graded");
    expect(cellVerdict({ status: "error", passed: null, score: null })).toBe("not-graded");
  });
});

describe("taskCheckGrid on silo-runs finance/TASK-007", () => {
  const grid = taskCheckGrid(siloRuns, "finance/TASK-007");

  it("has the 5 rollouts as columns, in run order", () => {
    expect(grid.rollouts).toEqual([
      "run_20261104100000_9c43",
      "run_20261104100100_9c44",
      "run_20261104100200_9c45",
      "run_20261104100300_9c46",
      "run_20261104100400_9c47",
    ]);
    expect(grid.rows).toHaveLength(10);
    for (const row of grid.rows) expect(row.cells).toHaveLength(5);
  });

  it("puts the checks that failed as required first, then the stored order", () => {
    expect(grid.rows.slice(0, 3).map((r) => [r.label, r.failedRequired])).toEqual([
      ["The overdue invoice is escalated", 1],
      ["The escalation names the account owner", 1],
      ["The invoice keeps its amount", 1],
    ]);
    expect(grid.rows[3]?.label).toBe("A note explains the escalation");
    expect(grid.rows.every((r, i) => i < 3 || r.failedRequired === 0)).toBe(true);
  });

  it("counts every failure of a row and marks each cell", () => {
    const priority = grid.rows.find((r) => r.label === "The priority is high");
    expect(priority?.required).toBe("optional");
    expect(priority?.failed).toBe(1);
    expect(priority?.cells.map((c) => c?.verdict)).toEqual(["pass", "pass", "pass", "fail", "pass"]);
  });
});

describe("taskCheckGrid edge cases", () => {
  const data = run(
    [task("t")],
    [
      rollout("a", "t", [check("K", true), check("P", false, { score: 0.5, required: false }), check("K", false)]),
      rollout("b", "t", [check("K", true, { required: false }), check("N", null)]),
      rollout("other", "u", [check("K", false)]),
    ],
  );

  it("keeps repeated keys apart, leaves missing cells empty and marks mixed required flags", () => {
    const grid = taskCheckGrid(data, "t");
    expect(grid.rollouts).toEqual(["a", "b"]);
    expect(grid.rows.map((r) => r.id)).toEqual(["K#1", "K", "P", "N"]);
    const k = grid.rows.find((r) => r.id === "K");
    expect(k?.required).toBe("mixed");
    expect(grid.rows.find((r) => r.id === "P")?.cells.map((c) => c?.verdict ?? null)).toEqual(["partial", null]);
    expect(grid.rows.find((r) => r.id === "N")?.cells.map((c) => c?.verdict ?? null)).toEqual([null, "not-graded"]);
  });

  it("shows a scenario's flips as changed cells", () => {
    const grid = taskCheckGrid(data, "t", { flips: [{ task: "t", rollout: "a", check: "P", passed: true }] });
    const cell = grid.rows.find((r) => r.id === "P")?.cells[0];
    expect(cell).toMatchObject({ verdict: "pass", changed: true, score: 1 });
    expect(grid.rows.find((r) => r.id === "K")?.cells[0]?.changed).toBe(false);
  });

  it("counts a required partial score that did not pass as failed required, as the report does", () => {
    const partial = run([task("t")], [rollout("a", "t", [check("K", false, { score: 0.5 })])]);
    const row = taskCheckGrid(partial, "t").rows[0];
    expect(row?.cells[0]?.verdict).toBe("partial");
    expect(row?.failedRequired).toBe(1);
  });

  it("gives one rollout's cells in stored order, or null for an unknown rollout", () => {
    expect(rolloutCheckCells(data, "a")?.map((c) => c.verdict)).toEqual(["pass", "partial", "fail"]);
    expect(
      rolloutCheckCells(data, "a", { required: [{ check: "K", required: false }] })?.map((c) => [
        c.required,
        c.changed,
      ]),
    ).toEqual([
      [false, true],
      [false, false],
      [false, true],
    ]);
    expect(rolloutCheckCells(data, "missing")).toBeNull();
  });
});
