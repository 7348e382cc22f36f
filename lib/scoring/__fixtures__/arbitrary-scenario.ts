import fc from "fast-check";
import { check, rollout, run, task } from "./build";
import { SCHEMES } from "../core/schemes";
import type { ScoringCheck, ScoringRollout, ScoringRun } from "../core/types";
import type { Scenario, ScenarioFlip, ScenarioRequired } from "../scenario/scenario";

// Runs whose scores mean something (tasks in groups, rollouts of every rule, scored and unscored, partial
// credit, gates, penalties, measures, regrades) and scenarios built from the names a run has (task keys and
// bare ids, check keys and labels, groups, rollout ids), with some names no run has, for the columnar scorer's
// differential test against computeReport.

const DIMENSIONS = ["correctness", "authority", "grounding", "style"] as const;
const KEYS = ["c0", "c1", "c2", "c3", "defect_matching"] as const;

const arbCheck: fc.Arbitrary<ScoringCheck> = fc
  .record({
    key: fc.constantFrom(...KEYS),
    label: fc.constantFrom("first", "second", "c1", ""),
    dimension: fc.constantFrom(...DIMENSIONS),
    required: fc.boolean(),
    status: fc.constantFrom("graded", "graded", "graded", "not_assigned", "error"),
    passed: fc.constantFrom(true, false, null),
    score: fc.option(fc.constantFrom(0, 1, 0.5, 0.25, -0, 0.1 + 0.2), { nil: null, freq: 2 }),
    weight: fc.option(fc.constantFrom(0.25, 0.5, 1, 0), { nil: null }),
    failureTag: fc.option(fc.constantFrom("TAG_A", "TAG_B"), { nil: null }),
  })
  .map(({ key, label, ...rest }) => check(key, rest.passed, { ...rest, label: label === "" ? key : label }));

const arbMeasures = fc.option(
  fc.record(
    { costUsd: fc.constantFrom(0.1, 0.5, 2), toolCalls: fc.nat({ max: 20 }), tokens: fc.nat({ max: 5000 }) },
    { requiredKeys: [], noNullPrototype: true },
  ),
  { nil: undefined },
);

const arbRollout = (taskKey: string, id: string): fc.Arbitrary<ScoringRollout> =>
  fc
    .record({
      checks: fc.array(arbCheck, { maxLength: 5 }),
      unscored: fc.constantFrom(false, false, false, true),
      rule: fc.constantFrom("checks", "checks", "reward", "grade"),
      reward: fc.option(fc.constantFrom(0, 0.3, 0.5, 0.75, 1, 1.2, -0.1), { nil: null }),
      penalties: fc.constantFrom(0, 0, 0.1),
      gate: fc.option(fc.constantFrom("defect_matching", "c0", "nope"), { nil: null, freq: 3 }),
      measures: arbMeasures,
      reason: fc.option(fc.constantFrom("RewardFileNotFoundError", "no reward"), { nil: undefined }),
      source: fc.option(fc.constantFrom("a/result.json", "b/result.json"), { nil: undefined }),
      warnings: fc.option(fc.array(fc.constantFrom("w1", "w2"), { maxLength: 2 }), { nil: undefined }),
    })
    .map((r) =>
      rollout(id, taskKey, r.checks, {
        status: r.unscored ? "unscored" : "scored",
        rule: r.rule,
        reportedReward: r.reward,
        penalties: r.penalties,
        gate: r.gate,
        ...(r.measures === undefined ? {} : { measures: r.measures }),
        ...(r.unscored && r.reason !== undefined ? { unscoredReason: r.reason } : {}),
        ...(r.source === undefined ? {} : { source: r.source }),
        ...(r.warnings === undefined ? {} : { warnings: r.warnings }),
      }),
    );

/** 1–7 tasks (some sharing a bare id across groups, some undeclared), 1–4 rollouts each, in any order. */
export const arbScoredRun: fc.Arbitrary<ScoringRun> = fc
  .array(
    fc.record({
      group: fc.constantFrom("g1", "g2", ""),
      id: fc.constantFrom("t0", "t1", "t2", "t3"),
      rollouts: fc.integer({ min: 1, max: 4 }),
      weight: fc.constantFrom(1, 1, 2, 0.5, 0),
      declared: fc.constantFrom(true, true, true, true, false),
    }),
    { minLength: 1, maxLength: 7 },
  )
  .chain((specs) => {
    const tasks = specs.map((s) => task(s.group ? `${s.group}/${s.id}` : s.id, { weight: s.weight }));
    const rollouts = specs.flatMap((s, i) =>
      Array.from({ length: s.rollouts }, (_, r) => arbRollout(tasks[i]!.key, `${tasks[i]!.key}-r${r}`)),
    );
    return fc
      .tuple(fc.tuple(...rollouts), fc.boolean(), fc.option(fc.constantFrom(1, 0.5), { nil: undefined }), fc.boolean())
      .chain(([rs, shuffle, threshold, regraded]) =>
        (shuffle ? fc.shuffledSubarray(rs, { minLength: rs.length }) : fc.constant(rs)).map((ordered) =>
          run(
            tasks.filter((_, i) => specs[i]!.declared),
            ordered,
            {
              ...(threshold === undefined ? {} : { passThreshold: threshold }),
              ...(regraded
                ? {
                    regrades: ordered.slice(0, 2).map((r, i) => ({
                      rollout: r.id,
                      originalReward: r.reportedReward,
                      newReward: i === 0 ? 0.9 : null,
                      change: "regraded",
                    })),
                  }
                : {}),
              ...(threshold === 0.5 ? { warnings: ["run warning"] } : {}),
            },
          ),
        ),
      );
  });

