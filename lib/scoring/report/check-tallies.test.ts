import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { checkTallies } from "./check-tallies";

describe("checkTallies", () => {
  it("scoring-article: 6 of 9 correctness, 2 of 3 authority, 1 of 2 grounding (not assigned left out)", () => {
    expect(checkTallies(scoringArticle)).toEqual({
      correctness: { graded: 9, passed: 6 },
      grounding: { graded: 2, passed: 1 },
      authority: { graded: 3, passed: 2 },
    });
  });

  it("follows the scenario's flips", () => {
    const t = checkTallies(scoringArticle, { flips: [{ task: "checkout", check: "C3", passed: true }] });
    expect(t.correctness).toEqual({ graded: 9, passed: 7 });
  });

  it("partial credit counts as passed only on a pass verdict; unscored rollouts add nothing", () => {
    const t = checkTallies(
      run(
        [task("a")],
        [
          rollout("1", "a", [check("C1", true, { score: 0.5 }), check("C2", false, { score: 0.4 })]),
          rollout("2", "a", [], { status: "unscored" }),
        ],
      ),
    );
    expect(t).toEqual({ correctness: { graded: 2, passed: 1 } });
  });
});
