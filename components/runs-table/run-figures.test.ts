import { describe, expect, it } from "vitest";
import type { RunListItem, RunSummary } from "@/lib/views/records";
import { runFigure, runFigureText, runMatches } from "./run-figures";

const summary: RunSummary = {
  tasks: 85,
  rollouts: 425,
  scored: 390,
  unscored: 35,
  passRate: 0.5,
  meanReward: 0.6626,
  headline: { metric: "correctness", scheme: "task", value: 0.585 },
  metrics: { completion: 0.25, correctness: 0.585 },
  warnings: 0,
};

const run = (over: Partial<RunListItem> = {}): RunListItem => ({
  id: "r1",
  name: "harbor-job",
  agent: "terminus",
  model: "gpt-5",
  format: "harbor",
  createdAt: null,
  ingestedAt: "2026-11-30T10:00:00.000Z",
  baseline: false,
  series: null,
  tags: ["nightly"],
  liveUntil: null,
  summary,
  ...over,
});

describe("runs table figures", () => {
  it("shows the same four figures for every run, — where a run has none", () => {
    expect(["passRate", "completion", "correctness", "meanReward"].map((f) => runFigure(run(), f as never))).toEqual([
      0.5, 0.25, 0.585, 0.6626,
    ]);
    const rewardOnly = run({ summary: { ...summary, metrics: { completion: 0.4, correctness: null } } });
    expect(runFigure(rewardOnly, "correctness")).toBeNull();
    expect(runFigureText(runFigure(rewardOnly, "correctness"), "correctness")).toBe("—");
    expect(runFigureText(0.6626, "meanReward")).toBe("0.663");
    expect(runFigureText(0.25, "completion")).toBe("25.0%");
    expect(runFigure(run({ summary: null }), "passRate")).toBeNull();
  });

  it("reads a summary stored without the metrics from its headline", () => {
    const { metrics: _, ...old } = summary;
    expect(runFigure(run({ summary: old }), "correctness")).toBe(0.585);
    expect(runFigure(run({ summary: old }), "completion")).toBeNull();
  });

  it("filters on names, tags, counts and figures, every word matching something the row shows", () => {
    expect(runMatches(run(), "")).toBe(true);
    expect(runMatches(run(), "HARBOR")).toBe(true);
    expect(runMatches(run(), "425")).toBe(true);
    expect(runMatches(run(), "35 unscored")).toBe(true);
    expect(runMatches(run(), "58.5%")).toBe(true);
    expect(runMatches(run(), "nightly gpt-5")).toBe(true);
    expect(runMatches(run(), "426")).toBe(false);
    expect(runMatches(run(), "harbor silo")).toBe(false);
    expect(runMatches(run({ summary: null }), "425")).toBe(false);
  });
});
