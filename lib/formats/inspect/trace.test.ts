import { describe, expect, it } from "vitest";
import { expandZip } from "@/lib/archive/unzip";
import type { Trace, TraceRead } from "@/lib/traces";
import { fixtureFile, jsonFile, textFile } from "../__fixtures__/load-fixture";
import { parseInspectFragment, readInspectTrace } from "./trace";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

const DIR = "traces/inspect-ai";

describe("Inspect .eval with Zstandard members (golden)", () => {
  it("legacy retry: two failed model attempts shown before the answer they were retried for", () => {
    const file = fixtureFile(`${DIR}/legacy/retry-2-then-success.eval`, "logs/retry.eval");
    const trace = traceOf(readInspectTrace([file], parseInspectFragment("1_epoch_1")!));
    expect(trace.path).toBe("logs/retry.eval#1_epoch_1");
    expect(trace.totals).toMatchObject({ steps: 4, toolCalls: 0, toolErrors: 0 });
    expect(trace.steps.map((s) => [s.source, s.text])).toEqual([
      ["user", "hello"],
      ["environment", "model call failed: _Transient('transient')"],
      ["environment", "model call failed: _Transient('transient')"],
      ["agent", "ok"],
    ]);
    expect(trace.steps[1]!.extra.traceback).toMatch(/^Traceback/);
  });

  it("postfix retry: the same, the attempts numbered", () => {
    const file = fixtureFile(`${DIR}/postfix/retry-2-then-success.eval`, "retry.eval");
    const trace = traceOf(readInspectTrace([file], { id: "1", epoch: 1 }));
    expect(trace.steps.map((s) => s.extra.attempt ?? null)).toEqual([null, 1, 2, null]);
    expect(trace.steps[3]!.at).toBe("2026-05-06T18:00:11.538124+00:00");
  });
});

describe("Inspect de-duplicated log and .json log (golden)", () => {
  it("log_message_deduplication: 12 messages, 5 bash calls linked by tool_call_id, times from the events", () => {
    const file = fixtureFile(`${DIR}/log_message_deduplication.eval`, "dedup.eval");
    const trace = traceOf(readInspectTrace([file], { id: "0", epoch: 1 }));
    expect(trace.totals).toMatchObject({ steps: 12, toolCalls: 5, toolErrors: 0 });
    expect(trace.steps[1]!.toolCalls[0]).toEqual({ id: "hardcoded_0", name: "bash", arguments: { cmd: "ls" } });
    expect(trace.steps[2]).toMatchObject({ source: "tool", results: [{ callId: "hardcoded_0", isError: false }] });
    expect(trace.steps[2]!.at).toBe("2025-10-06T10:15:45.377442+00:00");
  });

  it("the same sample rebuilt from the message pool when the sample has no messages", () => {
    const zip = expandZip(fixtureFile(`${DIR}/log_message_deduplication.eval`, "dedup.eval"));
    if ("error" in zip) throw new Error(zip.error);
    const files = zip.files.map((f) => {
      if (!f.path.endsWith("samples/0_epoch_1.json")) return f;
      const sample = JSON.parse(new TextDecoder().decode(f.bytes)) as Record<string, unknown>;
      return jsonFile(f.path, { ...sample, messages: [] });
    });
    const trace = traceOf(readInspectTrace(files, { id: "0", epoch: 1 }));
    expect(trace.totals).toMatchObject({ toolCalls: 5 });
    expect(trace.steps[0]).toMatchObject({ source: "user", text: "Guess the number" });
  });

  it("browser .json log: 10 messages, 4 browser calls, the first web_browser_go", () => {
    const file = fixtureFile(`${DIR}/2025-05-12T20-27-36-04-00_browser.trimmed.json`, "browser.json");
    const sample = JSON.parse(new TextDecoder().decode(file.bytes)) as { samples: { id: string | number }[] };
    const trace = traceOf(readInspectTrace([file], { id: String(sample.samples[0]!.id), epoch: 1 }));
    expect(trace.totals).toMatchObject({ steps: 10, toolCalls: 4, toolErrors: 0 });
    expect(trace.steps[1]!.toolCalls[0]).toEqual({
      id: "call_35FTpd6shR9efioDgeEBZ33s",
      name: "web_browser_go",
      arguments: { url: "https://www.aisi.gov.uk/" },
    });
    expect(trace.steps.flatMap((s) => s.toolCalls.map((c) => c.name))).toEqual([
      "web_browser_go",
      "web_browser_click",
      "web_browser_click",
      "web_browser_click",
    ]);
    expect(trace.steps[1]!.metrics?.inputTokens).toEqual(expect.any(Number));
    expect(trace.totals.inputTokens).toEqual(expect.any(Number));
  });
});

describe("Inspect input that does not read", () => {
  it("a tool error from the message's error field; an unknown sample; a broken log", () => {
    const log = {
      eval: { task: "t", model: "m" },
      samples: [
        {
          id: "a",
          epoch: 1,
          messages: [
            { role: "assistant", content: "", tool_calls: [{ id: "c", function: "bash", arguments: { cmd: "x" } }] },
            { role: "tool", tool_call_id: "c", content: "", error: { type: "timeout", message: "timed out" } },
          ],
        },
      ],
    };
    const trace = traceOf(readInspectTrace([jsonFile("log.json", log)], { id: "a", epoch: 1 }));
    expect(trace.totals.toolErrors).toBe(1);
    expect(readInspectTrace([jsonFile("log.json", log)], { id: "b", epoch: 1 })).toMatchObject({ kind: "none" });
    expect(readInspectTrace([textFile("log.eval", "PK\u0003\u0004garbage")], { id: "a", epoch: 1 })).toMatchObject({
      kind: "raw",
      raw: { why: expect.stringMatching(/^not a readable zip archive/) },
    });
    expect(readInspectTrace([textFile("log.json", '{"eval": ')], { id: "a", epoch: 1 })).toMatchObject({ kind: "raw" });
  });
});
