import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { compareRuns } from "../report/compare";
import { dimensionRows, taskTable } from "./compare-table";

/** One rollout per task; `passes` says which tasks pass (a single required check). */
const suite = (
  name: string,
  passes: Record<string, boolean>,
  extra: Record<string, { dimension: string; passed: boolean }> = {},
) =>
  run(
    Object.keys(passes).map((k) => task(k)),
    Object.entries(passes).map(([k, p]) =>
      rollout(`${name}-${k}`, k, [
        check("C1", p),
        ...(extra[k] ? [check("X1", extra[k].passed, { dimension: extra[k].dimension, required: false })] : []),
      ]),
    ),
    { name },
  );

const A = suite("A", { "g/t1": true, "g/t2": false, "g/t3": true, "g/t4": false, "g/only-a": true });
const B = suite("B", { "g/t1": true, "g/t2": true, "g/t3": false, "g/t4": false, "g/only-b": true });
const C = suite("C", { "g/t1": false, "g/t2": false, "g/t3": true }, { "g/t1": { dimension: "style", passed: true } });
const ab = compareRuns(A, B);
const ac = compareRuns(A, C);

describe("taskTable", () => {
  it("one row per task of A common with a candidate; cells per candidate, null where the candidate lacks it", () => {
    const table = taskTable([ab, ac], { sort: "key" });
    expect(table.rows.map((r) => r.key)).toEqual(["g/t1", "g/t2", "g/t3", "g/t4"]);
    expect(table.total).toBe(4);
    const t4 = table.rows[3]!;
    expect(t4.a).toBe(0);
    expect(t4.cells[0]).toEqual({ b: 0, delta: 0, flip: null });
    expect(t4.cells[1]).toBeNull();
  });

  it("changed = a delta ≠ 0 or a flip in any candidate; the filter keeps only those", () => {
    const table = taskTable([ab, ac], { changedOnly: true, sort: "key" });
    expect(table.rows.map((r) => r.key)).toEqual(["g/t1", "g/t2", "g/t3"]);
    expect(table.changed).toBe(3);
    expect(table.total).toBe(4);
  });

  it("sorts by the first candidate's delta (ties by key), or by the largest |delta| of any candidate", () => {
    expect(taskTable([ab, ac]).rows.map((r) => [r.key, r.cells[0]?.delta])).toEqual([
      ["g/t3", -1],
      ["g/t1", 0],
      ["g/t4", 0],
      ["g/t2", 1],
    ]);
    expect(taskTable([ab, ac], { dir: "desc" }).rows.map((r) => r.key)).toEqual(["g/t2", "g/t1", "g/t4", "g/t3"]);
    expect(taskTable([ab, ac], { sort: "abs", dir: "desc" }).rows.map((r) => r.key)).toEqual([
      "g/t1",
      "g/t2",
      "g/t3",
      "g/t4",
    ]);
    expect(taskTable([ab, ac], { sort: "key", dir: "desc" }).rows.map((r) => r.key)).toEqual([
      "g/t4",
      "g/t3",
      "g/t2",
      "g/t1",
    ]);
  });

  it("flips are carried per candidate", () => {
    const rows = taskTable([ab]).rows;
    expect(rows.find((r) => r.key === "g/t2")?.cells[0]?.flip).toBe("fail->pass");
    expect(rows.find((r) => r.key === "g/t3")?.cells[0]?.flip).toBe("pass->fail");
  });
});

describe("dimensionRows", () => {
  it("core metrics in display order, then custom ones; a metric missing from a comparison is null there", () => {
    const rows = dimensionRows([ab, ac]);
    expect(rows.map((r) => r.metric)).toEqual([
      "correctness",
      "completion",
      "authority",
      "grounding",
      "reward",
      "style",
    ]);
    expect(rows.find((r) => r.metric === "style")?.pairs[0]).toBeNull();
    expect(rows[0]?.pairs[0]).toBe(ab.metrics.correctness);
  });
});
