import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixturePath, loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { failureGroupsOf, rolloutsInGroup, runFailureFacts } from "@/lib/scoring/report/failure-groups";
import { computeReport } from "@/lib/scoring/report/report";
import { decodeColumns, encodeColumns } from "@/lib/scoring/columns/column-bytes";
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { runOfColumns } from "@/lib/scoring/columns/run-of-columns";
import { parseBatch } from "./parse-batch";
import { toScoringRun } from "./to-scoring-run";

/**
 * Failure groups on a real Harbor job (the trimmed job-level result.json with two of its trial folders): the
 * groups by error type must match the job's own exception counts over its failed and unscored trials. A trial
 * that timed out and still scored 1.0 is no failure.
 */

interface Job {
  stats: {
    evals: Record<
      string,
      { reward_stats: { reward: Record<string, string[]> }; exception_stats: Record<string, string[]> }
    >;
  };
}

describe("failure groups of a Harbor job", () => {
  const batch = parseBatch(loadFixture("harbor-real"), { rootName: "harbor-real" });
  const run = batch.runs[0]!;
  const scoring = toScoringRun(run);
  const report = computeReport(scoring);
  // Through the stored path's columns and back, as a page reads the run.
  const facts = runFailureFacts(scoring, report.rollouts);
  const groups = failureGroupsOf(runOfColumns(decodeColumns(encodeColumns(columnsOf(scoring)))), report.rollouts);

  const job = JSON.parse(readFileSync(fixturePath("harbor-real", "job-result.trimmed.json"), "utf8")) as Job;
  const evals = Object.values(job.stats.evals)[0]!;
  const passes = new Set(evals.reward_stats.reward["1.0"]);

  it("is one run of the job's 19 listed trials", () => {
    expect(batch.runs).toHaveLength(1);
    expect(run.rollouts).toHaveLength(19);
  });

  it("groups by error type match the job's exception counts over its failed and unscored trials", () => {
    const expected: Record<string, number> = {};
    for (const [type, trials] of Object.entries(evals.exception_stats)) {
      const failing = trials.filter((t) => !passes.has(t)).length;
      if (failing > 0) expected[type] = failing;
    }
    const byType: Record<string, number> = {};
    for (const g of groups) if (g.errorType !== null) byType[g.errorType] = (byType[g.errorType] ?? 0) + g.count;
    expect(byType).toEqual(expected);
    // Counted by hand from the job file: AgentTimeoutError lists two trials, one of which scored 1.0.
    expect(byType).toEqual({ RuntimeError: 2, RewardFileNotFoundError: 2, AgentTimeoutError: 1, ValueError: 1 });
  });

  it("the timed-out trial that scored 1.0 is in no group; failures without an error type group together", () => {
    const failing = groups.flatMap((g) => rolloutsInGroup(facts, g.key));
    expect(failing).toHaveLength(15);
    expect(failing).not.toContain("earthquake-phase-association__HhYd2Tr");
    expect(failing).toContain("quantum-numerical-simulation__6pRt9dy");
    const plain = groups.filter((g) => g.errorType === null && g.message === null);
    // 0.0 ×3 (the fourth timed out), 0.85, 0.5712 ×2, 0.833 ×3: all below Harbor's pass mark of 1.0.
    expect(plain.map((g) => g.count)).toEqual([9]);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(15);
    expect(plain[0]!.share).toBeCloseTo(9 / 19, 10);
  });

  it("the trial folder's message is masked; the job-only trial of the same type has none", () => {
    const reward = groups.filter((g) => g.errorType === "RewardFileNotFoundError");
    expect(reward.map((g) => [g.count, g.message === null])).toEqual([
      [1, false],
      [1, true],
    ]);
    expect(reward[0]!.message).toBe("No reward file found at <path> or <path>");
  });
});
