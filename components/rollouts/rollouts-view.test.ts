import { describe, expect, it } from "vitest";
import { computeReport } from "@/lib/scoring/report/report";
import type { ScoringRollout, ScoringRun } from "@/lib/scoring/core/types";
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { failureGroupIdsOfColumns, failureGroupsOf } from "@/lib/scoring/report/failure-groups";
import { filterRollouts, parseRolloutsView, recordedMeasures, statusCounts, writeRolloutsView } from "./rollouts-view";
import { rolloutRows } from "@/lib/views/rollout-list";

const rollout = (id: string, reward: number | null, unscoredReason?: string, tokens?: number): ScoringRollout => ({
  id,
  task: id.slice(0, 1),
  status: reward === null ? "unscored" : "scored",
  rule: "reward",
  reportedPassed: null,
  reportedReward: reward,
  penalties: 0,
  gate: null,
  checks: [],
  ...(unscoredReason !== undefined ? { unscoredReason } : {}),
  ...(tokens !== undefined ? { measures: { tokens } } : {}),
});

const run: ScoringRun = {
  name: "r",
  format: "harbor",
  passThreshold: 1,
  tasks: [
    { key: "a", taskId: "a", name: null, group: null, weight: 1 },
    { key: "b", taskId: "b", name: null, group: null, weight: 1 },
  ],
  rollouts: [
    rollout("a1", 1, undefined, 300),
    rollout("a2", 0, undefined, 500),
    rollout("a3", null, "RuntimeError", 9_000),
    rollout("b1", null, "RewardFileNotFoundError"),
    rollout("b2", null, "RewardFileNotFoundError"),
    rollout("b3", null),
  ],
};

describe("rollouts list", () => {
  const rows = rolloutRows(computeReport(run).rollouts, run.rollouts);

  it("labels each rollout pass, fail or unscored, with its unscored reason", () => {
    expect(rows.map((r) => [r.id, r.status, r.reason])).toEqual([
      ["a1", "pass", null],
      ["a2", "fail", null],
      ["a3", "unscored", "RuntimeError"],
      ["b1", "unscored", "RewardFileNotFoundError"],
      ["b2", "unscored", "RewardFileNotFoundError"],
      ["b3", "unscored", "no reason recorded"],
    ]);
    expect(statusCounts(rows)).toEqual({ pass: 1, fail: 1, unscored: 4 });
  });

  it("filters by status and by reason", () => {
    const ids = (query: string) => filterRollouts(rows, parseRolloutsView(new URLSearchParams(query))).map((r) => r.id);
    expect(ids("")).toHaveLength(6);
    expect(ids("status=fail")).toEqual(["a2"]);
    expect(ids("status=unscored")).toEqual(["a3", "b1", "b2", "b3"]);
    expect(ids("reason=RewardFileNotFoundError")).toEqual(["b1", "b2"]);
    // A reason implies unscored, whatever status the URL says.
    expect(ids("status=pass&reason=RuntimeError")).toEqual(["a3"]);
  });

  it("filters by the rollouts whose trace holds the words, kept in the URL with the other filters", () => {
    const view = parseRolloutsView({ trace: "  pip install ", status: "unscored" });
    expect(view.trace).toBe("pip install");
    const matches = new Set(["a1", "b1", "b3"]);
    expect(filterRollouts(rows, view, matches).map((r) => r.id)).toEqual(["b1", "b3"]);
    expect(filterRollouts(rows, { ...view, status: null }, matches).map((r) => r.id)).toEqual(["a1", "b1", "b3"]);
    expect(filterRollouts(rows, { ...view, status: null }, new Set()).map((r) => r.id)).toEqual([]);
    // Words that cannot be searched filter nothing out (the page says why).
    expect(filterRollouts(rows, { ...view, status: null }, null)).toHaveLength(6);
    expect(writeRolloutsView(view, null)).toBe("trace=pip+install&status=unscored");
    expect(parseRolloutsView({ trace: "x".repeat(501) }).trace).toBeNull();
  });

  it("filters by failure group: its rollouts only, under the report's verdicts; the id lives in the URL", () => {
    const failing: ScoringRun = {
      ...run,
      rollouts: run.rollouts.map((r) =>
        r.id === "b1" || r.id === "b2"
          ? { ...r, failure: { errorType: "RewardFileNotFoundError", message: null, lastTool: null } }
          : r,
      ),
    };
    const report = computeReport(failing);
    const grouped = rolloutRows(
      report.rollouts,
      failing.rollouts,
      failureGroupIdsOfColumns(columnsOf(failing), report.rollouts),
    );
    const group = failureGroupsOf(failing, report.rollouts).find((g) => g.errorType === "RewardFileNotFoundError")!;
    expect(grouped.find((r) => r.id === "a1")!.failureGroup).toBeNull();
    const view = parseRolloutsView({ failure: group.id });
    expect(filterRollouts(grouped, view).map((r) => r.id)).toEqual(["b1", "b2"]);
    expect(writeRolloutsView(view, null)).toBe(`failure=${group.id}`);
    // a2, a3 and b3 failed with no failure recorded: one group; a1 passed: none.
    expect(new Set(grouped.map((r) => r.failureGroup)).size).toBe(3);
  });

  it("reads anything malformed as its default and writes the scenario first, defaults left out", () => {
    expect(parseRolloutsView({ status: "bogus", page: "0", reason: "  ", sort: "-passed", failure: "../x" })).toEqual({
      status: null,
      reason: null,
      failure: null,
      page: 1,
      sort: null,
      trace: null,
    });
    const view = parseRolloutsView({ reason: "Runtime Error", page: "2" });
    const query = writeRolloutsView(view, '{"unscored":"fail"}');
    expect(query).toBe("scenario=%7B%22unscored%22%3A%22fail%22%7D&reason=Runtime+Error&page=2");
    expect(parseRolloutsView(new URLSearchParams(query))).toEqual(view);
    expect(writeRolloutsView({ status: null, reason: null, failure: null, page: 1, sort: null }, null)).toBe("");
  });

  it("sorts by a measure, unscored rollouts included, not recorded last both ways; the order lives in the URL", () => {
    const ids = (query: string) => filterRollouts(rows, parseRolloutsView(new URLSearchParams(query))).map((r) => r.id);
    expect(ids("sort=-tokens")).toEqual(["a3", "a2", "a1", "b1", "b2", "b3"]);
    expect(ids("sort=tokens")).toEqual(["a1", "a2", "a3", "b1", "b2", "b3"]);
    expect(ids("status=unscored&sort=-tokens")).toEqual(["a3", "b1", "b2", "b3"]);
    expect(ids("sort=-reward")).toEqual(["a1", "a2", "a3", "b1", "b2", "b3"]);
    const view = parseRolloutsView({ status: "unscored", sort: "-tokens" });
    expect(view.sort).toEqual({ key: "tokens", dir: "desc" });
    expect(writeRolloutsView(view, null)).toBe("status=unscored&sort=-tokens");
    expect(recordedMeasures(rows, ["costUsd", "tokens", "toolCalls"])).toEqual(["tokens"]);
  });
});
