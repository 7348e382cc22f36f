import { describe, expect, it } from "vitest";
import { harborJobFiles, unevenEval } from "@/lib/formats/__fixtures__/harbor-job-generator";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRunWithTraces } from "@/lib/ingest/to-scoring-run";
import { check, rollout, run, task } from "../__fixtures__/build";
import { computeReport } from "./report";
import { withHeadlineMetric } from "./headline-change";

/*
 * Hand-made: 4 tasks. A has checks in both rollouts (correctness 1 and 1/2); B and C are reward-only; D's only
 * rollout is unscored. Tasks with a scored rollout: A, B, C (3). Correctness is graded on A alone.
 *   correctness (task): A = (1 + 0.5) / 2 = 0.75, 1 eligible task of 4
 *   completion (task, unscored excluded): A 1/2, B 1/2, C 0/1 -> (0.5 + 0.5 + 0) / 3 = 1/3, 3 of 4 tasks
 *   completion (unscored as failure): D 0/1 joins -> (0.5 + 0.5 + 0 + 0) / 4 = 0.25, 4 of 4 tasks
 */
const uneven = run(
  [task("A"), task("B"), task("C"), task("D")],
  [
    rollout("a1", "A", [check("t1", true), check("t2", true)]),
    rollout("a2", "A", [check("t1", true), check("t2", false)]),
    rollout("b1", "B", [], { rule: "reward", reportedReward: 1 }),
    rollout("b2", "B", [], { rule: "reward", reportedReward: 0 }),
    rollout("c1", "C", [], { rule: "reward", reportedReward: 0 }),
    rollout("d1", "D", [], { rule: "reward", status: "unscored" }),
  ],
);

describe("the default headline by coverage", () => {
  it("is completion when correctness is graded on fewer tasks than have a scored rollout, and says why", () => {
    const r = computeReport(uneven);
    expect(r.headline.metric).toBe("completion");
    expect(r.headline.value).toBeCloseTo(1 / 3, 10);
    expect(r.headline.coverage).toEqual({ tasks: 3, of: 4 });
    expect(r.headline.fallback).toBe(
      "correctness is graded on 1 task of the 3 tasks with a scored rollout: the headline shows completion, which covers them all",
    );
    expect(r.metrics.correctness!.value).toBeCloseTo(0.75, 10);
    expect(r.metrics.correctness!.coverage).toEqual({ tasks: 1, of: 4 });
    expect(r.metrics.completion!.coverage).toEqual({ tasks: 3, of: 4 });
  });

  it("keeps the same metric under either unscored policy: a task without a scored rollout does not count", () => {
    const r = computeReport(uneven, { unscored: "fail" });
    expect(r.headline.metric).toBe("completion");
    expect(r.headline.value).toBeCloseTo(0.25, 10);
    expect(r.headline.coverage).toEqual({ tasks: 4, of: 4 });
  });

  it("is correctness when asked for, with its coverage", () => {
    const r = computeReport(uneven, { headline: { metric: "correctness" } });
    expect(r.headline).toMatchObject({ metric: "correctness", fallback: null, coverage: { tasks: 1, of: 4 } });
    expect(r.headline.value).toBeCloseTo(0.75, 10);
  });

  it("is correctness when every task with a scored rollout has a graded correctness check", () => {
    const covered = run(
      [task("A"), task("D")],
      [
        rollout("a1", "A", [check("t1", true), check("t2", false)]),
        rollout("d1", "D", [], { rule: "reward", status: "unscored" }),
      ],
    );
    const r = computeReport(covered);
    expect(r.headline).toMatchObject({ metric: "correctness", fallback: null, coverage: { tasks: 1, of: 2 } });
    expect(r.headline.value).toBeCloseTo(0.5, 10);
  });

  it("answers a change of headline metric from the report the same way computeReport does", () => {
    const asked = computeReport(uneven, { headline: { metric: "correctness" } });
    expect(withHeadlineMetric(asked, uneven, {})).toEqual(computeReport(uneven));
  });
});

describe("a Harbor job of 85 tasks where 3 carry a pytest report", () => {
  const files = harborJobFiles([
    unevenEval({ agent: "terminus-2", model: "gpt-5", seed: 1, reportTasks: [3, 17, 40] }),
  ]);
  const batch = parseBatch(files, { rootName: "job" });
  const scoring = toScoringRunWithTraces(batch.runs[0]!, files);
  const r = computeReport(scoring);

  it("heads with completion and its interval; correctness says 3 of 85 tasks", () => {
    expect(batch.rejected).toEqual([]);
    expect(r.counts.tasks).toBe(85);
    expect(r.headline.metric).toBe("completion");
    expect(r.headline.ci95).not.toBeNull();
    expect(r.metrics.correctness!.coverage).toEqual({ tasks: 3, of: 85 });
    // The headline is the task-equal mean of each task's pass rate over its scored trials.
    const rates = r.tasks.flatMap((t) => (t.passRate === null ? [] : [t.passRate]));
    expect(r.headline.coverage).toEqual({ tasks: rates.length, of: 85 });
    expect(r.headline.value).toBeCloseTo(rates.reduce((s, x) => s + x, 0) / rates.length, 12);
  });
});
