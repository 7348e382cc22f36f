import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbRun } from "./__fixtures__/arbitrary-run";
import { arbScenario, arbScoredRun } from "./__fixtures__/arbitrary-scenario";
import { columnsOf } from "./columns/columns-of";
import { rolloutMeasures, rolloutsAt, unscoredReasons } from "./columns/rollouts-at";
import { runOfColumns } from "./columns/run-of-columns";
import type { ScoringRun } from "./core/types";
import {
  failureGroupIdsOfColumns,
  failureGroupsOf,
  failureGroupsOfColumns,
  groupIdOf,
  groupKeyOf,
  isFailure,
  runFailureFacts,
} from "./report/failure-groups";
import { computeReport } from "./report/report";
import { RunSnapshot } from "./run-snapshot";
import { checkKeys, checkKeysOf, checkKeysOfRuns } from "./view/check-keys";
import { rolloutCheckCells, taskCheckGrid } from "./view/check-grid";
import { firstRolloutByTask, firstRolloutsOf } from "./view/first-rollouts";
import { passRule } from "./view/pass-rule";
import { commonTaskChecks, commonTaskChecksOf } from "./view/task-checks";

// What a page about one task or rollout reads of a snapshot, against the same read of the whole run's objects:
// a task's rows of the report, its part of the run as objects, and the cells and grid computed from that part.

const RUNS = { numRuns: 200 };

const withScenario = (arb: fc.Arbitrary<ScoringRun>) =>
  arb.chain((r) => arbScenario(r).map((scenario) => ({ r, scenario })));

