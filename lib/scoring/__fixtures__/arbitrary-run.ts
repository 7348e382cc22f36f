import fc from "fast-check";
import type { ScoringCheck, ScoringRollout, ScoringRun, ScoringTask } from "../core/types";

// Arbitrary runs, not only valid ones: strings built from characters that stress the string tables and the
// front coding (shared prefixes, commas, digits, surrogate pairs and lone halves), any double, every
// optional field present or absent.

const text = fc.string({
  unit: fc.constantFrom("a", "b", "/", "-", ",", "1", "é", "😀", "\ud83d", "\ude00"),
  maxLength: 8,
});
const number = fc.double({ noNaN: true, noDefaultInfinity: true });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** Plain objects, as JSON and the database give (fast-check's default has a null prototype). */
const PLAIN = { noNullPrototype: true } as const;

const arbCheck: fc.Arbitrary<ScoringCheck> = fc.record(
  {
    key: fc.constantFrom("C1", "C2", "G1", ""),
    label: fc.oneof(fc.constantFrom("C1 label", "C2"), text),
    passed: fc.constantFrom(true, false, null),
    score: maybe(fc.oneof(fc.constantFrom(0, 1, -0, 0.5), number)),
    required: fc.boolean(),
    dimension: fc.constantFrom("correctness", "authority", "grounding", "custom"),
    status: fc.constantFrom("graded", "not_assigned", "error"),
    weight: maybe(fc.oneof(fc.constantFrom(0, -0, 0.5), number)),
    failureTag: maybe(fc.constantFrom("A", "B", "")),
  },
  PLAIN,
);

const arbRollout: fc.Arbitrary<ScoringRollout> = fc
  .record(
    {
      id: text,
      task: fc.oneof(fc.constantFrom("g/t1", "t2"), text),
      status: fc.constantFrom("scored", "unscored"),
      rule: fc.constantFrom("checks", "reward", "grade"),
      reportedPassed: fc.constantFrom(true, false, null),
      reportedReward: maybe(number),
      penalties: fc.oneof(fc.constant(0), number),
      gate: maybe(fc.constantFrom("C1", "defect_matching")),
      checks: fc.array(arbCheck, { maxLength: 5 }),
      source: optional(text),
      warnings: optional(fc.array(text, { maxLength: 2 })),
      unscoredReason: optional(text),
      measures: optional(
        fc.record(
          {
            costUsd: fc.double({ min: 0, max: 1e6, noNaN: true }),
            toolCalls: fc.nat(),
            steps: fc.nat(),
            durationMs: fc.nat(),
          },
          { requiredKeys: [], noNullPrototype: true },
        ),
      ),
    },
    PLAIN,
  )
  .map(({ source, warnings, measures, unscoredReason, ...r }) => ({
    ...r,
    ...(source === undefined ? {} : { source }),
    ...(warnings === undefined ? {} : { warnings }),
    ...(measures === undefined ? {} : { measures }),
    ...(unscoredReason === undefined ? {} : { unscoredReason }),
  }));

const arbTask: fc.Arbitrary<ScoringTask> = fc.record(
  { key: text, taskId: text, name: maybe(text), group: maybe(text), weight: number },
  PLAIN,
);

export const arbRun: fc.Arbitrary<ScoringRun> = fc
  .record(
    {
      name: text,
      format: fc.constantFrom("silo", "harbor"),
      tasks: fc.array(arbTask, { maxLength: 4 }),
      rollouts: fc.array(arbRollout, { maxLength: 8 }),
      passThreshold: number,
      warnings: optional(fc.array(text, { maxLength: 2 })),
      regrades: optional(
        fc.array(
          fc.record({ rollout: text, originalReward: maybe(number), newReward: maybe(number), change: text }, PLAIN),
          { maxLength: 2 },
        ),
      ),
    },
    PLAIN,
  )
  .map(({ warnings, regrades, ...r }) => ({
    ...r,
    ...(warnings === undefined ? {} : { warnings }),
    ...(regrades === undefined ? {} : { regrades }),
  }));
