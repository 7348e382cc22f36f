import { describe, expect, it } from "vitest";
import type { Trace, TraceRead } from "@/lib/traces";
import { loadFixture, textFile } from "../__fixtures__/load-fixture";
import { readBenchflowTrace } from "./trace";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

const lines = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

describe("BenchFlow ACP trajectory (golden)", () => {
  const files = loadFixture(
    "traces/benchflow/branch_tree_claude/claude-continue/hello-world-task__0000abcd",
    "rollout/",
  );
  const trace = traceOf(readBenchflowTrace(files));

  it("8 events, 2 tool calls, no error, as result.json's trajectory_summary says", () => {
    expect(trace.format).toBe("benchflow-acp");
    expect(trace.path).toBe("rollout/trajectory/acp_trajectory.jsonl");
    expect(trace.totals).toMatchObject({ steps: 8, toolCalls: 2, toolErrors: 0 });
    expect(trace.steps.map((s) => s.source)).toEqual([
      "user",
      "agent",
      "agent",
      "agent",
      "user",
      "agent",
      "agent",
      "agent",
    ]);
  });

  it("a thought is reasoning; a call and its outcome are one step", () => {
    expect(trace.steps[1]).toMatchObject({
      reasoning: "Write draft.txt with the single line Hello world.",
      text: null,
    });
    const call = trace.steps[2]!;
    expect(call).toMatchObject({ text: "Write draft.txt", at: "2026-01-01T12:01:24.000000+00:00" });
    expect(call.toolCalls).toEqual([
      { id: "toolu_demo_01", name: "edit", arguments: { file_path: "/app/draft.txt", content: "Hello world\n" } },
    ]);
    expect(call.results).toEqual([
      { callId: "toolu_demo_01", content: "File created successfully at: /app/draft.txt", isError: false },
    ]);
    expect(call.extra).toMatchObject({ status: "completed", content: [{ type: "diff", path: "/app/draft.txt" }] });
    expect(trace.totals.wallTimeMs).toBe(166_000);
  });
});

describe("BenchFlow traces of other shapes", () => {
  it("a failed call is a tool error; unknown events and a cut last line are kept or warned", () => {
    const text =
      lines([
        { type: "tool_call", tool_call_id: "t1", kind: "execute", title: "ls", status: "failed", raw_output: "denied" },
        { type: "agent_timeout", ts: "2026-01-01T00:00:00Z", message: "timed out after 600s" },
      ]) + '{"type": "agent_mess';
    const trace = traceOf(readBenchflowTrace([textFile("trajectory/acp_trajectory.jsonl", text)]));
    expect(trace.totals).toMatchObject({ steps: 2, toolCalls: 1, toolErrors: 1 });
    expect(trace.steps[1]).toMatchObject({ source: "environment", text: "timed out after 600s" });
    expect(trace.warnings).toEqual([expect.stringMatching(/acp_trajectory\.jsonl line 3 skipped/)]);
  });

  it("llm_trajectory.jsonl: the last request's conversation and its response; usage summed", () => {
    const ask = [
      { role: "system", content: [{ type: "text", text: "You are an agent." }] },
      { role: "user", content: "List files." },
    ];
    const call = {
      role: "assistant",
      content: "",
      tool_calls: [{ id: "c1", type: "function", function: { name: "ls", arguments: "{}" } }],
    };
    const text = lines([
      {
        request: { body: { messages: ask } },
        response: { choices: [{ message: call }] },
        usage: { prompt_tokens: 10, completion_tokens: 3 },
      },
      {
        request: { body: { messages: [...ask, call, { role: "tool", tool_call_id: "c1", content: "a.txt" }] } },
        response: { choices: [{ message: { role: "assistant", content: "a.txt" } }] },
        usage: { prompt_tokens: 20, completion_tokens: 2 },
      },
    ]);
    const trace = traceOf(readBenchflowTrace([textFile("r/trajectory/llm_trajectory.jsonl", text)]));
    expect(trace.format).toBe("benchflow-llm");
    expect(trace.steps.map((s) => s.source)).toEqual(["system", "user", "agent", "tool", "agent"]);
    expect(trace.totals).toMatchObject({ steps: 5, toolCalls: 1, inputTokens: 30, outputTokens: 5 });
    expect(trace.steps[3]!.results[0]!.callId).toBe("c1");
  });

  it("no parsable line: raw text with why; no trajectory: none", () => {
    expect(readBenchflowTrace([textFile("trajectory/acp_trajectory.jsonl", "not json\n")])).toMatchObject({
      kind: "raw",
      raw: { why: expect.stringMatching(/^line 1: invalid JSON/) },
    });
    expect(readBenchflowTrace([textFile("result.json", "{}")])).toMatchObject({ kind: "none" });
  });
});
