import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "@/lib/scoring/__fixtures__/build";
import { compareRuns } from "@/lib/scoring/report/compare";
import { COMPARE_CSV_HEADER, compareCsvRows } from "./compare-csv";
import { toCsv } from "./csv";

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

  it("names and keys a spreadsheet would run as formulas are written as text", () => {
    const keys = ['=HYPERLINK("https://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"];
    const runOf = (name: string, passed: boolean) =>
      run(
        keys.map((k) => task(k)),
        keys.map((k, i) => rollout(`r${i}`, k, [check("C1", passed)])),
        { name },
      );
    const [a, b] = [runOf("=A1*2", true), runOf("@B", false)];
    const lines = toCsv(compareCsvRows(a.name, [{ name: b.name, comparison: compareRuns(a, b) }])).split("\r\n");
    expect(lines.slice(1, -1)).toEqual([
      `"'=HYPERLINK(""https://evil.example"",""x"")",common,'=A1*2,'@B,completion,1,0,-1,pass->fail`,
      "'+1+1,common,'=A1*2,'@B,completion,1,0,-1,pass->fail",
      "'-2+3,common,'=A1*2,'@B,completion,1,0,-1,pass->fail",
      "'@SUM(A1),common,'=A1*2,'@B,completion,1,0,-1,pass->fail",
      "'\tx,common,'=A1*2,'@B,completion,1,0,-1,pass->fail",
      `"'\rx",common,'=A1*2,'@B,completion,1,0,-1,pass->fail`,
    ]);
  });
});
