import { describe, expect, it } from "vitest";
import { scoringArticle } from "./__fixtures__/scoring-article";
import { computeReport } from "./report/report";
import { RunSnapshot } from "./run-snapshot";
import { decodeRun, type CompactRun } from "./wire/compact-run";

describe("RunSnapshot", () => {
  it("computes the as-recorded report and the browser encoding once, from its run", () => {
    const run = structuredClone(scoringArticle);
    const snapshot = new RunSnapshot(run);
    expect(snapshot.run).toBe(run);
    expect(snapshot.recorded).toEqual(computeReport(scoringArticle));
    expect(snapshot.recorded).toBe(snapshot.recorded);
    expect(decodeRun(JSON.parse(snapshot.compactJson) as CompactRun)).toStrictEqual(scoringArticle);
    expect(snapshot.compactJson).toBe(snapshot.compactJson);
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
});
