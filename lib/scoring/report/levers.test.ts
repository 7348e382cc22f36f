import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { isGraded } from "../core/rollout";
import { SCHEMES } from "../core/schemes";
import type { ScoringCheck, ScoringRollout, ScoringRun } from "../core/types";
import { applyScenario } from "../scenario/apply-scenario";
import type { Scenario, ScenarioFlip } from "../scenario/scenario";
import { levers } from "./levers";
import { computeReport } from "./report";

const EPS = 1e-9;

/** The headline change a whole report gives for the scenario plus one flip (the definition levers() must meet). */
function fullDelta(r: ScoringRun, scenario: Scenario, flip: ScenarioFlip): number | null {
  const base = computeReport(r, scenario).headline.value;
  const flipped = computeReport(r, { ...scenario, flips: [...(scenario.flips ?? []), flip] }).headline.value;
  return base === null || flipped === null ? null : flipped - base;
}

describe("levers on the scoring-article run", () => {
  it("lists owner-lookup's C1 and C2 first at −16.7 pp, then checkout's, then csv-conversion's", () => {
    const list = levers(scoringArticle);
    expect(list.map((l) => [l.task, l.check, l.passed, Number((l.delta * 100).toFixed(1))])).toEqual([
      ["lookup/owner-lookup", "C1", false, -16.7],
      ["lookup/owner-lookup", "C2", false, -16.7],
      ["incident/checkout", "C1", false, -11.1],
      ["incident/checkout", "C2", false, -11.1],
      ["incident/checkout", "C3", true, 11.1],
      ["data/csv-conversion", "C1", false, -8.3],
      ["data/csv-conversion", "C2", false, -8.3],
      ["data/csv-conversion", "C3", true, 8.3],
      ["data/csv-conversion", "C4", true, 8.3],
    ]);
    expect(list[0]!.delta).toBeCloseTo(-1 / 6, 12);
    expect(list[0]!.label).toBe("C1 Names the owning team");
  });

  it("under the check scheme the grounding and authority verdicts still move nothing (correctness headline)", () => {
    const list = levers(scoringArticle, { headline: { scheme: "check" } });
    expect(list.every((l) => l.check.startsWith("C"))).toBe(true);
    for (const l of list) {
      const expected = fullDelta(
        scoringArticle,
        { headline: { scheme: "check" } },
        {
          task: l.task,
          check: l.check,
          passed: l.passed,
        },
      );
      expect(l.delta).toBeCloseTo(expected!, 12);
    }
  });

  it("keeps the ten largest", () => {
    const twelve = run(
      [task("t")],
      [
        rollout(
          "r",
          "t",
          Array.from({ length: 12 }, (_, i) => check(`c${i}`, i % 2 === 0, { required: false })),
        ),
      ],
    );
    expect(levers(twelve)).toHaveLength(10);
    expect(levers(twelve, {}, 3)).toHaveLength(3);
  });
});

describe("levers: which way a check is flipped", () => {
  it("against the verdict most rollouts give, a tie counted as failed", () => {
    const r = run(
      [task("t")],
      [
        rollout("a", "t", [check("mostly-fails", false), check("tie", true), check("ungraded", null)]),
        rollout("b", "t", [check("mostly-fails", false), check("tie", false), check("ungraded", null)]),
        rollout("c", "t", [check("mostly-fails", true)]),
      ],
    );
    const list = levers(r, {}, Infinity);
    expect(list.map((l) => [l.check, l.passed])).toEqual([
      ["mostly-fails", true],
      ["tie", false],
    ]);
  });

  it("reads verdicts as the scenario leaves them, and a lever undoing a scenario flip restores the recorded reward", () => {
    const r = run(
      [task("t"), task("u")],
      [
        rollout("a", "t", [check("c1", true), check("c2", true, { required: false })], { reportedReward: 0.9 }),
        rollout("b", "u", [check("c1", false)], { reportedReward: 0.2 }),
      ],
    );
    const scenario: Scenario = { headline: { metric: "reward" }, flips: [{ task: "t", check: "c1", passed: false }] };
    const list = levers(r, scenario, Infinity);
    const undo = list.find((l) => l.task === "t" && l.check === "c1")!;
    expect(undo.passed).toBe(true);
    expect(undo.delta).toBeCloseTo(fullDelta(r, scenario, { task: "t", check: "c1", passed: true })!, 12);
  });
});

// Random runs as in report.property.test.ts, with reward and grade rules, measures, labels that differ from
// keys, and a random scenario (headline, scheme, unscored policy, a flip, a required change, a budget).
const DIMENSIONS = ["correctness", "authority", "grounding"] as const;

const arbCheck = (key: string): fc.Arbitrary<ScoringCheck> =>
  fc
    .record({
      dimension: fc.constantFrom(...DIMENSIONS),
      required: fc.boolean(),
      status: fc.constantFrom("graded", "graded", "graded", "not_assigned", "error"),
      passed: fc.boolean(),
      score: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null, freq: 3 }),
      weight: fc.constantFrom(0.2, 0.5, 1),
    })
    .map(({ dimension, required, status, passed, score, weight }) => {
      const extra = { dimension, required, weight, label: `${key} label` };
      return status === "graded"
        ? check(key, passed, {
            ...extra,
            score: score === null ? null : passed ? Math.max(score, 0.5) : Math.min(score, 0.5),
          })
        : check(key, null, { ...extra, status });
    });

