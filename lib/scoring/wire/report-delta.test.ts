import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { computeReport } from "../report/report";
import { pageReportOf } from "../report/page-report";
import type { PageReport, Report } from "../report/report-types";
import { sameValue } from "../core/same-value";
import { applyReportDelta, reportDelta } from "./report-delta";

const run = syntheticScoringRun({ tasks: 20, rollouts: 3, checks: 4, groups: 2, seed: 11 });

/** The report as the run page holds it (pageReportOf). */
const page = (scenario = {}): PageReport => {
  const { rollouts: _rows, ...rest }: Report = computeReport(run, scenario);
  return pageReportOf(rest);
};

describe("sameValue", () => {
  it("compares JSON-like values by value", () => {
    expect(sameValue({ a: [1, { b: null }], c: "x" }, { c: "x", a: [1, { b: null }] })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(0, -0)).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValue(null, {})).toBe(false);
  });
});

describe("reportDelta", () => {
  it("sends what changed and shares the receiver's objects for the rest", () => {
    const recorded = page();
    const byCompletion = page({ headline: { metric: "completion" } });
    const first = reportDelta(null, recorded);
    expect(first).toEqual({ parts: recorded, same: [] });
    const received = applyReportDelta(null, structuredClone(first));

    const delta = reportDelta(recorded, byCompletion);
    expect(delta.same).toEqual(expect.arrayContaining(["tasks", "metrics", "counts"]));
    expect(Object.keys(delta.parts)).toEqual(expect.arrayContaining(["headline", "scenario"]));
    const next = applyReportDelta(received, structuredClone(delta));
    expect(next).toEqual(byCompletion);
    expect(next.tasks).toBe(received.tasks);
  });

  it("refuses a delta whose unchanged parts the receiver does not hold", () => {
    const delta = reportDelta(page(), page({ headline: { scheme: "check" } }));
    expect(() => applyReportDelta(null, delta)).toThrow(/was sent as unchanged, but no previous report holds it/);
  });
});

describe("reportDelta, row by row", () => {
  it("sends the task rows a flip changed, not the whole list, and the receiver keeps its other rows", () => {
    const recorded = page();
    const task = recorded.tasks[3]!.key;
    const flipped = page({ flips: [{ task, check: "C1", passed: false }] });
    const received = applyReportDelta(null, structuredClone(reportDelta(null, recorded)));
    const delta = reportDelta(recorded, flipped);
    expect(delta.parts.tasks).toBeUndefined();
    expect(delta.rows?.tasks?.map(([i]) => i)).toEqual([3]);
    const next = applyReportDelta(received, structuredClone(delta));
    expect(next).toEqual(flipped);
    expect(next.tasks[0]).toBe(received.tasks[0]);
    expect(next.tasks).not.toBe(received.tasks);
  });

  it("sends a list whole when most of its rows changed", () => {
    const recorded = page();
    const strict = page({ flips: run.tasks.map((t) => ({ task: t.key, check: "C1", passed: false })) });
    const delta = reportDelta(recorded, strict);
    expect(delta.rows?.tasks).toBeUndefined();
    expect(delta.parts.tasks).toBe(strict.tasks);
  });
});
