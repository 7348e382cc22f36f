import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { loadSideBySide } from "@/lib/views/side-by-side";
import { getStore } from "@/lib/store/open-store";
import { POST as postRuns } from "./runs/route";
import { uploadRequest, useApiDatabase } from "./route-test-kit";

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
      a: { runId: id, rolloutId: "checkout/result" },
      b: { runId: id, rolloutId: "csv-conversion/result" },
      from: 0,
    });
    if (data.kind !== "found") throw new Error(data.problems.join(" "));
    expect(data.a.verdict).toMatchObject({ passed: false, reward: 0.8 });
    expect(data.b.verdict).toMatchObject({ passed: false, reward: 0.4 });
    expect(data.a.runName).toBe("article");
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
    expect(c3.a).toMatchObject({
      verdict: "fail",
      order: 2,
      detail: "Four pools of 64 require 256 connections; only 64 are available.",
      failureTag: "REMEDY_EXCEEDS_CONNECTION_BUDGET",
    });
    expect(c3.b).toMatchObject({ verdict: "fail", failureTag: "TIMESTAMP_NOT_UTC" });
    // Different tasks, different calls: they part ways at the first row.
    expect(data.alignment).toMatchObject({ firstDivergence: 0, calls: { left: 5, right: 7 }, from: 0 });
    expect(data.alignment!.rows[0]!.left).toMatchObject({ name: "get_deploy_diff", step: 1 });
  });

  it("reads two Harbor trials as the rollout page does: a trajectory on one side, none on the other", async () => {
    const trial = async (folder: string) => {
      const response = await postRuns(uploadRequest(loadFixture(folder, "trial/"), { run: `harbor-${folder}` }));
      expect(response.status).toBe(201);
      const runId = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
      const snapshot = await getStore().snapshot(runId);
      return { runId, rolloutId: snapshot!.run.rollouts[0]!.id };
    };
    const a = await trial("traces/harbor/refreshdotdev/Hermes 70B-t-bench-ext/et-880c0c6c__EGzZx8R");
    const b = await trial("harbor-real/3d-scan-calc__F8Fc7fn");
    const data = await loadSideBySide(getStore(), { a, b, from: 0 });
    if (data.kind !== "found") throw new Error(data.problems.join(" "));
    expect(data.a.trace.kind === "trace" && data.a.trace.trace.totals.toolCalls).toBe(101);
    expect(data.b.trace).toEqual({
      kind: "none",
      why: "no agent/trajectory.json or agent/<agent>.trajectory.json in the trial, nor a Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory, SWE-agent .traj, OpenHands event list or chat messages among its files",
    });
    expect(data.alignment).toBeNull();
  });

  it("names an unknown run and an unknown rollout", async () => {
    const id = await upload("traces/silo/scoring-article", "article-2");
    const data = await loadSideBySide(getStore(), {
      a: { runId: id, rolloutId: "nope" },
      b: { runId: "no-such-run", rolloutId: "checkout/result" },
      from: 0,
    });
    expect(data).toEqual({
      kind: "missing",
      problems: ["A: the run “article-2” has no rollout “nope”.", "B: there is no run “no-such-run”."],
    });
  });
});
