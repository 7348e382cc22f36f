import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { compareRuns } from "./compare";
import { computeReport } from "./report";
import type { Report } from "./report-types";
import { parseScenario, type Scenario } from "../scenario/scenario";
import { SCHEMES } from "../core/schemes";
import type { ScoringCheck, ScoringRollout, ScoringRun } from "../core/types";

// Property-based tests of the scoring functions on random runs: ≤ 8 tasks in ≤ 3 groups, 1–4 rollouts per
// task (some unscored), 0–5 checks per rollout of random dimension, required, status, verdict and score.

const DIMENSIONS = ["correctness", "authority", "grounding"] as const;
const RUNS = { numRuns: 60 };
const EPS = 1e-9;

const arbCheck = (key: string): fc.Arbitrary<ScoringCheck> =>
  fc
    .record({
      dimension: fc.constantFrom(...DIMENSIONS),
      required: fc.boolean(),
      status: fc.constantFrom("graded", "graded", "graded", "not_assigned", "error"),
      passed: fc.boolean(),
      score: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null, freq: 3 }),
    })
    .map(({ dimension, required, status, passed, score }) =>
      status === "graded"
        ? check(key, passed, {
            dimension,
            required,
            status,
            score: score === null ? null : passed ? Math.max(score, 0.5) : Math.min(score, 0.5),
          })
        : check(key, null, { dimension, required, status }),
    );

const arbRollout = (taskKey: string, id: string): fc.Arbitrary<ScoringRollout> =>
  fc
    .record({
      unscored: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x < 0.1),
      checks: fc
        .integer({ min: 0, max: 5 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbCheck(`c${i}`)))),
      reward: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null, freq: 4 }),
    })
    .map(({ unscored, checks, reward }) => {
      const graded = checks.some((c) => c.status === "graded");
      if (unscored || (!graded && reward === null)) {
        return rollout(
          id,
          taskKey,
          checks.map((c) => ({ ...c, status: "not_assigned" as const, passed: null, score: null })),
          { status: "unscored" },
        );
      }
      return rollout(id, taskKey, checks, { reportedReward: reward });
    });

const arbRun: fc.Arbitrary<ScoringRun> = fc
  .array(
    fc.record({
      group: fc.constantFrom("g1", "g2", "g3", ""),
      rollouts: fc.integer({ min: 1, max: 4 }),
      weight: fc.constantFrom(1, 1, 2, 0.5),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((specs) => {
    const tasks = specs.map((s, i) => task(s.group ? `${s.group}/t${i}` : `t${i}`, { weight: s.weight }));
    const rollouts = specs.flatMap((s, i) =>
      Array.from({ length: s.rollouts }, (_, r) => arbRollout(tasks[i]!.key, `t${i}-r${r}`)),
    );
    return fc.tuple(...rollouts).map((rs) => run(tasks, rs));
  });

/** Every metric value under every scheme, keyed `metric/scheme`. */
function values(report: Report): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [name, m] of Object.entries(report.metrics)) for (const s of SCHEMES) out[`${name}/${s}`] = m.schemes[s];
  return out;
}

function expectClose(a: Record<string, number | null>, b: Record<string, number | null>) {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const [k, v] of Object.entries(a)) {
    const w = b[k];
    if (v === null || w === null || w === undefined) expect(w, k).toBe(v);
    else expect(Math.abs(v - w), k).toBeLessThan(1e-9);
  }
}

