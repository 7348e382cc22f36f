import { describe, expect, it } from "vitest";
import { measureRow } from "@/lib/scoring/report/effort";
import { toCsv } from "./csv";
import { RUN_CSV_HEADER, runCsvRows } from "./run-csv";

const check = {
  key: "C1",
  label: "C1 Names the cause",
  required: true,
  dimension: "correctness",
  status: "graded",
  passed: false,
  score: 0,
  detail: "=cmd|' /C calc'!A0",
  failureTag: "WRONG_CAUSE",
};

describe("runCsvRows", () => {
  it("a header, then one row per (rollout, check), rollout fields repeated", () => {
    const rows = runCsvRows("v1", [
      {
        taskKey: "incident/checkout",
        group: "incident",
        rolloutId: "r1",
        status: "scored",
        passed: false,
        reward: 0.5,
        errorCategory: "RuntimeError",
        error: "=boom",
        measures: measureRow({ durationMs: 61_000, inputTokens: 9_000_000, outputTokens: 400_000, tokens: 9_400_000 }),
        checks: [check, { ...check, key: "C2", passed: true, score: 1, detail: null, failureTag: null }],
      },
    ]);
    expect(rows[0]).toEqual([...RUN_CSV_HEADER]);
    expect(RUN_CSV_HEADER.slice(9, 19)).toEqual([
      "rollout_duration_ms",
      "rollout_agent_ms",
      "rollout_input_tokens",
      "rollout_output_tokens",
      "rollout_cached_tokens",
      "rollout_tokens",
      "rollout_cost_usd",
      "rollout_tool_calls",
      "rollout_tool_errors",
      "rollout_steps",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      "v1",
      "incident/checkout",
      "incident",
      "r1",
      "scored",
      false,
      0.5,
      "RuntimeError",
      "=boom",
      61_000, // duration_ms
      null, // agent_ms: not recorded
      9_000_000,
      400_000,
      null,
      9_400_000, // tokens
      null, // cost_usd
      null,
      null,
      null,
      "C1",
      "C1 Names the cause",
      true,
      "correctness",
      "graded",
      false,
      0,
      "=cmd|' /C calc'!A0",
      "WRONG_CAUSE",
    ]);
    expect(toCsv(rows).split("\r\n")[1]).toContain(",'=cmd|' /C calc'!A0,");
  });

  it("a rollout without checks keeps one row with empty check cells", () => {
    const rows = runCsvRows("v1", [
      {
        taskKey: "t",
        group: null,
        rolloutId: "r",
        status: "unscored",
        passed: false,
        reward: null,
        errorCategory: "RewardFileNotFoundError",
        error: null,
        measures: measureRow(undefined),
        checks: [],
      },
    ]);
    expect(rows[1]).toHaveLength(RUN_CSV_HEADER.length);
    expect(toCsv(rows.slice(1))).toBe(`v1,t,,r,unscored,false,,RewardFileNotFoundError,${",".repeat(10)},,,,,,,,,\r\n`);
  });
});
