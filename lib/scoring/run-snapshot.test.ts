import { describe, expect, it } from "vitest";
import { scoringArticle } from "./__fixtures__/scoring-article";
import { computeReport } from "./report/report";
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
});