describe("scoring properties", () => {
  it("the scenario {} changes nothing", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        const parsed = parseScenario({});
        expect(parsed.success).toBe(true);
        expect(computeReport(r, parsed.success ? parsed.data : {})).toEqual(computeReport(r));
      }),
      RUNS,
    );
  });

  it("flipping a check to passed never lowers its dimension under any scheme, nor completion", () => {
    type Target = { ro: ScoringRollout; c: ScoringCheck } | null;
    const arbFlip = arbRun.chain((r): fc.Arbitrary<{ r: ScoringRun; target: Target }> => {
      const targets = r.rollouts.flatMap((ro) => ro.checks.map((c) => ({ ro, c })));
      return targets.length === 0
        ? fc.constant({ r, target: null })
        : fc.constantFrom(...targets).map((target) => ({ r, target }));
    });
    fc.assert(
      fc.property(arbFlip, ({ r, target }) => {
        if (!target) return;
        const flip: Scenario = {
          flips: [{ task: target.ro.task, rollout: target.ro.id, check: target.c.key, passed: true }],
        };
        const before = computeReport(r).metrics;
        const after = computeReport(r, flip).metrics;
        for (const metric of [target.c.dimension, "completion"]) {
          for (const s of SCHEMES) {
            const b = before[metric]?.schemes[s] ?? null;
            const a = after[metric]?.schemes[s] ?? null;
            if (b !== null) {
              expect(a, `${metric}/${s}`).not.toBeNull();
              expect(a!, `${metric}/${s}`).toBeGreaterThanOrEqual(b - EPS);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("task-equal equals pooled when every task has one rollout and the same number of graded checks", () => {
    const arbEven = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 }))
      .chain(([tasks, n]) =>
        fc.array(fc.array(fc.boolean(), { minLength: n, maxLength: n }), { minLength: tasks, maxLength: tasks }),
      );
    fc.assert(
      fc.property(arbEven, (grid) => {
        const r = run(
          grid.map((_, i) => task(`t${i}`)),
          grid.map((row, i) =>
            rollout(
              `r${i}`,
              `t${i}`,
              row.map((p, j) => check(`c${j}`, p, { required: j === 0 })),
            ),
          ),
        );
        const m = computeReport(r).metrics.correctness!;
        expect(m.schemes.task).not.toBeNull();
        expect(Math.abs(m.schemes.task! - m.pooled!)).toBeLessThan(EPS);
        expect(Math.abs(m.schemes.task! - m.schemes.check!)).toBeLessThan(EPS);
      }),
      RUNS,
    );
  });

  it("every metric value and interval bound lies in [0, 1]; the mean reward within the rewards' range; the headline ci95 holds its value", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        const report = computeReport(r);
        for (const [name, m] of Object.entries(report.metrics)) {
          for (const v of [m.value, m.pooled, ...Object.values(m.schemes)]) {
            if (v !== null) {
              expect(v, name).toBeGreaterThanOrEqual(-EPS);
              expect(v, name).toBeLessThanOrEqual(1 + EPS);
            }
          }
          if (m.ci95) {
            expect(m.ci95[0], name).toBeGreaterThanOrEqual(-EPS);
            expect(m.ci95[1], name).toBeLessThanOrEqual(1 + EPS);
          }
        }
        const rewards = report.rollouts.flatMap((ro) => (ro.reward === null ? [] : [ro.reward]));
        const reward = report.metrics.reward?.value ?? null;
        if (reward !== null && rewards.length > 0) {
          expect(reward).toBeGreaterThanOrEqual(rewards.reduce((a, b) => Math.min(a, b)) - EPS);
          expect(reward).toBeLessThanOrEqual(rewards.reduce((a, b) => Math.max(a, b)) + EPS);
        }
        const { value, ci95 } = report.headline;
        if (value !== null && ci95) {
          expect(ci95[0]).toBeLessThanOrEqual(value + EPS);
          expect(ci95[1]).toBeGreaterThanOrEqual(value - EPS);
        }
      }),
      RUNS,
    );
  });

  it("pass@k is non-decreasing in k and pass^k non-increasing", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        for (const t of computeReport(r).tasks) {
          const ks = Object.keys(t.passAtK)
            .map(Number)
            .sort((a, b) => a - b);
          for (let i = 1; i < ks.length; i++) {
            expect(t.passAtK[ks[i]!]!).toBeGreaterThanOrEqual(t.passAtK[ks[i - 1]!]! - EPS);
            expect(t.passHatK[ks[i]!]!).toBeLessThanOrEqual(t.passHatK[ks[i - 1]!]! + EPS);
          }
        }
      }),
      RUNS,
    );
  });

  it("compareRuns(a, a) has delta 0, no flips and no regression", () => {
    fc.assert(
      fc.property(arbRun, (r) => {
        const c = compareRuns(r, r);
        if (c.headline.delta !== null) expect(Math.abs(c.headline.delta)).toBeLessThan(EPS);
        for (const m of Object.values(c.metrics)) if (m.delta !== null) expect(Math.abs(m.delta)).toBeLessThan(EPS);
        expect(c.flips.passToFail).toBe(0);
        expect(c.flips.failToPass).toBe(0);
        expect(c.tasks.every((t) => t.flip === null)).toBe(true);
        expect(c.regression).toBe(false);
      }),
      RUNS,
    );
  });

  it("permuting the order of tasks and rollouts does not change any metric value", () => {
    const arbShuffled = arbRun.chain((r) =>
      fc
        .tuple(
          fc.shuffledSubarray([...r.tasks], { minLength: r.tasks.length }),
          fc.shuffledSubarray([...r.rollouts], { minLength: r.rollouts.length }),
        )
        .map(([tasks, rollouts]) => ({ r, shuffled: { ...r, tasks, rollouts } })),
    );
    fc.assert(
      fc.property(arbShuffled, ({ r, shuffled }) => {
        expectClose(values(computeReport(shuffled)), values(computeReport(r)));
      }),
      RUNS,
    );
  });
});
