import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { explainSchemes, schemeVotes } from "./explain-schemes";
import { computeReport } from "../report/report";
import type { Report } from "../report/report-types";

/** explainSchemes with the votes read from the report's own task rows, as the run page's worker reads them. */
const explain = (r: Report, metric: string, format?: (v: number) => string) =>
  explainSchemes(r, metric, schemeVotes(r.tasks, metric), format);

describe("explainSchemes", () => {
  it("scoring-article correctness: both numbers, most and fewest checks, and the pull", () => {
    const e = explain(computeReport(scoringArticle), "correctness");
    expect(e).not.toBeNull();
    expect(e!.taskEqual).toBeCloseTo(0.7222, 4);
    expect(e!.pooled).toBeCloseTo(6 / 9, 10);
    expect(e!.most).toMatchObject({ task: "csv-conversion", votes: 4 });
    expect(e!.fewest).toMatchObject({ task: "owner-lookup", votes: 2 });
    expect(e!.sentences).toEqual([
      "Correctness is 72.2% when each task gets one vote and 66.7% when each check gets one: csv-conversion has 4 correctness checks and owner-lookup 2, so pooling gives csv-conversion twice owner-lookup's say.",
      "On its own csv-conversion scores 50.0%, so pooling pulls the figure down.",
    ]);
  });

  it("null when the two schemes read the same", () => {
    const r = computeReport(scoringArticle);
    expect(explain(r, "authority")).toBeNull();
    expect(explain(r, "completion")).toBeNull();
    expect(explain(r, "no-such-metric")).toBeNull();
  });

  it("uses the caller's format, so reward compares as shown", () => {
    const r = computeReport(scoringArticle);
    const e = explain(r, "reward", (v) => v.toFixed(3));
    expect(e?.sentences[0]).toBe(
      "Reward is 0.650 when each task gets one vote and 0.643 when each graded check gets one: checkout has 5 graded checks and owner-lookup 4, so pooling gives checkout 1.3 times owner-lookup's say.",
    );
    expect(explain(r, "reward", (v) => v.toFixed(0))).toBeNull();
  });

  it("equal votes per task: the difference comes from inside tasks", () => {
    const r = computeReport(
      run(
        [task("a"), task("b")],
        [
          rollout("a1", "a", [check("C1", true)]),
          rollout("a2", "a", [check("C1", false), check("C2", false), check("C3", false)]),
          rollout("b1", "b", [check("C1", true), check("C2", true), check("C3", true), check("C4", true)]),
        ],
      ),
    );
    const e = explain(r, "correctness");
    expect(e?.most.votes).toBe(4);
    expect(e?.sentences[0]).toContain("every task has 4 correctness checks in all");
  });

  it("completion counts rollouts, and a taskId shared by two groups is named by its key", () => {
    const r = computeReport(
      run(
        [task("x/t1", { group: "x", taskId: "t1" }), task("y/t1", { group: "y", taskId: "t1" })],
        [
          rollout("1", "x/t1", [check("C1", true)]),
          rollout("2", "x/t1", [check("C1", true)]),
          rollout("3", "x/t1", [check("C1", true)]),
          rollout("4", "y/t1", [check("C1", false)]),
        ],
      ),
    );
    const e = explain(r, "completion");
    expect(e?.sentences[0]).toBe(
      "Completion is 50.0% when each task gets one vote and 75.0% when each rollout gets one: x/t1 has 3 scored rollouts and y/t1 1, so pooling gives x/t1 three times y/t1's say.",
    );
    expect(e?.sentences[1]).toBe("On its own x/t1 scores 100.0%, so pooling pulls the figure up.");
  });
});