/** The names a scenario may use for a run: its task keys and bare ids, check keys and labels, and strangers. */
function namesOf(r: ScoringRun) {
  const taskRefs = [
    ...new Set([...r.rollouts.map((o) => o.task), ...r.tasks.flatMap((t) => [t.key, t.taskId]), "nope"]),
  ];
  const checkRefs = [...new Set([...r.rollouts.flatMap((o) => o.checks.flatMap((c) => [c.key, c.label])), "nope"])];
  const rolloutIds = [...new Set([...r.rollouts.map((o) => o.id), "nope"])];
  const groups = [...new Set([...r.tasks.map((t) => t.group ?? "(none)"), "nope"])];
  return { taskRefs, checkRefs, rolloutIds, groups };
}

/** One flip of a check the run names (or not), in every rollout of its task or in one. */
export const arbFlip = (r: ScoringRun): fc.Arbitrary<ScenarioFlip> => {
  const { taskRefs, checkRefs, rolloutIds } = namesOf(r);
  return fc
    .record({
      task: fc.constantFrom(...taskRefs),
      check: fc.constantFrom(...checkRefs),
      passed: fc.boolean(),
      rollout: fc.option(fc.constantFrom(...rolloutIds), { nil: undefined, freq: 3 }),
    })
    .map(({ rollout, ...f }) => (rollout === undefined ? f : { ...f, rollout }));
};

const arbRequired = (r: ScoringRun): fc.Arbitrary<ScenarioRequired> => {
  const { taskRefs, checkRefs } = namesOf(r);
  return fc
    .record({
      check: fc.constantFrom(...checkRefs),
      required: fc.boolean(),
      task: fc.option(fc.constantFrom(...taskRefs), { nil: undefined }),
    })
    .map(({ task: t, ...e }) => (t === undefined ? e : { ...e, task: t }));
};

const METRICS = ["correctness", "completion", "authority", "grounding", "reward", "style", "missing"];

/** The headline (metric and scheme), task and group weights: what re-aggregates without re-scoring. */
export const arbAggregation = (r: ScoringRun): fc.Arbitrary<Scenario> => {
  const { taskRefs, groups } = namesOf(r);
  return fc
    .record(
      {
        headline: fc.record(
          { metric: fc.constantFrom(...METRICS), scheme: fc.constantFrom(...SCHEMES) },
          { requiredKeys: [], noNullPrototype: true },
        ),
        weights: fc.dictionary(fc.constantFrom(...taskRefs), fc.constantFrom(0, 0.5, 2, 3), {
          maxKeys: 3,
          noNullPrototype: true,
        }),
        groupWeights: fc.dictionary(fc.constantFrom(...groups), fc.constantFrom(0, 1, 2), {
          maxKeys: 2,
          noNullPrototype: true,
        }),
      },
      { requiredKeys: [], noNullPrototype: true },
    )
    .map((s) => s as Scenario);
};

/** Any scenario for the run: every field optional. */
export const arbScenario = (r: ScoringRun): fc.Arbitrary<Scenario> =>
  fc
    .record(
      {
        aggregation: arbAggregation(r),
        flips: fc.array(arbFlip(r), { maxLength: 3 }),
        required: fc.array(arbRequired(r), { maxLength: 2 }),
        unscored: fc.constantFrom("exclude", "fail"),
        passThreshold: fc.constantFrom(0.5, 0.75, 1),
        componentWeights: fc.dictionary(fc.constantFrom("c0", "defect_matching", "nope"), fc.constantFrom(0, 0.5, 2), {
          maxKeys: 2,
          noNullPrototype: true,
        }),
        budget: fc.record(
          { costUsd: fc.constantFrom(0.2, 1), toolCalls: fc.nat({ max: 10 }), tokens: fc.constantFrom(1000, 10_000) },
          { requiredKeys: [], noNullPrototype: true },
        ),
        regraded: fc.boolean(),
      },
      { requiredKeys: [], noNullPrototype: true },
    )
    .map(({ aggregation, ...rest }): Scenario => ({ ...(aggregation ?? {}), ...rest }));
