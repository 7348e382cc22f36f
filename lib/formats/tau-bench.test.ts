import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { computeReport } from "@/lib/scoring/report/report";
import { fixtureFile, jsonFile, loadFixture } from "./__fixtures__/load-fixture";
import { sha256Hex } from "./hash";
import { identityFromName, tauBenchFormat } from "./tau-bench";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

function parseTau(files: InputFile[], options: ParseOptions = {}) {
  return tauBenchFormat.parse(tauBenchFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parseTau(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

const near = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);
};

describe("real tau-bench results (historical_trajectories/gpt-4o-airline.json, trimmed)", () => {
  const file = fixtureFile("tau-bench-real/tau-bench-v1.gpt-4o-airline.trimmed.json");
  const run = onlyRun([file]);
  const report = computeReport(toScoringRun(run));

  it("makes one run; model and environment from the file's name", () => {
    expect(run).toMatchObject({
      name: "tau-bench-v1.gpt-4o-airline.trimmed",
      format: "tau-bench",
      model: "gpt-4o",
      agent: null,
      passThreshold: 1,
      warnings: [],
      metadata: { env: "airline" },
    });
    expect(run.tasks.map((t) => t.key)).toEqual(["airline/0", "airline/6"]);
  });

  it("trials of one task share it: rollout ids <task_id>#<trial>", () => {
    expect(run.rollouts.map((r) => [r.id, r.task, r.reportedReward])).toEqual([
      ["0#0", "airline/0", 0],
      ["0#1", "airline/0", 0],
      ["0#2", "airline/0", 0],
      ["0#3", "airline/0", 0],
      ["6#0", "airline/6", 1],
    ]);
    expect(run.rollouts[1]!.source).toEqual({
      path: "tau-bench-v1.gpt-4o-airline.trimmed.json#0_trial_1",
      format: "tau-bench",
      sha256: sha256Hex(file.bytes),
    });
  });

  it("keeps info, counts the trajectory, and shows the last assistant message", () => {
    const r = run.rollouts[4]!;
    expect(r.agentOutput).toBe(
      "I can help you with that. Could you please provide your user ID and the reservation ID for the flight you would like to change?",
    );
    expect(r.metadata).toMatchObject({ trial: 0, trajectoryMessages: 4, info: { source: "user" } });
    expect(r.metadata.traj).toBeUndefined();
    expect(r.checks.map((c) => [c.key, c.passed, c.score])).toEqual([["r_actions", true, 1]]);
  });

  it("passes at reward 1.0: task 6 solid, task 0 never passes (pass rate 1/5, mean reward by task 0.5)", () => {
    expect(report.rollouts.map((r) => r.passed)).toEqual([false, false, false, false, true]);
    near(report.passRate.value, 1 / 5);
    near(report.metrics.reward?.value, 0.5);
    expect(report.tasks.map((t) => [t.key, t.diagnosis])).toEqual([
      ["airline/0", "never-passes"],
      ["airline/6", "solid"],
    ]);
    expect(report.tasks[0]!.passAtK).toMatchObject({ "1": 0, "4": 0 });
  });

  it("is what the batch detects for the file", () => {
    const batch = parseBatch(loadFixture("tau-bench-real"));
    expect([...batch.rejected, ...batch.unclaimed]).toEqual([]);
    expect(batch.runs.map((r) => r.format)).toEqual(["tau-bench"]);
  });
});

describe("tau-bench entries", () => {
  const entry = (overrides: Record<string, unknown>) => ({ task_id: 3, reward: 1, info: {}, traj: [], ...overrides });

  it("numbers trials in order when the entries have none, and takes the environment from the system prompt", () => {
    const traj = [
      { role: "system", content: "# Retail agent policy\n..." },
      { role: "assistant", content: "hi", tool_calls: [{}, {}] },
    ];
    const run = onlyRun([
      jsonFile("results.json", [entry({ trial: undefined, traj }), entry({ trial: undefined, traj })]),
    ]);
    expect(run.rollouts.map((r) => [r.id, r.task, r.toolCalls])).toEqual([
      ["3#0", "retail/3", 2],
      ["3#1", "retail/3", 2],
    ]);
  });

  it("stores a crashed episode unscored although tau-bench wrote reward 0", () => {
    const run = onlyRun([
      jsonFile("r.json", [entry({ reward: 0, info: { error: "litellm.Timeout", traceback: "…" } })]),
    ]);
    expect(run.rollouts[0]).toMatchObject({
      status: "unscored",
      error: "litellm.Timeout",
      errorCategory: "episode_error",
      reportedReward: 0,
    });
    expect(run.rollouts[0]!.warnings[0]).toContain("the episode crashed (litellm.Timeout)");
    expect(computeReport(toScoringRun(run)).counts).toMatchObject({ scored: 0, unscored: 1 });
  });

  it("reads agent and model from run.py's file name", () => {
    expect(identityFromName("results/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_0105123456.json")).toEqual({
      agent: "tool-calling",
      model: "gpt-4o",
      env: null,
    });
    expect(identityFromName("out.json")).toEqual({ agent: null, model: null, env: null });
  });

  it("rejects a bad entry with its path", () => {
    expect(parseTau([jsonFile("r.json", [entry({}), entry({ reward: "1" })])]).rejected).toEqual([
      { path: "r.json", error: "[1].reward: expected number, received string" },
    ]);
  });
});
