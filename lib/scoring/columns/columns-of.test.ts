import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { columnsOf } from "./columns-of";
import { runTasks } from "../core/run-tasks";
import { runOfColumns, tasksOf } from "./run-of-columns";

describe("columnsOf / runOfColumns", () => {
  it.each([
    ["scoring-article", scoringArticle],
    ["silo-runs", siloRuns],
    ["empty", run([], [])],
  ])("round-trips %s exactly", (_, r) => {
    expect(runOfColumns(columnsOf(r))).toStrictEqual(r);
  });

  it("round-trips any run, −0, NaN and lone surrogates included", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        expect(runOfColumns(columnsOf(r))).toStrictEqual(r);
      }),
      { numRuns: 300 },
    );
    const odd = run(
      [task("\ud83d-lone", { weight: Number.NaN }), task("\ud83d-lone", { weight: -0 })],
      [rollout("r1", "undeclared", [check("k", true, { score: -0, weight: Number.NaN })], { penalties: -0 })],
    );
    const back = runOfColumns(columnsOf(odd));
    expect(back).toStrictEqual(odd);
    expect(Object.is(back.rollouts[0]!.checks[0]!.score, -0)).toBe(true);
  });

  it("lists the run's tasks as runTasks does, undeclared ones after the declared (the what-if panel reads them)", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        expect(tasksOf(columnsOf(r))).toStrictEqual(runTasks(r));
      }),
      { numRuns: 300 },
    );
  });

  it("stores a rollout's check definitions once per distinct sequence", () => {
    const synthetic = syntheticScoringRun({ tasks: 40, rollouts: 5, checks: 12, groups: 8, seed: 7 });
    const c = columnsOf(synthetic);
    expect(c.templateKey.length).toBe(12);
    expect(c.sequenceStart.length).toBe(2);
    expect(c.checkCode.length).toBe(40 * 5 * 12);
    expect(runOfColumns(c)).toStrictEqual(synthetic);
  });

  it("refuses a status the types do not allow, naming it", () => {
    const bad = run([], [rollout("r", "t", [check("k", true, { status: "pending" as "graded" })])]);
    expect(() => columnsOf(bad)).toThrow("A run's check status is pending, not one of graded, not_assigned, error");
  });
});
