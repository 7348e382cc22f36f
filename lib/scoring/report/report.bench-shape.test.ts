import { describe, expect, it } from "vitest";
import { applyScenario } from "../scenario/apply-scenario";
import { check, rollout, task } from "../__fixtures__/build";
import { computeReport } from "./report";
import type { ScoringCheck, ScoringRun } from "../core/types";

const DIMENSIONS = [
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "authority",
  "authority",
  "grounding",
  "grounding",
  "safety",
  "correctness",
];

/** 2,000 tasks × 5 rollouts × 12 checks, deterministic (a linear congruential generator, no Math.random). */
function bigRun(): ScoringRun {
  let seed = 42;
  const next = () => (seed = (seed * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
  const tasks = Array.from({ length: 2000 }, (_, i) => task(`g${i % 17}/task-${i}`, { weight: 1 + (i % 3) }));
  const rollouts = tasks.flatMap((t, i) =>
    Array.from({ length: 5 }, (_, j) => {
      const checks: ScoringCheck[] = DIMENSIONS.map((dimension, k) =>
        check(`C${k}`, next() < 0.8, {
          dimension,
          required: k < 4 || dimension === "authority",
          failureTag: k === 2 ? "TAG" : null,
        }),
      );
      const unscored = (i * 5 + j) % 97 === 0;
      return rollout(`${t.key}#${j}`, t.key, unscored ? [] : checks, { status: unscored ? "unscored" : "scored" });
    }),
  );
  return { name: "big", format: "silo", passThreshold: 1, tasks, rollouts };
}

// Timings belong to the bench (`npm run bench`: scoring from the columns beside computeReport, on one core);
// this checks that a run of the bench's shape scores whole under a scenario touching every edit.
describe("a run of the bench's shape", () => {
  it("computeReport + applyScenario on 2,000 tasks × 5 rollouts × 12 checks", () => {
    const run = bigRun();
    const scenario = {
      headline: { metric: "correctness", scheme: "group" as const },
      flips: [{ task: "task-7", check: "C1", passed: true }],
      required: [{ check: "C9", required: true }],
      weights: { "g3/task-3": 4 },
      unscored: "fail" as const,
    };
    const applied = applyScenario(run, scenario);
    const report = computeReport(run, scenario);
    expect(applied.run.rollouts).toHaveLength(10_000);
    expect(report.counts.rollouts).toBe(10_000);
    expect(report.counts.tasks).toBe(2_000);
    // Every 97th rollout is unscored and counts as failed under "fail": 104 of them.
    expect(report.counts.unscored).toBe(104);
    expect(report.headline.metric).toBe("correctness");
    expect(report.headline.value).not.toBeNull();
  });
});
