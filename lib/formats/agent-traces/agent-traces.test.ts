import { describe, expect, it } from "vitest";
import type { Trace, TraceRead } from "@/lib/traces";
import { fixtureFile, jsonFile, loadFixture, textFile } from "../__fixtures__/load-fixture";
import { FORMATS } from "../registry";
import { readRolloutTrace } from "../trace-readers";
import { agentTraceKind, readAgentTrace, type AgentTraceKind } from "./detect";
import { SNIFF_BYTES } from "./sniff";

const AGENTS = "traces/agents";

function traceOf(read: TraceRead | null): Trace {
  if (read?.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

const read = (rel: string, as = `agent/${rel.split("/").pop()}`) => {
  const file = fixtureFile(`${AGENTS}/${rel}`, as);
  return traceOf(readAgentTrace(file, [file]));
};

/** Golden figures, counted by hand from each fixture (see its README). */
const GOLDEN: ReadonlyArray<[string, AgentTraceKind, string, Partial<Trace["totals"]>]> = [
  [
    "claude-code/claude-code.txt",
    "claude-code",
    "claude-code",
    {
      steps: 17,
      toolCalls: 5,
      toolErrors: 1,
      inputTokens: 76_135,
      outputTokens: 582,
      cachedTokens: 69_170,
      costUsd: 0.0871,
    },
  ],
  [
    "codex/codex.jsonl",
    "codex",
    "codex",
    {
      steps: 12,
      toolCalls: 7,
      toolErrors: 2,
      inputTokens: 24_763,
      outputTokens: 1_122,
      cachedTokens: 19_840,
      costUsd: null,
    },
  ],
  [
    "atif/subagents-v1.8.json",
    "atif",
    "harbor-atif",
    {
      steps: 12,
      toolCalls: 5,
      toolErrors: 0,
      inputTokens: 6_600,
      outputTokens: 295,
      cachedTokens: 3_500,
      wallTimeMs: 90_000,
    },
  ],
  [
    "atif/tunix-sample-atif-v1.7.json",
    "atif",
    "harbor-atif",
    { steps: 2, toolCalls: 1, inputTokens: 100, outputTokens: 20 },
  ],
  [
    "otlp/genai-agent.otlp.json",
    "otlp",
    "otlp",
    {
      steps: 9,
      toolCalls: 3,
      toolErrors: 1,
      inputTokens: 3_637,
      outputTokens: 155,
      cachedTokens: 768,
      wallTimeMs: 15_200,
    },
  ],
  [
    "otlp/openinference-langchain.jsonl",
    "otlp",
    "otlp",
    { steps: 5, toolCalls: 2, toolErrors: 1, inputTokens: 470, outputTokens: 27, wallTimeMs: 3_100 },
  ],
];

describe("agent trajectories: golden steps, tool calls and usage", () => {
  it.each(GOLDEN)("%s", (rel, kind, format, totals) => {
    const file = fixtureFile(`${AGENTS}/${rel}`);
    expect(agentTraceKind(file)).toBe(kind);
    const trace = read(rel);
    expect(trace.format).toBe(format);
    expect(trace.totals).toMatchObject(totals);
  });
});

describe("content detection claims nothing it should not", () => {
  const all = loadFixture(".");
  it("over every fixture file of every format, only agent trajectories are claimed, each as its own kind", () => {
    const claimed = all.flatMap((f) => {
      const kind = agentTraceKind(f);
      return kind === null ? [] : [[f.path, kind] as const];
    });
    const own = new Map(GOLDEN.map(([rel, kind]) => [`${AGENTS}/${rel}`, kind]));
    for (const [path, kind] of claimed) {
      // Harbor's trials hold ATIF trajectories: reading them as ATIF is right, anything else is a false claim.
      if (own.has(path)) expect(kind).toBe(own.get(path));
      else expect({ path, kind }).toEqual({ path, kind: expect.stringMatching(/^atif$/) });
      if (!own.has(path)) expect(path).toMatch(/\/agent\/trajectory\.json$/);
    }
    expect(claimed.filter(([path]) => own.has(path))).toHaveLength(GOLDEN.length);
    expect(claimed.length).toBe(GOLDEN.length + 9);
  });

  it("no result format claims an agent trajectory as results", () => {
    const files = loadFixture(AGENTS);
    for (const format of FORMATS)
      expect({ format: format.id, claimed: format.claim(files) }).toEqual({ format: format.id, claimed: [] });
  });

  it("each detector refuses the other kinds' look-alikes", () => {
    const cases: ReadonlyArray<[string, string]> = [
      ["a.jsonl", JSON.stringify({ type: "assistant", message: { content: "hi" } })],
      ["a.jsonl", JSON.stringify({ type: "item.completed", item: { type: "agent_message" } })],
      ["a.json", JSON.stringify({ spans: [] })],
      ["a.json", JSON.stringify({ schema_version: "1.4", steps: [] })],
      ["a.md", JSON.stringify({ type: "thread.started", thread_id: "t" })],
      ["a.txt", 'plain log line\n{"type": "system"}'],
    ];
    for (const [path, text] of cases)
      expect({ path, text, kind: agentTraceKind(textFile(path, text)) }).toMatchObject({ kind: null });
  });
});

describe("a rollout's trace found by content among its files", () => {
  it("a Harbor trial with Claude Code's stream as agent/claude-code.txt and no ATIF", () => {
    const files = [
      jsonFile("t/result.json", { task_name: "x", trial_name: "t" }),
      fixtureFile(`${AGENTS}/claude-code/claude-code.txt`, "t/agent/claude-code.txt"),
    ];
    const read = readRolloutTrace({ path: "t/result.json", format: "harbor" }, files);
    expect(traceOf(read).format).toBe("claude-code");
  });

  it("a BenchFlow trial with Codex events and a grade beside OTLP spans", () => {
    const codex = fixtureFile(`${AGENTS}/codex/codex.jsonl`, "t/agent/codex.jsonl");
    expect(traceOf(readRolloutTrace({ path: "t/result.json", format: "benchflow" }, [codex])).format).toBe("codex");
    const otlp = fixtureFile(`${AGENTS}/otlp/genai-agent.otlp.json`, "g/traces.json");
    expect(traceOf(readRolloutTrace({ path: "g/grade.json", format: "grade" }, [otlp])).format).toBe("otlp");
  });

  it("no trace names every shape looked for", () => {
    const read = readRolloutTrace({ path: "t/result.json", format: "harbor" }, [jsonFile("t/result.json", {})]);
    expect(read).toMatchObject({
      kind: "none",
      why: expect.stringMatching(/Claude Code stream-json, Codex exec events, OTLP/),
    });
  });
});

describe("Claude Code stream-json", () => {
  const trace = read("claude-code/claude-code.txt");

  it("counts a message's usage once though each of its content blocks has a line", () => {
    // msg_01A is split over two lines (thinking, then the Bash call), usage repeated on both.
    expect(trace.steps[2]).toMatchObject({ reasoning: "Run the failing tests first to see the error." });
    expect(trace.steps[2]!.metrics).toMatchObject({
      inputTokens: 12 + 4_100 + 9_800,
      cachedTokens: 9_800,
      outputTokens: 96,
    });
    expect(trace.steps[3]!.metrics).toBeNull();
    expect(trace.warnings).toEqual([]);
  });

  it("a Task subagent's lines are nested under the Task call, named by its description", () => {
    const nested = trace.steps.filter((s) => s.subagent !== null).map((s) => s.index);
    expect(nested).toEqual([6, 7, 8, 9]);
    expect(trace.steps[7]!.subagent).toEqual({ id: "toolu_02", name: "Find callers of parse_date", depth: 1 });
    expect(trace.steps[10]!.results[0]).toMatchObject({ callId: "toolu_02" });
  });

  it("the failed test run is a tool error; the result line keeps turns and duration", () => {
    expect(trace.steps[4]!.results[0]).toMatchObject({ callId: "toolu_01", isError: true });
    expect(trace.steps[16]).toMatchObject({
      source: "environment",
      text: expect.stringMatching(/^parse_date now returns None/),
    });
    expect(trace.steps[16]!.extra).toMatchObject({ num_turns: 9, duration_ms: 48_210 });
    expect(trace.metadata).toMatchObject({ model: "claude-sonnet-4-5-20250929", session_id: expect.any(String) });
  });
});

describe("Codex exec events", () => {
  const trace = read("codex/codex.jsonl");

  it("an item's started, updated and completed events are one step in its last state", () => {
    expect(trace.steps[2]).toMatchObject({ id: "item_2", text: "[x] Install click\n[x] Re-run tests" });
    expect(trace.steps[1]!.toolCalls[0]).toEqual({
      id: "item_1",
      name: "shell",
      arguments: { command: "bash -lc 'pytest -q tests/test_cli.py'" },
    });
    expect(trace.steps[1]!.results[0]).toMatchObject({
      isError: true,
      content: expect.stringMatching(/ModuleNotFoundError/),
    });
  });

  it("MCP calls by server and tool, their errors as tool errors; file changes and searches as calls", () => {
    expect(trace.steps[4]!.toolCalls[0]!.name).toBe("docs.search");
    expect(trace.steps[7]!.results[0]).toMatchObject({
      content: "permission denied: token lacks issues:write",
      isError: true,
    });
    expect(trace.steps[5]!.toolCalls[0]).toMatchObject({
      name: "apply_patch",
      arguments: { changes: [{ path: "src/cli.py" }, { path: "tests/conftest.py" }] },
    });
    expect(trace.steps[6]!.toolCalls[0]).toMatchObject({ name: "web_search" });
  });

  it("a turn's usage sits on its last step; a failed turn is a step and a warning", () => {
    expect(trace.steps[9]!.metrics).toEqual({
      inputTokens: 24_763,
      outputTokens: 1_122,
      cachedTokens: 19_840,
      costUsd: null,
    });
    expect(trace.steps[11]).toMatchObject({
      source: "environment",
      text: "stream disconnected before completion: idle timeout",
    });
    expect(trace.warnings).toEqual(["turn.failed: stream disconnected before completion: idle timeout"]);
    expect(trace.metadata).toMatchObject({ thread_id: "0199a213-81c0-7800-8aa1-bbab2a035a53", turns: 2 });
  });
});

describe("ATIF v1.7 / v1.8 with embedded subagent trajectories", () => {
  const trace = read("atif/subagents-v1.8.json", "agent/trajectory.json");

  it("each subagent's steps follow the step delegating to it, nested as deep as they go", () => {
    expect(trace.steps.map((s) => [s.id, s.subagent?.depth ?? 0])).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 0],
      ["sub-explore-1/1", 1],
      ["sub-explore-1/2", 1],
      ["sub-grep-1/1", 2],
      ["sub-grep-1/2", 2],
      ["sub-explore-1/3", 1],
      ["sub-explore-1/4", 1],
      ["4", 0],
      ["5", 0],
      ["sub-orphan/1", 1],
    ]);
    expect(trace.steps[6]!.subagent).toEqual({ id: "sub-grep-1", name: "grepper", depth: 2 });
  });

  it("subagent call ids carry their trajectory, so they never answer the parent's calls", () => {
    expect(trace.steps[4]!.toolCalls[0]!.id).toBe("sub-explore-1/c1");
    expect(trace.steps[4]!.results[0]!.callId).toBe("sub-explore-1/c1");
    expect(trace.steps[6]!.results[0]!.callId).toBe("sub-grep-1/c1");
  });

  it("an embedded subagent no step names is shown last and warned; v1.8 audio is kept as a part", () => {
    expect(trace.warnings).toEqual([
      "subagent_trajectories[1] (sub-orphan) is named by no step: shown after the last step",
    ]);
    expect(trace.steps[1]!.text).toBe("Add a --config flag. The voice note has the details.");
    expect(trace.steps[1]!.extra.messageParts).toEqual([
      { type: "audio", source: { media_type: "audio/wav", path: "audio/note.wav", duration_sec: 4.2 } },
    ]);
    expect(trace.metadata).not.toHaveProperty("subagent_trajectories");
    expect(trace.metadata).toMatchObject({ trajectory_id: "main" });
  });

  it("a subagent without trajectory_id, and nesting past the limit, are warned, never thrown", () => {
    let nested: Record<string, unknown> = {
      schema_version: "ATIF-v1.8",
      trajectory_id: "d9",
      steps: [{ step_id: 1, source: "agent", message: "deep" }],
    };
    for (let d = 8; d >= 0; d--)
      nested = {
        schema_version: "ATIF-v1.8",
        trajectory_id: `d${d}`,
        steps: [
          {
            step_id: 1,
            source: "agent",
            observation: { results: [{ subagent_trajectory_ref: [{ trajectory_id: `d${d + 1}` }] }] },
          },
        ],
        subagent_trajectories: [nested, { steps: [] }],
      };
    const file = jsonFile("agent/trajectory.json", nested);
    const deep = traceOf(readAgentTrace(file, [file]));
    expect(deep.steps.length).toBe(9);
    expect(deep.warnings).toContain(
      "subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0].subagent_trajectories[0] (d9) is nested deeper than 8: not read",
    );
    expect(deep.warnings).toContain("subagent_trajectories[1]: no trajectory_id, so no step can name it");
  });
});

