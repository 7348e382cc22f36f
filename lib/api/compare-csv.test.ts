import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "@/lib/scoring/__fixtures__/build";
import { compareRuns } from "@/lib/scoring/report/compare";
import { COMPARE_CSV_HEADER, compareCsvRows } from "./compare-csv";

const A = run(
  [task("g/t1"), task("g/old")],
  [rollout("a1", "g/t1", [check("C1", true)]), rollout("a2", "g/old", [check("C1", true)])],
  { name: "A" },
);
const B = run(
  [task("g/t1"), task("g/new")],
  [rollout("b1", "g/t1", [check("C1", false)]), rollout("b2", "g/new", [check("C1", true)])],
  { name: "B" },
);

describe("compareCsvRows", () => {
  it("common tasks with values, delta and flip; then tasks in one run only, without figures", () => {
    const rows = compareCsvRows("A", [{ name: "B", comparison: compareRuns(A, B) }]);
    expect(rows).toEqual([
      [...COMPARE_CSV_HEADER],
      ["g/t1", "common", "A", "B", "completion", 1, 0, -1, "pass->fail"],
      ["g/old", "only in baseline", "A", "B", "completion", null, null, null, null],
      ["g/new", "only in candidate", "A", "B", "completion", null, null, null, null],
    ]);
  });
});