describe("a snapshot's parts equal the whole run's", () => {
  it("rolloutsAt gives runOfColumns' rollouts, any subset in any order", () => {
    fc.assert(
      fc.property(
        arbRun.chain((r) =>
          fc
            .shuffledSubarray(
              r.rollouts.map((_, i) => i),
              { minLength: 0 },
            )
            .map((picked) => ({ r, picked })),
        ),
        ({ r, picked }) => {
          const c = columnsOf(r);
          const all = runOfColumns(c).rollouts;
          expect(
            rolloutsAt(
              c,
              all.map((_, i) => i),
            ),
          ).toStrictEqual(all);
          expect(rolloutsAt(c, picked)).toStrictEqual(picked.map((i) => all[i]));
          expect(rolloutMeasures(c)).toStrictEqual(
            r.rollouts.map((x) =>
              x.measures === undefined ? { status: x.status } : { status: x.status, measures: x.measures },
            ),
          );
          expect(unscoredReasons(c)).toStrictEqual(
            r.rollouts.flatMap((x) =>
              x.unscoredReason === undefined ? [] : [{ id: x.id, unscoredReason: x.unscoredReason }],
            ),
          );
        },
      ),
      RUNS,
    );
  });

  it("taskFigures gives the report's rows of a task and of its rollouts, after any other scenario", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const snapshot = new RunSnapshot(columnsOf(r));
        const report = computeReport(r, scenario);
        snapshot.report({}); // the scorer holds another scenario first
        for (const task of report.tasks) {
          const figures = snapshot.taskFigures(task.key, scenario)!;
          expect(figures.task).toStrictEqual(report.tasks.find((t) => t.key === task.key));
          expect(figures.rollouts).toStrictEqual(report.rollouts.filter((x) => x.task === task.key));
          expect(figures.scenarioDescription).toStrictEqual(report.scenarioDescription);
        }
        expect(snapshot.taskFigures("no such task", scenario)).toBeNull();
      }),
      RUNS,
    );
  });

  it("taskFigures scores one task alone, and whole reports after it stay computeReport's", () => {
    fc.assert(
      fc.property(withScenario(arbScoredRun), ({ r, scenario }) => {
        const snapshot = new RunSnapshot(columnsOf(r));
        const report = computeReport(r, scenario);
        const [first] = report.tasks;
        if (first === undefined) return;
        // Never scored whole: the task's rows come from that task alone.
        expect(snapshot.taskFigures(first.key, scenario)!.task).toStrictEqual(first);
        expect(snapshot.report(scenario)).toStrictEqual(report);
        for (const task of report.tasks) snapshot.taskFigures(task.key, {});
        expect(snapshot.report(scenario)).toStrictEqual(report);
        expect(snapshot.report({})).toStrictEqual(computeReport(r, {}));
      }),
      RUNS,
    );
  });

  it("failure groups from the columns equal those of the run's objects, under any scenario", () => {
    const failure = fc.option(
      fc.record({
        errorType: fc.option(fc.constantFrom("RuntimeError", "Timeout", " ")),
        message: fc.option(fc.constantFrom("exit 1 at /tmp/a.py", "exit 2 at /tmp/b.py", "")),
        lastTool: fc.option(fc.constantFrom("bash", "edit")),
      }),
      { nil: undefined },
    );
    const withFailures = arbScoredRun.chain((r) =>
      fc.array(failure, { minLength: r.rollouts.length, maxLength: r.rollouts.length }).map((fs) => ({
        ...r,
        rollouts: r.rollouts.map((x, i) => (fs[i] === undefined ? x : { ...x, failure: fs[i] })),
      })),
    );
    fc.assert(
      fc.property(withScenario(withFailures), ({ r, scenario }) => {
        const { rollouts } = computeReport(r, scenario);
        const c = columnsOf(r);
        // Another scenario first: what the columns keep of it must not leak into this one.
        failureGroupsOfColumns(c, computeReport(r, {}).rollouts);
        const groups = failureGroupsOfColumns(c, rollouts);
        expect(groups).toStrictEqual(failureGroupsOf(r, rollouts));
        // The same row objects (a change of headline metric or scheme): the same answer, not computed again.
        expect(failureGroupsOfColumns(c, [...rollouts])).toBe(groups);
        // Each failing rollout's group id, as the rollouts list filters by it, equals the objects' reading.
        const ids = new Map(
          runFailureFacts(r, rollouts)
            .filter(isFailure)
            .map((f) => [f.id, groupIdOf(groupKeyOf(f))]),
        );
        expect(failureGroupIdsOfColumns(c, rollouts)).toEqual(ids);
        // Verdicts out of run order are read by id (when ids are unique, as the store keeps them).
        if (new Set(r.rollouts.map((x) => x.id)).size === r.rollouts.length)
          expect(failureGroupsOfColumns(c, [...rollouts].reverse())).toStrictEqual(groups);
      }),
      RUNS,
    );
  });

  it("a task's part gives the cells and grid the whole run gives, under any scenario", () => {
    fc.assert(
      fc.property(withScenario(arbRun), ({ r, scenario }) => {
        const snapshot = new RunSnapshot(columnsOf(r));
        for (const rollout of r.rollouts) {
          const key = snapshot.taskOfRollout(rollout.id)!;
          const first = r.rollouts.find((x) => x.id === rollout.id)!;
          expect(key).toBe(first.task);
          const part = snapshot.taskPart(key)!;
          expect(part.rollouts).toStrictEqual(r.rollouts.filter((x) => x.task === key));
          // A rollout id the run holds twice (a store never does) names no one rollout for the whole run's cells.
          if (r.rollouts.filter((x) => x.id === rollout.id).length === 1)
            expect(rolloutCheckCells(part, rollout.id, scenario)).toStrictEqual(
              rolloutCheckCells(r, rollout.id, scenario),
            );
          expect(taskCheckGrid(part, key, scenario)).toStrictEqual(taskCheckGrid(r, key, scenario));
        }
        expect(snapshot.taskOfRollout("\u0000none")).toBeNull();
      }),
      { numRuns: 150 },
    );
  });

  it("the compare page's and run page's facts read from columns equal those read from objects", () => {
    fc.assert(
      fc.property(fc.array(arbRun, { minLength: 1, maxLength: 3 }), (runs) => {
        const columns = runs.map((r) => columnsOf(r));
        expect(commonTaskChecksOf(columns)).toStrictEqual(commonTaskChecks(runs));
        expect(checkKeysOfRuns(columns)).toStrictEqual(checkKeys({ rollouts: runs.flatMap((r) => r.rollouts) }));
        runs.forEach((r, i) => {
          const c = columns[i]!;
          expect(checkKeysOf(c)).toStrictEqual(checkKeys(r));
          expect(firstRolloutsOf(c)).toStrictEqual(firstRolloutByTask(r));
          expect(passRule(c)).toStrictEqual(passRule(r));
          expect(passRule(c, { passThreshold: 0.25 })).toStrictEqual(passRule(r, { passThreshold: 0.25 }));
        });
      }),
      RUNS,
    );
  });
});