describe("OTLP/JSON spans, GenAI conventions and OpenInference", () => {
  const genai = read("otlp/genai-agent.otlp.json");
  const oi = read("otlp/openinference-langchain.jsonl");

  it("GenAI: model calls carry their tool calls; execute_tool spans answer them; a failed span is a tool error", () => {
    expect(genai.steps[1]).toMatchObject({
      text: "Looking the order up.",
      metrics: { inputTokens: 812, outputTokens: 41 },
    });
    expect(genai.steps[1]!.toolCalls[0]).toEqual({
      id: "call_VSPygqKTWdrhaFErNvMV18Yl",
      name: "lookup_order",
      arguments: { order_id: 1043 },
    });
    expect(genai.steps[2]).toMatchObject({
      source: "tool",
      results: [{ callId: "call_VSPygqKTWdrhaFErNvMV18Yl", isError: false }],
    });
    expect(genai.steps[6]!.results[0]).toEqual({
      callId: "call_3",
      content: "PaymentsApiError: 403 Forbidden for order 1043",
      isError: true,
    });
    expect(genai.metadata).toEqual({ spans: 10, spansNotShown: 1, service: "support-bot" });
  });

  it("GenAI: an invoke_agent span inside another is a subagent; times are the spans' starts", () => {
    expect(genai.steps.filter((s) => s.subagent !== null).map((s) => s.index)).toEqual([4, 5, 6, 7]);
    expect(genai.steps[5]!.subagent).toEqual({ id: "aaaaaaaaaaaaaa05", name: "refunds", depth: 1 });
    expect(genai.steps[0]!.at).toBe("2026-01-01T10:00:00.000Z");
  });

  it("OpenInference: LLM tool calls from flattened output messages, TOOL spans as results, CHAIN spans not shown", () => {
    expect(oi.steps[1]!.toolCalls[0]).toEqual({
      id: "call_a1",
      name: "search",
      arguments: { query: "Eiffel tower country" },
    });
    expect(oi.steps[2]).toMatchObject({
      source: "tool",
      results: [{ callId: "call_a1", content: "The Eiffel Tower is in Paris, France." }],
    });
    expect(oi.steps[3]!.results[0]).toMatchObject({ isError: true, content: "HTTPError: 503 Service Unavailable" });
    expect(oi.steps[4]).toMatchObject({
      text: "The capital of France is Paris.",
      metrics: { inputTokens: 260, outputTokens: 9 },
    });
    expect(oi.metadata).toMatchObject({ spans: 6, spansNotShown: 1, service: "rag-agent" });
  });

  it("OTLP spans of no agent convention are raw text saying so, not an empty trace", () => {
    const file = jsonFile("t.json", {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                { spanId: "1", name: "GET /", attributes: [{ key: "http.method", value: { stringValue: "GET" } }] },
              ],
            },
          ],
        },
      ],
    });
    expect(readAgentTrace(file, [file])).toMatchObject({
      kind: "raw",
      raw: { why: expect.stringMatching(/1 spans, none with GenAI/) },
    });
  });
});

