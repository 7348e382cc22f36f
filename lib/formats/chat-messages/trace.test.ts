import { describe, expect, it } from "vitest";
import { type Trace, type TraceRead } from "@/lib/traces";
import { fixtureFile, jsonFile, textFile } from "../__fixtures__/load-fixture";
import { readGenericTrace } from "./trace";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

describe("SWE-agent .traj (golden)", () => {
  const trace = traceOf(
    readGenericTrace([
      fixtureFile("traces/other/swe-agent/pydicom__pydicom-1458.traj", "trial/pydicom__pydicom-1458.traj"),
    ]),
  );

  it("system prompt, task, then one step per action with its observation", () => {
    expect(trace.format).toBe("swe-agent");
    expect(trace.totals).toMatchObject({ steps: 14, toolCalls: 12, toolErrors: 0, wallTimeMs: null });
    expect(trace.steps.slice(0, 3).map((s) => s.source)).toEqual(["system", "user", "agent"]);
    const first = trace.steps[2]!;
    expect(first.toolCalls[0]).toEqual({
      id: "t0",
      name: "create",
      arguments: { command: "create reproduce_bug.py\n" },
    });
    expect(first.results[0]).toEqual({
      callId: "t0",
      content: "[File: /pydicom__pydicom/reproduce_bug.py (1 lines total)]\n1:\n",
      isError: false,
    });
    expect(first.reasoning).toMatch(/^First, I'll create a new Python script/);
    expect(trace.steps.at(-1)!.toolCalls[0]!.name).toBe("submit");
    expect(trace.metadata.info).toMatchObject({ exit_status: "submitted" });
  });
});

describe("OpenHands event list (golden)", () => {
  const trace = traceOf(readGenericTrace([fixtureFile("traces/other/openhands/basic.json", "trial/basic.json")]));

  it("user message, an edit call, its observation (linked by tool_call_id), finish", () => {
    expect(trace.format).toBe("openhands");
    expect(trace.totals).toMatchObject({ steps: 4, toolCalls: 1, toolErrors: 0 });
    expect(trace.steps.map((s) => [s.id, s.source])).toEqual([
      ["0", "user"],
      ["3", "agent"],
      ["4", "tool"],
      ["5", "agent"],
    ]);
    const call = trace.steps[1]!.toolCalls[0]!;
    expect(call).toMatchObject({ id: "toolu_017nBp7UfiGqyrA7j77HgtFP", name: "str_replace_editor" });
    expect(call.arguments).toMatchObject({ path: "/workspace/game_2048.py" });
    expect(trace.steps[2]!.results[0]!.callId).toBe(call.id);
    expect(trace.steps[0]!.text).toMatch(/^Please create a simple 2048 game/);
    expect(trace.totals.inputTokens).toBeGreaterThan(0);
  });
});

describe("chat messages in a result file", () => {
  it("OpenAI: tool_calls with JSON-string arguments, tool messages by tool_call_id", () => {
    const result = {
      reward: 1,
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "weather?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
        },
        { role: "tool", tool_call_id: "c1", content: "rain" },
        { role: "assistant", content: "Rain." },
      ],
    };
    const trace = traceOf(readGenericTrace([jsonFile("result.json", result)]));
    expect(trace.totals).toMatchObject({ steps: 5, toolCalls: 1, toolErrors: 0 });
    expect(trace.steps[2]!.toolCalls).toEqual([{ id: "c1", name: "weather", arguments: { city: "Oslo" } }]);
    expect(trace.steps[3]).toMatchObject({ source: "tool", text: null, results: [{ callId: "c1", content: "rain" }] });
    expect(trace.metadata).toEqual({ reward: 1 });
  });

  it("Anthropic: top-level system, tool_use and tool_result blocks, thinking, errors", () => {
    const request = {
      system: "you are a bot",
      messages: [
        { role: "user", content: [{ type: "text", text: "list files" }] },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "use ls" },
            { type: "text", text: "Listing." },
            { type: "tool_use", id: "toolu_1", name: "bash", input: { cmd: "ls" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "denied", is_error: true }] },
      ],
    };
    const trace = traceOf(readGenericTrace([jsonFile("conversation.json", request)]));
    expect(trace.steps.map((s) => s.source)).toEqual(["system", "user", "agent", "tool"]);
    expect(trace.steps[2]).toMatchObject({
      text: "Listing.",
      reasoning: "use ls",
      toolCalls: [{ id: "toolu_1", name: "bash", arguments: { cmd: "ls" } }],
    });
    expect(trace.steps[3]!.results).toEqual([{ callId: "toolu_1", content: "denied", isError: true }]);
    expect(trace.totals.toolErrors).toBe(1);
  });

  it("a .traj that does not parse is raw text; files with no trace give none", () => {
    expect(readGenericTrace([textFile("x.traj", '{"trajectory": [')])).toMatchObject({ kind: "raw" });
    expect(readGenericTrace([jsonFile("result.json", { reward: 1 })])).toMatchObject({ kind: "none" });
  });
});

describe("a chat of 200,000 messages", () => {
  it("reads every message as a step (spreading them into push threw RangeError past ~120,000)", () => {
    const messages = Array.from({ length: 200_000 }, (_, i) =>
      i % 2 === 0 ? { role: "user", content: `question ${i}` } : { role: "assistant", content: `answer ${i}` },
    );
    const trace = traceOf(readGenericTrace([jsonFile("trial/chat.json", { messages })]));
    expect(trace.totals.steps).toBe(200_000);
    expect(trace.steps.at(-1)!.text).toBe("answer 199999");
  });
});
