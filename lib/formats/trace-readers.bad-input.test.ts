import { describe, expect, it } from "vitest";
import type { TraceRead } from "@/lib/traces";
import { textFile } from "./__fixtures__/load-fixture";
import { claudeCodeTrace } from "./agent-traces/claude-code";
import { codexTrace } from "./agent-traces/codex";
import { otlpTrace } from "./agent-traces/otlp";
import { readBenchflowTrace } from "./benchflow/trace";
import { readGenericTrace } from "./chat-messages/trace";
import { readHarborTrace } from "./harbor/trace";
import { readInspectTrace } from "./inspect/trace";
import { readSiloTrace } from "./silo/trace";
import { readTauBenchTrace } from "./tau-bench/trace";
import type { InputFile } from "./types";

/** Each reader with the file it reads and a valid trace of one step whose text is `text`. */
const READERS: { name: string; read: (file: InputFile) => TraceRead; path: string; valid: (text: string) => string }[] =
  [
    {
      name: "silo trace.jsonl",
      read: (f) => readSiloTrace([f]),
      path: "trace.jsonl",
      valid: (text) => JSON.stringify({ seq: 1, type: "agent_output", output: text }),
    },
    {
      name: "silo tool-events.json",
      read: (f) => readSiloTrace([f]),
      path: "TASK-1.tool-events.json",
      valid: (text) => JSON.stringify([{ seq: 1, type: "agent_output", output: text }]),
    },
    {
      name: "harbor ATIF",
      read: (f) => readHarborTrace([f]),
      path: "agent/trajectory.json",
      valid: (text) =>
        JSON.stringify({ schema_version: "ATIF-v1.6", steps: [{ step_id: 1, source: "agent", message: text }] }),
    },
    {
      name: "benchflow ACP",
      read: (f) => readBenchflowTrace([f]),
      path: "trajectory/acp_trajectory.jsonl",
      valid: (text) => JSON.stringify({ type: "agent_message", text }),
    },
    {
      name: "inspect .json",
      read: (f) => readInspectTrace([f], { id: "s", epoch: 1 }),
      path: "log.json",
      valid: (text) =>
        JSON.stringify({
          eval: { task: "t", model: "m" },
          samples: [{ id: "s", epoch: 1, messages: [{ role: "assistant", content: text }] }],
        }),
    },
    {
      name: "tau-bench",
      read: (f) => readTauBenchTrace(f, { taskId: "1", trial: 0 }),
      path: "results.json",
      valid: (text) =>
        JSON.stringify([{ task_id: 1, reward: 0, trial: 0, traj: [{ role: "assistant", content: text }] }]),
    },
    {
      name: "Claude Code stream-json",
      read: claudeCodeTrace,
      path: "agent/claude-code.txt",
      valid: (text) =>
        JSON.stringify({
          type: "assistant",
          session_id: "s",
          message: { role: "assistant", content: [{ type: "text", text }] },
        }),
    },
    {
      name: "Codex exec events",
      read: codexTrace,
      path: "codex.jsonl",
      valid: (text) => JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text } }),
    },
    {
      name: "OTLP GenAI spans",
      read: otlpTrace,
      path: "traces.json",
      valid: (text) =>
        JSON.stringify({
          resourceSpans: [
            {
              scopeSpans: [
                {
                  spans: [
                    {
                      spanId: "1",
                      attributes: [
                        { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
                        {
                          key: "gen_ai.output.messages",
                          value: {
                            stringValue: JSON.stringify([
                              { role: "assistant", parts: [{ type: "text", content: text }] },
                            ]),
                          },
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        }),
    },
    {
      name: "SWE-agent .traj",
      read: (f) => readGenericTrace([f]),
      path: "x.traj",
      valid: (text) => JSON.stringify({ trajectory: [{ action: "ls", observation: "", response: text }], history: [] }),
    },
  ];

const stepText = (read: TraceRead) =>
  read.kind === "trace" ? read.trace.steps.map((s) => s.text ?? "").join("") : null;

describe.each(READERS)("$name with bad and big input", ({ read, path, valid }) => {
  it("reads a valid one-step trace", () => {
    expect(stepText(read(textFile(path, valid("hello"))))).toBe("hello");
  });

  it("not JSON: raw text with why, never a throw", () => {
    const result = read(textFile(path, "<html><script>alert(1)</script></html>"));
    expect(result).toMatchObject({ kind: "raw", raw: { path, text: "<html><script>alert(1)</script></html>" } });
    if (result.kind === "raw") expect(result.raw.why).toMatch(/invalid JSON/);
  });

  it("truncated: raw text with why", () => {
    const text = valid("hello");
    const result = read(textFile(path, text.slice(0, Math.floor(text.length / 2))));
    expect(result.kind).toBe("raw");
    if (result.kind === "raw") expect(result.raw.why).toMatch(/invalid JSON|Unterminated|Unexpected end/);
  });

  it("deep nesting: raw text, refused before anything recurses", () => {
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    const result = read(textFile(path, deep));
    expect(result).toMatchObject({ kind: "raw", raw: { why: expect.stringMatching(/nested deeper than 512 levels/) } });
  });

  it("a 2 MB single message reads whole, markup kept as text", () => {
    const big = "<b>" + "y".repeat(2 * 1024 * 1024) + "</b>";
    expect(stepText(read(textFile(path, valid(big))))).toBe(big);
  });

  it("binary bytes: raw text with why", () => {
    const result = read({ path, bytes: new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x00]) });
    expect(result.kind).toBe("raw");
  });
});
