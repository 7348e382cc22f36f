import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRunWithTraces } from "@/lib/ingest/to-scoring-run";
import { computeReport } from "@/lib/scoring/report/report";
import { fixtureFile, fixturePath, jsonFile, loadFixture } from "./__fixtures__/load-fixture";
import type { InputFile, NormalizedRollout } from "./types";

/** The measures a format recorded on a rollout, as the rollout carries them (null: not recorded). */
function measures(r: NormalizedRollout) {
  const { durationMs, agentMs, inputTokens, outputTokens, cachedTokens, tokens, costUsd, toolCalls, toolErrors } = r;
  return { durationMs, agentMs, inputTokens, outputTokens, cachedTokens, tokens, costUsd, toolCalls, toolErrors };
}

function rollouts(files: InputFile[], rootName = "fixture"): Map<string, NormalizedRollout> {
  const batch = parseBatch(files, { rootName });
  expect(batch.rejected).toEqual([]);
  return new Map(batch.runs.flatMap((run) => run.rollouts.map((r) => [r.id, r] as const)));
}

const NONE = {
  durationMs: null,
  agentMs: null,
  inputTokens: null,
  outputTokens: null,
  cachedTokens: null,
  tokens: null,
  costUsd: null,
  toolCalls: null,
  toolErrors: null,
};

describe("measures each format records, on the real fixtures", () => {
  it("Harbor: agent_result tokens, wall time and agent_execution as agent time; cost_usd null stays null", () => {
    const byId = rollouts(loadFixture("harbor-real"), "harbor-real");
    expect(measures(byId.get("3d-scan-calc__F8Fc7fn")!)).toEqual({
      ...NONE,
      durationMs: 105087, // 05:47:41.459 -> 05:49:26.546
      agentMs: 50403, // agent_execution 05:48:23.208 -> 05:49:13.611
      inputTokens: 273023,
      outputTokens: 0,
      cachedTokens: 237856,
      tokens: 273023,
    });
    expect(measures(byId.get("manufacturing-equipment-maintena__JkcRFYa")!)).toEqual({
      ...NONE,
      durationMs: 416779, // 02:17:06.099 -> 02:24:02.878
      agentMs: 363114, // 02:17:41.515 -> 02:23:44.629
      inputTokens: 3307224,
      outputTokens: 0,
      cachedTokens: 3127804,
      tokens: 3307224,
    });
  });

  it("BenchFlow (current schema): agent_result usage, timing.total and timing.agent_execution, n_tool_calls", () => {
    const byId = rollouts([fixtureFile("benchflow-real/hello-world-task.result.json")]);
    expect(measures(byId.get("hello-world-task__0000abcd")!)).toEqual({
      ...NONE,
      durationMs: 259000,
      agentMs: 7000,
      inputTokens: 8,
      outputTokens: 300,
      cachedTokens: 50000, // n_cache_read_tokens; total_tokens 70308 also counts cache reads and writes
      tokens: 308,
      toolCalls: 2,
    });
  });

  it("BenchFlow (older schema, a job): timing and n_tool_calls, no usage", () => {
    const regex = rollouts([fixtureFile("benchflow-real/regex-log.result.json")]).get("regex-log__bab1cbf6")!;
    expect(measures(regex)).toEqual({ ...NONE, durationMs: 196700, agentMs: 15600, toolCalls: 8 });
    const job = rollouts(loadFixture("benchflow-job"), "benchflow-job");
    expect(measures(job.get("half-life__4be1d0a7")!)).toEqual({
      ...NONE,
      durationMs: 211800,
      agentMs: 180200,
      toolCalls: 12,
    });
  });

  it("BenchFlow: final_metrics stand in for agent_result", () => {
    const result = {
      task_name: "t",
      rollout_name: "t__1",
      rewards: { reward: 1 },
      final_metrics: {
        total_prompt_tokens: 100,
        total_completion_tokens: 20,
        total_cached_tokens: 40,
        total_cost_usd: 0.5,
      },
    };
    const r = rollouts([jsonFile("result.json", result)]).get("t__1")!;
    expect(measures(r)).toEqual({
      ...NONE,
      inputTokens: 100,
      outputTokens: 20,
      cachedTokens: 40,
      tokens: 120,
      costUsd: 0.5,
    });
  });

  it("Inspect: the output's usage when the sample has no model_usage; no total_time is not recorded", () => {
    const r = rollouts([fixtureFile("inspect-real/log_formats.json")]).get("1#1")!;
    expect(measures(r)).toEqual({ ...NONE, inputTokens: 66, outputTokens: 2, tokens: 68, toolCalls: 0, toolErrors: 0 });
  });

  it("Inspect: model_usage, total_time and working_time (the browser log)", () => {
    const file = fixtureFile("traces/inspect-ai/2025-05-12T20-27-36-04-00_browser.trimmed.json", "browser.json");
    const r = rollouts([file]).get("1#1")!;
    expect(measures(r)).toMatchObject({
      durationMs: 18517,
      agentMs: 18360,
      inputTokens: 15235,
      outputTokens: 281,
      cachedTokens: 9088,
      tokens: 15516,
      costUsd: null,
    });
  });

  it("Inspect: model_usage is summed over the sample's models, total_cost included", () => {
    const log = {
      version: 2,
      status: "success",
      eval: { task: "t", model: "openai/gpt-4o", created: "2025-01-02T03:04:05+00:00" },
      results: { scores: [{ name: "match" }] },
      samples: [
        {
          id: 1,
          epoch: 1,
          scores: { match: { value: "C" } },
          model_usage: {
            "openai/gpt-4o": { input_tokens: 100, output_tokens: 10, input_tokens_cache_read: 30, total_cost: 0.02 },
            "openai/grader": { input_tokens: 50, output_tokens: 5, total_cost: 0.001 },
          },
        },
      ],
    };
    const r = rollouts([jsonFile("logs/t.json", log)]).get("1#1")!;
    expect(measures(r)).toMatchObject({ inputTokens: 150, outputTokens: 15, tokens: 165, cachedTokens: 30 });
    expect(r.costUsd).toBeCloseTo(0.021, 9);
  });

  it("Silo: run.json durationMs and toolCallCount, result.json toolCalls and toolErrors", () => {
    const byId = rollouts(loadFixture("silo-runs"), "silo-runs");
    expect(measures(byId.get("run_20261104101000_9c48")!)).toEqual({
      ...NONE,
      durationMs: 9311,
      toolCalls: 40,
      toolErrors: 3,
    });
    const real = rollouts([fixtureFile("real/silo/crm-TASK-001.result.json")]);
    expect(measures([...real.values()][0]!)).toEqual({ ...NONE, toolCalls: 2, toolErrors: 0 });
  });

  it("tau-bench: tool calls from the trajectory; user_cost is the simulated user's, not the agent's cost", () => {
    const byId = rollouts([fixtureFile("tau-bench-real/tau-bench-v1.gpt-4o-airline.trimmed.json")]);
    const r = byId.get("6#0")!;
    expect(r.metadata.info).toMatchObject({ user_cost: 0.002145 });
    expect(r.costUsd).toBeNull();
    expect(r.durationMs).toBeNull();
    expect(r.tokens).toBeNull();
  });
});

