import { describe, expect, it } from "vitest";
import { scoringArticle } from "@/lib/scoring/__fixtures__/scoring-article";
import { siloRuns } from "@/lib/scoring/__fixtures__/silo-runs";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { compareRuns } from "@/lib/scoring/report/compare";
import { computeReport } from "@/lib/scoring/report/report";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import { resolveComparison, type CompareSource } from "./resolve";

interface Stored {
  id: string;
  baseline: boolean;
  run: ScoringRun;
}

/** Runs kept in a map, recording every look-up; `vanishing` runs are found but gone when loaded. */
function source(runs: Stored[], vanishing: string[] = []) {
  const finds: string[] = [];
  const loads: string[] = [];
  const byId = new Map(runs.map((r) => [r.id, r]));
  const src: CompareSource<Stored> = {
    find: async (id) => (finds.push(id), byId.get(id) ?? null),
    load: async (id) => (loads.push(id), vanishing.includes(id) ? null : (byId.get(id)?.run ?? null)),
  };
  return { src, finds, loads };
}

const x: Stored = { id: "x", baseline: false, run: scoringArticle };
const y: Stored = { id: "y", baseline: false, run: siloRuns };
const z: Stored = { id: "z", baseline: false, run: { ...siloRuns, name: "silo again" } };

describe("resolveComparison", () => {
  it("compares the first listed run (A) with each other run, as compareRuns does", async () => {
    const { src } = source([x, y, z]);
    const r = await resolveComparison({ runs: ["x", "y", "z"], metric: "correctness" }, src);
    expect(r.kind).toBe("compared");
    if (r.kind !== "compared") return;
    expect(r.order).toEqual({ a: "x", candidates: ["y", "z"], dropped: [] });
    expect(r.a.found).toBe(x);
    expect(r.a.report).toEqual(computeReport(scoringArticle, {}));
    // The run as columns: what the page reads of its rollouts.
    expect(r.a.run.rolloutId.all()).toEqual(scoringArticle.rollouts.map((o) => o.id));
    expect(r.a.run.name).toBe(scoringArticle.name);
    expect(r.candidates.map((c) => c.ref)).toEqual(["y", "z"]);
    expect(r.candidates[0]!.comparison).toEqual(compareRuns(scoringArticle, siloRuns, { metric: "correctness" }));
    expect(r.candidates[0]!.comparison.taskMetric).toBe("correctness");
  });

  it("uses a snapshot's as-recorded report as it is, and scores its run under a scenario", async () => {
    const snapshots = new Map([x, y].map((r) => [r.id, new RunSnapshot(r.run)]));
    const src: CompareSource<Stored> = {
      find: async (id) => [x, y].find((r) => r.id === id) ?? null,
      load: async (id) => snapshots.get(id) ?? null,
    };
    const recorded = await resolveComparison({ runs: ["x", "y"] }, src);
    if (recorded.kind !== "compared") throw new Error(recorded.kind);
    expect(recorded.a.run).toBe(snapshots.get("x")!.columns);
    expect(recorded.a.report).toBe(snapshots.get("x")!.recorded);
    expect(recorded.candidates[0]!.report).toBe(snapshots.get("y")!.recorded);
    expect(recorded.candidates[0]!.comparison).toEqual(compareRuns(scoringArticle, siloRuns));
    const scenario = { headline: { metric: "completion" } };
    const under = await resolveComparison({ runs: ["x", "y"], scenario }, src);
    if (under.kind !== "compared") throw new Error(under.kind);
    expect(under.a.report).toEqual(computeReport(scoringArticle, scenario));
  });

  it("takes the run marked as baseline as A, and an explicit a over it", async () => {
    const { src } = source([x, { ...y, baseline: true }]);
    const byBaseline = await resolveComparison({ runs: ["x", "y"] }, src);
    expect(byBaseline.kind === "compared" && byBaseline.order.a).toBe("y");
    const explicit = await resolveComparison({ runs: ["x", "y"], a: "x" }, src);
    expect(explicit.kind === "compared" && explicit.order.a).toBe("x");
    const notListed = await resolveComparison({ runs: ["x", "y"], a: "q" }, src);
    expect(notListed.kind === "compared" && notListed.order.a).toBe("y");
  });

  it("applies the scenario to both runs", async () => {
    const scenario = { flips: [{ task: "incident/checkout", check: "C3", passed: true }] };
    const again: Stored = { id: "again", baseline: false, run: { ...scoringArticle, name: "again" } };
    const { src } = source([x, again]);
    const r = await resolveComparison({ runs: ["x", "again"], scenario }, src);
    if (r.kind !== "compared") throw new Error(r.kind);
    const { headline } = r.candidates[0]!.comparison;
    expect(headline.a).toBeCloseTo(0.8333, 4);
    expect(headline.b).toBeCloseTo(0.8333, 4);
    expect(compareRuns(scoringArticle, again.run).headline.a).toBeCloseTo(0.7222, 4);
  });

  it("names unknown runs and what it found, and loads nothing", async () => {
    const { src, loads } = source([x, y]);
    expect(await resolveComparison({ runs: ["x", "nope", "y"] }, src)).toEqual({
      kind: "unknown",
      unknown: ["nope"],
      found: [x, y],
    });
    expect(loads).toEqual([]);
  });

  it("needs two runs, and compares one run given twice with itself", async () => {
    const { src } = source([x]);
    expect(await resolveComparison({ runs: ["x", ""] }, src)).toEqual({ kind: "too-few", found: [x] });
    expect(await resolveComparison({ runs: [] }, src)).toEqual({ kind: "too-few", found: [] });
    const self = await resolveComparison({ runs: ["x", "x"] }, src);
    expect(self.kind === "compared" && [self.a.ref, ...self.candidates.map((c) => c.ref)]).toEqual(["x", "x"]);
    expect(self.kind === "compared" && self.candidates[0]!.comparison).toMatchObject({
      headline: { delta: 0, se: 0 },
      flips: { passToFail: 0, failToPass: 0 },
      regression: false,
    });
  });

  it("looks up no more than three runs and reports the others as dropped", async () => {
    const { src, finds } = source([x, y, z]);
    const r = await resolveComparison({ runs: ["x", "y", "z", "w"] }, src);
    expect(finds).toEqual(["x", "y", "z"]);
    expect(r.kind === "compared" && r.order.dropped).toEqual(["w"]);
  });

  it("reports a run that goes between the look-up and the load as unknown", async () => {
    const { src } = source([x, y], ["y"]);
    expect(await resolveComparison({ runs: ["x", "y"] }, src)).toEqual({ kind: "unknown", unknown: ["y"], found: [x] });
  });
});
