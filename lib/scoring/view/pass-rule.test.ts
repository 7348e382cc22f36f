import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { check, rollout, run, task } from "../__fixtures__/build";
import { columnsOf } from "../columns/columns-of";
import { passRule } from "./pass-rule";

describe("passRule", () => {
  it("reads scored rollouts' rules, or every rollout's when none is scored", () => {
    const mixed = run(
      [task("t")],
      [
        rollout("a", "t", [check("k", true)]),
        rollout("b", "t", [], { rule: "reward", reportedReward: 1 }),
        rollout("c", "t", [], { rule: "grade", status: "unscored" }),
      ],
    );
    expect(passRule(mixed)).toEqual({ decidedBy: "mixed", threshold: mixed.passThreshold, byReward: 2 });
    const unscored = run([task("t")], [rollout("c", "t", [], { rule: "grade", status: "unscored" })]);
    expect(passRule(unscored, { passThreshold: 0.25 })).toEqual({ decidedBy: "grade", threshold: 0.25, byReward: 1 });
    expect(passRule(run([], []))).toMatchObject({ decidedBy: "checks", byReward: 0 });
  });

  it("is the same from a run's columns as from its objects", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        expect(passRule(columnsOf(r))).toEqual(passRule(r));
      }),
      { numRuns: 200 },
    );
  });
});
