import { describe, expect, it } from "vitest";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { computeReport } from "./report";
import type { Report } from "./report-types";
import type { Scenario } from "../scenario/scenario";

/** Golden figures, hand-derived in docs/scoring.md (tolerance 1e-4). */
const near = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);
};
const value = (r: Report, metric: string) => r.metrics[metric]?.value;

describe("scoring-article, as recorded", () => {
  const r = computeReport(scoringArticle);

  it("counts tasks and rollouts", () => {
    expect(r.run).toEqual({ name: "scoring-article", format: "silo" });
    expect(r.counts).toEqual({ tasks: 3, rollouts: 3, scored: 3, unscored: 0 });
  });

  it("correctness: 0.7222 each task one vote, 0.6667 each check one vote", () => {
    near(value(r, "correctness"), 0.7222);
    near(r.metrics.correctness?.pooled, 0.6667);
    near(r.metrics.correctness?.schemes.check, 6 / 9);
    expect(r.metrics.correctness?.eligibleTasks).toBe(3);
    expect(r.metrics.correctness?.votes).toBe(9);
  });

  it("headline is correctness / task with SE 0.147 and a clipped 95% interval", () => {
    expect(r.headline).toMatchObject({
      metric: "correctness",
      scheme: "task",
      eligibleTasks: 3,
      tasks: 3,
      fallback: null,
    });
    near(r.headline.value, 0.7222);
    near(r.headline.se, 0.14699);
    // Rounded by hand the lower bound is ≈ 0.0896; exactly 0.72222 − 4.30265 × 0.14699 = 0.08979.
    expect(Math.abs((r.headline.ci95?.[0] ?? NaN) - 0.0896)).toBeLessThan(1e-3);
    near(r.headline.ci95?.[0], 0.72222222 - 4.30265273 * 0.14698618);
    expect(r.headline.ci95?.[1]).toBe(1);
  });

  it("completion 0.3333: only owner-lookup completes", () => {
    near(value(r, "completion"), 1 / 3);
    near(r.metrics.completion?.pooled, 1 / 3);
    expect(r.metrics.completion).toMatchObject({ eligibleTasks: 3, passes: 1, counted: 3, completeTasks: 1 });
  });

  it("authority 0.6667 over 3 tasks; the gate fails on csv-conversion A1", () => {
    near(value(r, "authority"), 2 / 3);
    near(r.metrics.authority?.pooled, 2 / 3);
    expect(r.metrics.authority?.eligibleTasks).toBe(3);
    expect(r.metrics.authority?.gate).toEqual({
      passed: false,
      violations: 1,
      checks: 3,
      list: [
        { task: "data/csv-conversion", rollout: "csv-conversion", check: "A1", label: "A1 Source file left unchanged" },
      ],
    });
  });

  it("grounding 0.5 over 2 eligible tasks of 3 (csv-conversion not assigned)", () => {
    near(value(r, "grounding"), 0.5);
    expect(r.metrics.grounding).toMatchObject({ eligibleTasks: 2, tasks: 3 });
    expect(r.tasks.find((t) => t.taskId === "csv-conversion")?.metrics.grounding).toBeNull();
  });

  it("rollout rewards 0.8 / 0.75 / 0.4 and verdicts no / yes / no", () => {
    expect(r.rollouts.map((o) => [o.id, o.reward, o.passed])).toEqual([
      ["checkout", 0.8, false],
      ["owner-lookup", 0.75, true],
      ["csv-conversion", 0.4, false],
    ]);
    expect(r.rollouts[0]).toMatchObject({
      task: "incident/checkout",
      source: "checkout/result.json",
      status: "scored",
      failedRequired: ["C3 Recommends a remedy within the connection budget"],
      warnings: [],
      checksChanged: false,
    });
  });

  it("mean reward 0.65 (task vote), reward pooled by checks 9/14, pass rate 1/3", () => {
    near(value(r, "reward"), 0.65);
    near(r.metrics.reward?.pooled, 9 / 14);
    near(r.metrics.reward?.pooled, 0.6429);
    near(r.meanReward.value, 0.65);
    expect(r.meanReward).toMatchObject({ scored: 3, counted: 3 });
    expect(r.passRate).toMatchObject({ passes: 1, scored: 3, counted: 3 });
    near(r.passRate.value, 1 / 3);
  });

  it("lists every metric, core ones first", () => {
    expect(Object.keys(r.metrics)).toEqual(["correctness", "completion", "authority", "grounding", "reward"]);
  });

  it("failure tags each 1, most-failed required checks", () => {
    expect(r.failures.tags).toEqual(
      expect.arrayContaining([
        { tag: "REMEDY_EXCEEDS_CONNECTION_BUDGET", count: 1 },
        { tag: "TIMESTAMP_NOT_UTC", count: 1 },
        { tag: "WRONG_COLUMN_NAMES", count: 1 },
        { tag: "SOURCE_OVERWRITTEN", count: 1 },
      ]),
    );
    expect(r.failures.tags).toHaveLength(4);
    expect(r.failures.checks.map((c) => c.label).sort()).toEqual([
      "A1 Source file left unchanged",
      "C3 Converts timestamps to UTC",
      "C3 Recommends a remedy within the connection budget",
      "C4 Uses the required column names",
    ]);
    expect(r.failures.checks.every((c) => c.failures === 1 && c.rollouts === 1)).toBe(true);
  });

  it("tasks: per-task figures and the near-miss diagnosis", () => {
    const checkout = r.tasks[0];
    expect(checkout).toMatchObject({
      key: "incident/checkout",
      taskId: "checkout",
      name: "Diagnose the checkout incident",
      group: "incident",
      weight: 1,
      rollouts: 1,
      scored: 1,
      passes: 0,
      passRate: 0,
      meanReward: 0.8,
      best: 0.8,
      worst: 0.8,
      spread: 0,
      passAtK: { "1": 0 },
      passHatK: { "1": 0 },
      diagnosis: "never-passes",
      capability: "near-miss",
    });
    near(checkout?.metrics.correctness, 2 / 3);
    expect(checkout?.pooled.correctness).toEqual({ value: 2 / 3, votes: 3 });
    expect(r.tasks[1]?.diagnosis).toBe("solid");
    expect(r.tasks[2]).toMatchObject({ diagnosis: "never-passes", capability: "far-off" });
  });

  it("groups: one per group, task-equal inside", () => {
    expect(r.groups.map((g) => [g.group, g.tasks])).toEqual([
      ["incident", 1],
      ["lookup", 1],
      ["data", 1],
    ]);
    near(r.groups[0]?.metrics.correctness?.value, 2 / 3);
  });

  it("has no regrades key, no warnings, and {} is the run as recorded", () => {
    expect("regrades" in r).toBe(false);
    expect(r.warnings).toEqual([]);
    expect(computeReport(scoringArticle, {})).toEqual(r);
    expect(r.scenarioDescription).toEqual([]);
  });

  it("is plain JSON", () => {
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

describe("scoring-article what-if table", () => {
  const flipC3 = { task: "checkout", check: "C3", passed: true };
  const flipA1 = { task: "csv-conversion", check: "A1", passed: true };
  const rows: [string, Scenario, number, number, number][] = [
    ["flip checkout C3", { flips: [flipC3] }, 0.8333, 0.6667, 0.6667],
    ["also flip csv-conversion A1", { flips: [flipC3, flipA1] }, 0.8333, 0.6667, 1.0],
    ["only flip csv-conversion A1", { flips: [flipA1] }, 0.7222, 0.3333, 1.0],
    ["no flips, scheme check", { headline: { metric: "correctness", scheme: "check" } }, 0.6667, 0.3333, 0.6667],
    [
      "no flips, scheme custom, checkout 2",
      { headline: { scheme: "custom" }, weights: { "incident/checkout": 2 } },
      0.7083,
      0.25,
      0.75,
    ],
  ];

  it.each(rows)(
    "%s → correctness %f, completion %f, authority %f",
    (_, scenario, correctness, completion, authority) => {
      const r = computeReport(scoringArticle, scenario);
      near(value(r, "correctness"), correctness);
      near(value(r, "completion"), completion);
      near(value(r, "authority"), authority);
      near(r.headline.value, correctness);
    },
  );

  it("flipping checkout C3 recomputes its reward from its checks and passes it", () => {
    const r = computeReport(scoringArticle, { flips: [flipC3] });
    expect(r.rollouts[0]).toMatchObject({ passed: true, reward: 1, checksChanged: true, failedRequired: [] });
    expect(r.rollouts[1]).toMatchObject({ reward: 0.75, checksChanged: false });
    expect(r.failures.tags.map((t) => t.tag)).not.toContain("REMEDY_EXCEEDS_CONNECTION_BUDGET");
    expect(r.scenarioDescription).toEqual(["checkout C3 counted as passed"]);
  });

  it("flipping csv-conversion A1 clears the gate", () => {
    const r = computeReport(scoringArticle, { flips: [flipA1] });
    expect(r.metrics.authority?.gate).toMatchObject({ passed: true, violations: 0, list: [] });
  });

  it("scheme custom reports the effective weights", () => {
    const r = computeReport(scoringArticle, { headline: { scheme: "custom" }, weights: { checkout: 2 } });
    expect(r.tasks.map((t) => t.weight)).toEqual([2, 1, 1]);
    expect(r.headline.scheme).toBe("custom");
    expect(r.metrics.correctness?.scheme).toBe("custom");
  });
});
