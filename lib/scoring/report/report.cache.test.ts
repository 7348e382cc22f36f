import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { computeReport } from "./report";
import type { Scenario } from "../scenario/scenario";

/** A report of a run never seen before, so its RunIndex (kept per run object) is built afresh. */
const fresh = (scenario: Scenario) => computeReport(structuredClone(scoringArticle), scenario);

describe("what is kept per run object", () => {
  it("gives every scenario on the same run object the report a fresh run gets", () => {
    const run = structuredClone(scoringArticle);
    const scenarios: Scenario[] = [
      {},
      { headline: { scheme: "custom" }, weights: { checkout: 3 } },
      { groupWeights: { incident: 2 }, headline: { metric: "completion", scheme: "group" } },
      { unscored: "fail" },
      { flips: [{ task: "checkout", check: "C3", passed: true }], required: [{ check: "A1", required: false }] },
      {},
    ];
    for (const s of scenarios) expect(computeReport(run, s)).toEqual(fresh(s));
  });

  it("hands out no array the next report shows", () => {
    const run = structuredClone(scoringArticle);
    const first = computeReport(run, {});
    first.rollouts[2]!.failedRequired.push("edited");
    first.tasks[0]!.passAtK["1"] = 42;
    first.failures.checks[0]!.tasks.push("edited");
    first.failures.tags[0]!.count = 42;
    first.metrics.authority!.gate!.list.push({ task: "t", rollout: "r", check: "c", label: "l" });
    expect(computeReport(run, { weights: { checkout: 2 } })).toEqual(fresh({ weights: { checkout: 2 } }));
  });
});
