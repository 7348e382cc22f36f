import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { rolloutCheckCells, taskCheckGrid } from "./check-grid";
import { CHECK_PAGE, FAILED_FIRST, checkIndexes, firstCheckPage, gridPageRows, gridRows, pageOf } from "./check-pages";

/** One rollout of `n` checks: every 7th fails, every 3rd is optional. */
function bigRun(n: number) {
  const checks = Array.from({ length: n }, (_, i) => check(`C${i}`, i % 7 !== 3, { required: i % 3 !== 0 }));
  return run([task("g/big")], [rollout("r1", "g/big", checks), rollout("r2", "g/big", checks.slice(0, 10))]);
}

describe("the pages of a rollout's checks", () => {
  const cells = rolloutCheckCells(bigRun(100_000), "r1")!;

  it("lists a filter's checks by stored order: every check, or those failing as required", () => {
    expect(checkIndexes(cells, "all")).toHaveLength(100_000);
    const failed = checkIndexes(cells, "failed-required");
    expect(failed.slice(0, 4)).toEqual([10, 17, 31, 38]);
    expect(failed.every((i) => i % 7 === 3 && i % 3 !== 0)).toBe(true);
    expect(failed).toHaveLength(cells.filter((c) => c.required && c.passed === false).length);
  });

  it("the first page holds at most CHECK_PAGE checks: the first failed required, then the table's first rows", () => {
    const plan = firstCheckPage(cells);
    expect(plan.failed).toHaveLength(FAILED_FIRST);
    expect(plan.failed[0]).toBe(10);
    expect(plan.failedTotal).toBe(checkIndexes(cells, "failed-required").length);
    expect(plan.rows).toEqual(Array.from({ length: CHECK_PAGE - FAILED_FIRST }, (_, i) => i));
    expect(plan.failed.length + plan.rows.length).toBe(CHECK_PAGE);
    expect(plan.total).toBe(100_000);
  });

  it("a rollout with few checks shows them all, and its few failed ones", () => {
    const small = rolloutCheckCells(bigRun(100_000), "r2")!;
    expect(firstCheckPage(small)).toEqual({ failed: [], failedTotal: 0, rows: [...small.keys()], total: 10 });
    const one = rolloutCheckCells(run([task("t")], [rollout("r", "t", [check("a", false), check("b", true)])]), "r")!;
    expect(firstCheckPage(one)).toEqual({ failed: [0], failedTotal: 1, rows: [0, 1], total: 2 });
  });

  it("a page is a slice clamped to the list", () => {
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([2, 3]);
    expect(pageOf([1, 2, 3], 2, 100)).toEqual([3]);
    expect(pageOf([1, 2, 3], 10, 2)).toEqual([]);
    expect(pageOf([1, 2, 3], -4, 1)).toEqual([1]);
  });
});

describe("the pages of a task's grid", () => {
  it("the rows failing somewhere, in the grid's order", () => {
    const grid = taskCheckGrid(bigRun(1_000), "g/big");
    expect(gridRows(grid, false)).toHaveLength(1_000);
    const failing = gridRows(grid, true);
    expect(failing.every((r) => r.failed > 0)).toBe(true);
    expect(failing.map((r) => r.id)).toEqual(grid.rows.filter((r) => r.failed > 0).map((r) => r.id));
  });

  it("rows per page shrink with the rollouts, so a page holds about GRID_CELLS cells", () => {
    expect(gridPageRows(1)).toBe(CHECK_PAGE);
    expect(gridPageRows(40)).toBe(100);
    expect(gridPageRows(1_000)).toBe(20);
  });
});
