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

describe("performance", () => {
  it("computeReport + applyScenario on 2,000 tasks × 5 rollouts × 12 checks", () => {
    const run = bigRun();
    const scenario = {
      headline: { metric: "correctness", scheme: "group" as const },
      flips: [{ task: "task-7", check: "C1", passed: true }],
      required: [{ check: "C9", required: true }],
      weights: { "g3/task-3": 4 },
      unscored: "fail" as const,
    };
    // Best of three after a warm-up (the first call pays for JIT compilation; a shared machine adds noise).
    computeReport(run, scenario);
    let applyMs = Infinity;
    let reportMs = Infinity;
    let applied = applyScenario(run, scenario);
    let report = computeReport(run, scenario);
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      applied = applyScenario(run, scenario);
      const t1 = performance.now();
      report = computeReport(run, scenario);
      const t2 = performance.now();
      applyMs = Math.min(applyMs, t1 - t0);
      reportMs = Math.min(reportMs, t2 - t1);
    }
    console.log(`applyScenario ${applyMs.toFixed(1)} ms, computeReport (applies it too) ${reportMs.toFixed(1)} ms`);
    expect(applied.run.rollouts).toHaveLength(10_000);
    expect(report.counts.rollouts).toBe(10_000);
    expect(report.headline.value).not.toBeNull();
  });
});