describe("held out: a Harbor job's token totals are the sums over its trials", () => {
  const trials = ["3d-scan-calc__F8Fc7fn", "manufacturing-equipment-maintena__JkcRFYa"].map(
    (dir) =>
      JSON.parse(readFileSync(fixturePath("harbor-real", dir, "result.json"), "utf8")) as {
        agent_result: Record<string, number | null>;
      },
  );
  const sum = (field: string) => trials.reduce((n, t) => n + t.agent_result[field]!, 0);

  it("input, output and cached tokens; no trial records a cost, so the job has no cost figure", () => {
    const files = loadFixture("harbor-real");
    const batch = parseBatch(files, { rootName: "harbor-real" });
    const report = computeReport(toScoringRunWithTraces(batch.runs[0]!, files));
    // Every trial the job lists is a rollout; only the 2 with a trial folder record tokens.
    expect(report.counts.rollouts).toBe(19);
    expect(report.effort.inputTokens).toMatchObject({ recorded: 2, total: sum("n_input_tokens") });
    expect(report.effort.inputTokens.total).toBe(3580247);
    expect(report.effort.outputTokens).toMatchObject({ recorded: 2, total: sum("n_output_tokens") });
    expect(report.effort.cachedTokens).toMatchObject({ recorded: 2, total: sum("n_cache_tokens") });
    expect(report.effort.costUsd).toEqual({
      recorded: 0,
      rollouts: 19,
      passes: 0,
      total: null,
      median: null,
      p90: null,
      perPass: null,
      perRollout: null,
    });
    // Four listed trials passed, one of them with a trial folder: per pass is the recorded total over that one
    // pass (the other three record no tokens to carry), per rollout over the two that record them.
    expect(report.counts).toMatchObject({ scored: 14 });
    expect(report.passRate.passes).toBe(4);
    expect(report.effort.inputTokens).toMatchObject({ recorded: 2, passes: 1, perPass: 3580247 });
    expect(report.effort.inputTokens.perRollout).toBe(3580247 / 2);
  });
});
