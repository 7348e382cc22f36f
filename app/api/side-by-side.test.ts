import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { loadSideBySide } from "@/lib/views/side-by-side";
import { getStore } from "@/lib/store/open-store";
import { POST as postRuns } from "./runs/route";
import { uploadRequest, useApiDatabase } from "./route-test-kit";
import { runSnapshot } from "@/lib/views/run-caches";

useApiDatabase("side-by-side");

async function upload(folder: string, run: string): Promise<string> {
  const files = loadFixture(folder).map((f) => ({ path: f.path, bytes: f.bytes }));
  const response = await postRuns(uploadRequest(files, { run }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

describe("loadSideBySide on a real SQLite store", () => {
  it("joins two stored rollouts: verdicts, check rows by key and their traces aligned", async () => {
    const id = await upload("traces/silo/scoring-article", "article");
    const data = await loadSideBySide(getStore(), {
      refs: [
        { runId: id, rolloutId: "checkout/result" },
        { runId: id, rolloutId: "csv-conversion/result" },
      ],
      from: 0,
    });
    if (data.kind !== "found") throw new Error(data.problems.join(" "));
    const [a, b] = data.columns;
    expect(a!.verdict).toMatchObject({ passed: false, reward: 0.8 });
    expect(b!.verdict).toMatchObject({ passed: false, reward: 0.4 });
    expect(a!.runName).toBe("article");
    // Both rollouts key their checks C1, C2, …: C1 passes in both, so it is among the rows that agree.
    expect(data.checks.find((r) => r.id === "C1")).toMatchObject({ differs: false });
    expect(data.checks.findIndex((r) => !r.differs)).toBeGreaterThan(0);
    expect(
      data.checks
        .slice(
          0,
          data.checks.findIndex((r) => !r.differs),
        )
        .every((r) => r.differs),
    ).toBe(true);
    // Each side carries what its verifier said beside its verdict.
    const c3 = data.checks.find((r) => r.id === "C3")!;
    expect(c3.sides[0]).toMatchObject({
      verdict: "fail",
      order: 2,
      detail: "Four pools of 64 require 256 connections; only 64 are available.",
      failureTag: "REMEDY_EXCEEDS_CONNECTION_BUDGET",
    });
    expect(c3.sides[1]).toMatchObject({ verdict: "fail", failureTag: "TIMESTAMP_NOT_UTC" });
    // Different tasks, different calls: they part ways at the first row.
    expect(data.alignment).toMatchObject({ divergences: [null, { row: 0 }], from: 0 });
    expect(data.alignment!.counts.map((c) => c.calls)).toEqual([5, 7]);
    expect(data.alignment!.rows[0]!.cells[0]!.cell).toMatchObject({ name: "get_deploy_diff", step: 1 });
  });

  it("three rollouts: aligned to the first, each check beside the step it cites, the rest on the card", async () => {
    const id = await upload("traces/silo/scoring-article", "article-3");
    const data = await loadSideBySide(getStore(), {
      refs: ["checkout/result", "csv-conversion/result", "checkout/result"].map((rolloutId) => ({
        runId: id,
        rolloutId,
      })),
      from: 0,
    });
    if (data.kind !== "found") throw new Error(data.problems.join(" "));
    expect(data.columns.map((c) => c.letter)).toEqual(["A", "B", "C"]);
    const window = data.alignment!;
    // The same rollout again never parts ways; the other task does at once.
    expect(window.divergences).toEqual([null, { row: 0, step: expect.any(Number) }, null]);
    expect(window.rows.filter((r) => r.diverging.length > 0).map((r) => [r.index, r.diverging])).toEqual([[0, [1]]]);
    // C3 cites e3, the output of get_capacity: its detail sits on that call's cell, in A and in C alike.
    const cited = window.rows.flatMap((r) =>
      r.cells.flatMap((c, col) =>
        (c?.cited ?? []).map((check) => [col, c!.cell.kind === "call" ? c!.cell.name : "", check.key, check.detail]),
      ),
    );
    expect(cited.filter(([col]) => col !== 1)).toEqual([
      [0, "get_capacity", "C3", "Four pools of 64 require 256 connections; only 64 are available."],
      [2, "get_capacity", "C3", "Four pools of 64 require 256 connections; only 64 are available."],
    ]);
    // The four checks citing nothing are listed on A's card, failed required ones first.
    const uncited = data.columns[0]!.uncited;
    expect(uncited.map((c) => c.key)).toHaveLength(4);
    expect(uncited.map((c) => c.key)).not.toContain("C3");
    const ranks = uncited.map((c) => (c.verdict === "fail" ? (c.required ? 0 : 1) : 2));
    expect([...ranks].sort()).toEqual(ranks);
  });

  it("reads two Harbor trials as the rollout page does: a trajectory on one side shown, none on the other", async () => {
    const trial = async (folder: string) => {
      const response = await postRuns(uploadRequest(loadFixture(folder, "trial/"), { run: `harbor-${folder}` }));
      expect(response.status).toBe(201);
      const runId = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
      const snapshot = await runSnapshot(getStore(), runId);
      return { runId, rolloutId: snapshot!.run.rollouts[0]!.id };
    };
    const a = await trial("traces/harbor/refreshdotdev/Hermes 70B-t-bench-ext/et-880c0c6c__EGzZx8R");
    const b = await trial("harbor-real/3d-scan-calc__F8Fc7fn");
    const data = await loadSideBySide(getStore(), { refs: [a, b], from: 0 });
    if (data.kind !== "found") throw new Error(data.problems.join(" "));
    const [left, right] = data.columns;
    expect(left!.trace.kind === "trace" && left!.trace.trace.totals.toolCalls).toBe(101);
    expect(right!.trace).toEqual({
      kind: "none",
      why: "no agent/trajectory.json or agent/<agent>.trajectory.json in the trial, nor a Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory, SWE-agent .traj, OpenHands event list or chat messages among its files",
    });
    // A's steps are shown aligned; B keeps an empty column and parts ways with no one.
    const window = data.alignment!;
    expect(window.withoutTrace).toEqual([false, true]);
    expect(window.divergences).toEqual([null, null]);
    expect(window.counts[0]!.calls).toBe(101);
    expect(window.total).toBe(window.counts[0]!.calls + window.counts[0]!.messages);
    expect(window.rows.every((row) => row.cells[0] !== null && row.cells[1] === null)).toBe(true);
  });

  it("names an unknown run and an unknown rollout", async () => {
    const id = await upload("traces/silo/scoring-article", "article-2");
    const data = await loadSideBySide(getStore(), {
      refs: [
        { runId: id, rolloutId: "nope" },
        { runId: "no-such-run", rolloutId: "checkout/result" },
        { runId: id, rolloutId: "checkout/result" },
      ],
      from: 0,
    });
    expect(data).toEqual({
      kind: "missing",
      problems: ["A: the run “article-2” has no rollout “nope”.", "B: there is no run “no-such-run”."],
    });
  });
});
