import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { describeOverBudget, describeScenario } from "../scenario/describe-scenario";
import { compareRuns } from "./compare";
import { computeReport } from "./report";

/**
 * Hand-derived figures. Task t1: a1 passes ($0.10, 5 tool calls, 1,000 tokens), a2 passes ($0.80, 12 tool
 * calls), a3 fails a required check ($0.90). Task t2: b1 passes and records nothing, b2 passes ($0.50, 30 tool
 * calls), b3 is unscored ($9). As recorded: t1 completes 2 of 3, t2 2 of 2; completion (task-equal) 5/6, pass
 * rate 4/5. Correctness: t1 (1 + 1 + 0.5)/3, t2 1.
 */
const measured = run(
  [task("t1"), task("t2")],
  [
    rollout("a1", "t1", [check("a", true), check("b", true)], {
      measures: { costUsd: 0.1, toolCalls: 5, tokens: 1000 },
    }),
    rollout("a2", "t1", [check("a", true), check("b", true)], { measures: { costUsd: 0.8, toolCalls: 12 } }),
    rollout("a3", "t1", [check("a", false), check("b", true)], { measures: { costUsd: 0.9 } }),
    rollout("b1", "t2", [check("a", true)]),
    rollout("b2", "t2", [check("a", true)], { measures: { costUsd: 0.5, toolCalls: 30 } }),
    rollout("b3", "t2", [], { status: "unscored", measures: { costUsd: 9 } }),
  ],
);

const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-9);

const passedIds = (r: ReturnType<typeof computeReport>) => r.rollouts.filter((x) => x.passed).map((x) => x.id);

