import { describe, expect, it } from "vitest";
import { scoringArticle } from "./__fixtures__/scoring-article";
import { siloRuns } from "./__fixtures__/silo-runs";
import { encodeColumns } from "./columns/column-bytes";
import { columnsOf } from "./columns/columns-of";
import { checkTallies } from "./report/check-tallies";
import { levers } from "./report/levers";
import { computeReport } from "./report/report";
import { headlineRobustness, policyReports } from "./report/robustness";
import { RunSnapshot } from "./run-snapshot";
import { decodeBinaryRun } from "./wire/binary-run";

describe("RunSnapshot", () => {
  it("computes the as-recorded report and the browser encoding once, from its run", () => {
    const run = structuredClone(scoringArticle);
    const snapshot = new RunSnapshot(run);
    expect(snapshot.run).toBe(run);
    expect(snapshot.recorded).toEqual(computeReport(scoringArticle));
    expect(snapshot.recorded).toBe(snapshot.recorded);
    expect(decodeBinaryRun(snapshot.binary)).toStrictEqual(scoringArticle);
    expect(snapshot.binary).toBe(snapshot.binary);
  });

  it("gives the headline under a scenario, the same for the same scenario written another way", () => {
    const snapshot = new RunSnapshot(scoringArticle);
    const scenario = { headline: { scheme: "check" as const }, unscored: "exclude" as const };
    const headline = snapshot.headlineUnder(scenario);
    expect(headline).toEqual(computeReport(scoringArticle, scenario).headline);
    expect(headline.value).toBeCloseTo(2 / 3, 10);
    expect(snapshot.headlineUnder({ headline: { scheme: "check" } })).toBe(headline);
    expect(snapshot.headlineUnder({})).toBe(snapshot.recorded.headline);
  });

  it("read from bytes, holds columns only and scores them: every figure the objects give", () => {
    const bytes = encodeColumns(columnsOf(siloRuns));
    const snapshot = RunSnapshot.fromBytes(bytes);
    expect(snapshot.binary).toBe(bytes);
    expect(snapshot.columns.checkCode.buffer).toBe(bytes.buffer);
    const flip = { flips: [{ task: "finance/TASK-007", check: "C1", passed: false }], unscored: "fail" as const };
    expect(snapshot.recorded).toStrictEqual(computeReport(siloRuns));
    expect(snapshot.report(flip)).toStrictEqual(computeReport(siloRuns, flip));
    expect(snapshot.checkTallies(flip)).toStrictEqual(checkTallies(siloRuns, flip));
    expect(snapshot.levers).toStrictEqual(levers(siloRuns));
    expect(snapshot.leversUnder(flip)).toStrictEqual(levers(siloRuns, flip));
    expect(snapshot.robustness(flip)).toStrictEqual(headlineRobustness(policyReports(siloRuns, flip), flip));
    // The objects are made only for a caller that asks for them.
    expect(snapshot.run).toStrictEqual(siloRuns);
  });
});
