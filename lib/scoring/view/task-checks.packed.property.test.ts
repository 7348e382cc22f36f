import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { columnsOf } from "../columns/columns-of";
import { modelOf } from "../report/columnar/column-model";
import { commonTaskChecksOf, packTaskChecks, taskCheckSets, unpackTaskChecks } from "./task-checks";

// The compare page sends the flips' task checks packed against A's task keys; unpacked they are the sets made.
describe("packTaskChecks", () => {
  it("unpacks to the task check sets of the runs, against A's task keys (repeated keys included)", () => {
    fc.assert(
      fc.property(arbRun, arbRun, (a, b) => {
        const runs = [columnsOf(a), columnsOf(b)];
        const sets = taskCheckSets(commonTaskChecksOf(runs));
        const keys = modelOf(runs[0]!).tasks.map((t) => t.key);
        const packed = JSON.parse(JSON.stringify(packTaskChecks(sets, keys))) as ReturnType<typeof packTaskChecks>;
        expect(unpackTaskChecks(packed, keys)).toStrictEqual(sets);
      }),
      { numRuns: 300 },
    );
  });

  it("holds one list index per key of A", () => {
    const sets = {
      lists: [["c1"], ["c1", "c2"]],
      tasks: [
        ["g/a", 1],
        ["g/c", 0],
      ] as [string, number][],
    };
    expect(packTaskChecks(sets, ["g/c", "g/b", "g/a"])).toEqual({ lists: sets.lists, listOf: [0, -1, 1] });
  });
});