describe("an execution budget", () => {
  const recorded = computeReport(measured);

  it("is absent from the report when the scenario sets none", () => {
    expect(recorded.budget).toBeUndefined();
    expect(computeReport(measured, { budget: {} }).budget).toBeUndefined();
    near(recorded.metrics.completion?.value, 5 / 6);
    near(recorded.passRate.value, 4 / 5);
  });

  it("fails exactly the scored rollouts over a cost limit; equal to the limit is within it", () => {
    const r = computeReport(measured, { budget: { costUsd: 0.5 } });
    expect(passedIds(recorded)).toEqual(["a1", "a2", "b1", "b2"]);
    expect(passedIds(r)).toEqual(["a1", "b1", "b2"]);
    // a2 and a3 are over; a3 failed anyway; b1 records no cost; b3 is unscored and not judged.
    expect(r.budget).toEqual({ limits: { costUsd: 0.5 }, failed: 1, over: 2, unknown: 1 });
    near(r.metrics.completion?.value, (1 / 3 + 1) / 2);
    expect(r.passRate).toMatchObject({ passes: 3, counted: 5 });
    near(r.passRate.value, 3 / 5);
    expect(r.tasks.map((t) => t.passes)).toEqual([1, 2]);
    near(r.tasks[0]?.passAtK["1"] ?? null, 1 / 3);
  });

  it("leaves reward and every dimension as recorded", () => {
    const r = computeReport(measured, { budget: { costUsd: 0.5 } });
    near(r.metrics.correctness?.value, ((1 + 1 + 0.5) / 3 + 1) / 2);
    expect(r.metrics.correctness).toEqual(recorded.metrics.correctness);
    expect(r.metrics.reward).toEqual(recorded.metrics.reward);
    expect(r.meanReward).toEqual(recorded.meanReward);
    expect(r.rollouts.map((x) => x.reward)).toEqual(recorded.rollouts.map((x) => x.reward));
    expect(r.rollouts.map((x) => x.metrics.correctness)).toEqual(recorded.rollouts.map((x) => x.metrics.correctness));
  });

  it("fails a rollout over any one limit, and counts one that records a limited measure as unknown", () => {
    const r = computeReport(measured, { budget: { toolCalls: 10, tokens: 500 } });
    // a1: 1,000 tokens > 500 (its 5 tool calls are within); a2: 12 tool calls; b2: 30 tool calls.
    // a3 records neither and b1 nothing: unknown; only b1 of them passed, and still does.
    expect(passedIds(r)).toEqual(["b1"]);
    expect(r.budget).toEqual({ limits: { toolCalls: 10, tokens: 500 }, failed: 3, over: 3, unknown: 2 });
    near(r.passRate.value, 1 / 5);
    near(r.metrics.completion?.value, (0 + 1 / 2) / 2);
  });

  it("counts a rollout without the measure as unknown and never fails it", () => {
    const r = computeReport(measured, { budget: { durationMs: 0 } });
    expect(passedIds(r)).toEqual(passedIds(recorded));
    expect(r.budget).toEqual({ limits: { durationMs: 0 }, failed: 0, over: 0, unknown: 5 });
    expect(r.metrics.completion).toEqual(recorded.metrics.completion);
  });

  it("does not judge unscored rollouts, under either unscored policy", () => {
    const r = computeReport(measured, { budget: { costUsd: 1 }, unscored: "fail" });
    expect(r.budget).toEqual({ limits: { costUsd: 1 }, failed: 0, over: 0, unknown: 1 });
    expect(r.passRate).toMatchObject({ passes: 4, counted: 6 });
  });

  it("is described in words, in its own units", () => {
    expect(describeScenario({ budget: { costUsd: 0.5, durationMs: 120000, tokens: 20000, toolCalls: 40 } })).toEqual([
      "execution budget: a scored rollout spending more than $0.5 of cost, or 120 s of time, or 20,000 tokens, or 40 tool calls fails",
    ]);
    expect(describeScenario({ budget: { tokens: 1_000_000, durationMs: 7_200_000, toolCalls: 1500 } })).toEqual([
      "execution budget: a scored rollout spending more than 7,200 s of time, or 1,000,000 tokens, or 1,500 tool calls fails",
    ]);
    expect(computeReport(measured, { budget: { toolCalls: 10 } }).scenarioDescription).toEqual([
      "execution budget: a scored rollout spending more than 10 tool calls fails",
    ]);
    expect(describeScenario({ budget: { toolCalls: 1, tokens: 1 } })).toEqual([
      "execution budget: a scored rollout spending more than 1 token, or 1 tool call fails",
    ]);
  });

  it("says why it fails a rollout, limit by limit, and nothing for one within it or without a budget", () => {
    const budget = { costUsd: 0.5, toolCalls: 10, tokens: 500 };
    expect(describeOverBudget({ costUsd: 0.8, toolCalls: 12 }, budget)).toEqual([
      "$0.8, over the limit of $0.5",
      "12 tool calls, over the limit of 10 tool calls",
    ]);
    expect(describeOverBudget({ costUsd: 0.5 }, budget)).toEqual([]);
    expect(describeOverBudget(undefined, budget)).toEqual([]);
    expect(describeOverBudget({ durationMs: 12000 }, { durationMs: 1 })).toEqual(["12 s, over the limit of 0.001 s"]);
    expect(describeOverBudget({ costUsd: 0.8 }, undefined)).toEqual([]);
  });

  it("applies to both runs of a comparison: a cheaper candidate passes where the baseline is over budget", () => {
    const cheaper = {
      ...measured,
      rollouts: measured.rollouts.map((r) => (r.id === "a2" ? { ...r, measures: { costUsd: 0.3 } } : r)),
    };
    const t1 = (scenario: Parameters<typeof computeReport>[1]) =>
      compareRuns(measured, cheaper, { scenario }).tasks.find((t) => t.key === "t1");
    expect(t1({})?.delta).toBe(0);
    const budgeted = t1({ budget: { costUsd: 0.5 } });
    near(budgeted?.a ?? null, 1 / 3);
    near(budgeted?.b ?? null, 2 / 3);
  });
});