const arbRollout = (taskKey: string, id: string): fc.Arbitrary<ScoringRollout> =>
  fc
    .record({
      unscored: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x < 0.15),
      rule: fc.constantFrom("checks", "checks", "reward", "grade"),
      checks: fc
        .integer({ min: 0, max: 4 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbCheck(`c${i}`)))),
      reward: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null, freq: 4 }),
      toolCalls: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
    })
    .map(({ unscored, rule, checks, reward, toolCalls }) => {
      const measures = toolCalls === undefined ? {} : { measures: { toolCalls } };
      const graded = checks.some((c) => c.status === "graded");
      if (unscored || (!graded && reward === null))
        return rollout(id, taskKey, checks, { status: "unscored", rule, ...measures });
      return rollout(id, taskKey, checks, { reportedReward: reward, rule, ...measures });
    });

const arbRun: fc.Arbitrary<ScoringRun> = fc
  .array(
    fc.record({
      group: fc.constantFrom("g1", "g2", "g3", ""),
      rollouts: fc.integer({ min: 1, max: 4 }),
      weight: fc.constantFrom(1, 1, 2, 0.5, 0),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .chain((specs) => {
    const tasks = specs.map((s, i) => task(s.group ? `${s.group}/t${i}` : `t${i}`, { weight: s.weight }));
    const rollouts = specs.flatMap((s, i) =>
      Array.from({ length: s.rollouts }, (_, r) => arbRollout(tasks[i]!.key, `t${i}-r${r}`)),
    );
    return fc.tuple(...rollouts).map((rs) => run(tasks, rs, { passThreshold: 0.7 }));
  });

const arbScenario = (r: ScoringRun): fc.Arbitrary<Scenario> =>
  fc
    .record({
      metric: fc.constantFrom(undefined, undefined, "correctness", "completion", "reward", "authority"),
      scheme: fc.constantFrom(...SCHEMES),
      unscored: fc.constantFrom(undefined, "fail" as const),
      flip: fc.option(
        fc.record({
          task: fc.constantFrom(...r.tasks.map((t) => t.key)),
          check: fc.constantFrom("c0", "c1", "c2"),
          passed: fc.boolean(),
        }),
        { nil: undefined, freq: 2 },
      ),
      required: fc.option(fc.record({ check: fc.constantFrom("c0", "c1 label"), required: fc.boolean() }), {
        nil: undefined,
        freq: 2,
      }),
      toolCalls: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined, freq: 2 }),
      groupWeight: fc.constantFrom(undefined, 0, 3),
    })
    .map(({ metric, scheme, unscored, flip, required, toolCalls, groupWeight }) => {
      const s: Scenario = { headline: { scheme, ...(metric === undefined ? {} : { metric }) } };
      if (unscored) s.unscored = unscored;
      if (flip) s.flips = [flip];
      if (required) s.required = [required];
      if (toolCalls !== undefined) s.budget = { toolCalls };
      if (groupWeight !== undefined) s.groupWeights = { g1: groupWeight };
      return s;
    });

/** The flip levers() should try for each (task, check key), from the checks as the scenario leaves them. */
function expectedFlips(r: ScoringRun, scenario: Scenario): ScenarioFlip[] {
  const applied = applyScenario(r, scenario).run;
  const out: ScenarioFlip[] = [];
  for (const t of r.tasks) {
    const tally = new Map<string, { passes: number; failures: number }>();
    for (const ro of applied.rollouts.filter((x) => x.task === t.key)) {
      for (const c of ro.checks) {
        const entry = tally.get(c.key) ?? { passes: 0, failures: 0 };
        tally.set(c.key, entry);
        if (isGraded(c) && c.passed === true) entry.passes += 1;
        if (isGraded(c) && c.passed === false) entry.failures += 1;
      }
    }
    for (const [key, { passes, failures }] of tally)
      if (passes + failures > 0) out.push({ task: t.key, check: key, passed: failures > passes });
  }
  return out;
}

describe("levers: properties", () => {
  it("each lever's delta is the full report's headline change under that flip, and no lever with an effect is missing", () => {
    const arb = arbRun.chain((r) => arbScenario(r).map((scenario) => ({ r, scenario })));
    fc.assert(
      fc.property(arb, ({ r, scenario }) => {
        const list = levers(r, scenario, Infinity);
        for (const l of list) {
          const expected = fullDelta(r, scenario, { task: l.task, check: l.check, passed: l.passed });
          expect(expected, `${l.task} ${l.check}`).not.toBeNull();
          expect(Math.abs(l.delta - expected!), `${l.task} ${l.check}`).toBeLessThan(EPS);
        }
        // Every flip with a visible effect is a lever; a lever outside them moved the headline by less than EPS
        // (levers keeps effects above 1e-12, so a flip of a check scored 1e-9 is both, within float noise).
        const withEffect = expectedFlips(r, scenario).filter((f) => Math.abs(fullDelta(r, scenario, f) ?? 0) > EPS);
        const listed = new Set(list.map((l) => `${l.task} ${l.check} ${l.passed}`));
        const expected = new Set(withEffect.map((f) => `${f.task} ${f.check} ${f.passed}`));
        expect([...expected].filter((key) => !listed.has(key))).toEqual([]);
        for (const l of list)
          if (!expected.has(`${l.task} ${l.check} ${l.passed}`)) expect(Math.abs(l.delta)).toBeLessThanOrEqual(EPS);
        for (let i = 1; i < list.length; i++)
          expect(Math.abs(list[i]!.delta)).toBeLessThanOrEqual(Math.abs(list[i - 1]!.delta));
      }),
      { numRuns: 150 },
    );
  });
});