describe("hostile input", () => {
  it("bad lines are named with the file and the line; a cut last line loses nothing before it", () => {
    const text = new TextDecoder().decode(fixtureFile(`${AGENTS}/codex/codex.jsonl`).bytes).split("\n");
    text.splice(3, 0, "{not json");
    const cut = text.join("\n") + '{"type":"item.compl';
    const trace = traceOf(readAgentTrace(textFile("run/codex.jsonl", cut), []));
    expect(trace.totals.steps).toBe(12);
    expect(trace.warnings.slice(0, 2)).toEqual([
      expect.stringMatching(/^run\/codex\.jsonl line 4 skipped: invalid JSON/),
      expect.stringMatching(/^run\/codex\.jsonl line 24 skipped/),
    ]);
  });

  it("lines that parse but are not events are named too", () => {
    const lines = [
      JSON.stringify({ type: "thread.started", thread_id: "t" }),
      "[1,2]",
      JSON.stringify({ type: "item.completed" }),
    ];
    const trace = traceOf(readAgentTrace(textFile("c.jsonl", lines.join("\n")), []));
    expect(trace.warnings).toEqual([
      "c.jsonl line 2: not an event (an object with a type)",
      "c.jsonl line 3: item.completed without an item",
    ]);
  });

  it("thousands of bad lines: warnings capped, the steps kept", () => {
    const good = JSON.stringify({ type: "system", subtype: "init", session_id: "s", model: "m" });
    const text = [good, ...Array.from({ length: 5_000 }, () => "{oops")].join("\n");
    const trace = traceOf(readAgentTrace(textFile("claude.jsonl", text), []));
    expect(trace.totals.steps).toBe(1);
    expect(trace.warnings.length).toBeLessThanOrEqual(51);
    expect(trace.warnings).toContain("and 4980 more lines skipped");
  });

  it("detection reads only the head: a 1 MB line first is no claim, and costs no whole-file parse", () => {
    const huge = `{"pad":"${"x".repeat(SNIFF_BYTES * 16)}"}\n${JSON.stringify({ type: "thread.started", thread_id: "t" })}`;
    expect(agentTraceKind(textFile("big.jsonl", huge))).toBeNull();
  });

  it("a 2 MB tool output reads whole; markup stays text", () => {
    const big = "<script>" + "y".repeat(2 * 1024 * 1024) + "</script>";
    const lines = [
      { type: "thread.started", thread_id: "t" },
      {
        type: "item.completed",
        item: {
          id: "i",
          type: "command_execution",
          command: "cat",
          aggregated_output: big,
          exit_code: 0,
          status: "completed",
        },
      },
    ].map((l) => JSON.stringify(l));
    const trace = traceOf(readAgentTrace(textFile("c.jsonl", lines.join("\n")), []));
    expect(trace.steps[0]!.results[0]!.content).toBe(big);
  });

  it("OTLP with odd values: unsafe int64 kept as text, bad times null, a span cycle never loops", () => {
    const span = (id: string, parent: string) => ({
      spanId: id,
      parentSpanId: parent,
      startTimeUnixNano: "not-a-time",
      attributes: [
        { key: "gen_ai.operation.name", value: { stringValue: "invoke_agent" } },
        { key: "big", value: { intValue: "92233720368547758070" } },
      ],
    });
    const file = jsonFile("t.json", { resourceSpans: [{ scopeSpans: [{ spans: [span("a", "b"), span("b", "a")] }] }] });
    const trace = traceOf(readAgentTrace(file, [file]));
    expect(trace.totals.steps).toBe(2);
    expect(trace.steps[0]!.at).toBeNull();
    expect(trace.steps[0]!.extra).toMatchObject({ attributes: { big: "92233720368547758070" } });
  });
});
