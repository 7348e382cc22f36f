import { describe, expect, it } from "vitest";
import {
  citedRefs,
  evidenceIndex,
  resolveAll,
  resolveEvidence,
  touchedCollections,
  type Trace,
  type TraceRead,
} from "@/lib/traces";
import { jsonFile, loadFixture, textFile } from "../__fixtures__/load-fixture";
import { readSiloStateDiff } from "./state-diff";
import { readSiloTrace } from "./trace";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

describe("Silo trace.jsonl (golden, EXPECTED.md 'Traces')", () => {
  it("checkout: 13 events, 5 calls, no error; C3's e3 and the answer's citations resolve", () => {
    const trace = traceOf(readSiloTrace(loadFixture("traces/silo/scoring-article/checkout")));
    expect(trace.totals).toMatchObject({ steps: 13, toolCalls: 5, toolErrors: 0, wallTimeMs: 9005 });
    expect(trace.steps[1]).toMatchObject({
      id: "2",
      source: "agent",
      toolCalls: [{ id: "1", name: "get_deploy_diff", arguments: { service: "checkout-api", deploy: "2026-11-20.3" } }],
    });
    const capacity = trace.steps[6]!;
    expect(capacity).toMatchObject({ id: "7", source: "tool", results: [{ callId: "3", isError: false }] });
    expect(capacity.extra).toEqual({ type: "tool_result", tool: "get_capacity", durationMs: 40 });
    const index = evidenceIndex(trace);
    expect(resolveEvidence(index, "e3")).toBe(6);
    const answer = trace.steps[11]!;
    expect(answer.source).toBe("agent");
    expect(resolveAll(index, citedRefs(answer.text!))).toEqual([
      { ref: "e1", step: 2 },
      { ref: "e2", step: 4 },
      { ref: "e3", step: 6 },
    ]);
    expect(resolveEvidence(index, "e9")).toBeNull();
    expect(trace.steps[12]!.extra).toMatchObject({ type: "run_end", terminationReason: "completed" });
  });

  it("csv-conversion: 17 events, 7 calls, 1 error at seq 9 (convert_timezone); write_file at seq 12", () => {
    const trace = traceOf(readSiloTrace(loadFixture("traces/silo/scoring-article/csv-conversion")));
    expect(trace.totals).toMatchObject({ steps: 17, toolCalls: 7, toolErrors: 1 });
    const errors = trace.steps.filter((s) => s.results.some((r) => r.isError));
    expect(errors.map((s) => [s.id, s.extra.tool])).toEqual([["9", "convert_timezone"]]);
    expect(errors[0]!.results[0]!.content).toEqual([
      { type: "json", value: { error: "NO_TABLE_SELECTED", message: "call filter_csv with keep=true first" } },
    ]);
    expect(trace.steps[11]!.toolCalls[0]).toEqual({
      id: "6",
      name: "write_file",
      arguments: { path: "data/accounts.csv", from: "preview" },
    });
  });

  it("crm/TASK-002 run folder: 11 events, 4 calls, 1 error at seq 7 (update_opportunity); the diff changes no opportunity", () => {
    const files = loadFixture("traces/silo/silo-runs/run_20261104091500_9c41");
    const trace = traceOf(readSiloTrace(files));
    expect(trace.totals).toMatchObject({ steps: 11, toolCalls: 4, toolErrors: 1 });
    const error = trace.steps.find((s) => s.results.some((r) => r.isError))!;
    expect([error.id, error.extra.tool]).toEqual(["7", "update_opportunity"]);
    const diff = readSiloStateDiff(files);
    if (diff.kind !== "diff") throw new Error(diff.kind);
    expect(diff.diff.collections.map((c) => c.name)).toEqual(["opportunities", "auditLog"]);
    expect(touchedCollections(diff.diff)).toEqual([]);
  });

  it("reads the baselines layout's <task>.state-diff.json beside its result", () => {
    const diff = readSiloStateDiff(loadFixture("traces/silo/baselines/crm"));
    if (diff.kind !== "diff") throw new Error(diff.kind);
    expect(diff.diff.path).toBe("TASK-002.state-diff.json");
    expect(touchedCollections(diff.diff)).toEqual([
      { name: "opportunities", added: [], removed: [], changed: ["OPP-005", "OPP-006"] },
      { name: "auditLog", added: ["AUD-0001", "AUD-0002"], removed: [], changed: [] },
      { name: "sequences", added: [], removed: [], changed: ["AUD"] },
    ]);
    expect(readSiloTrace(loadFixture("traces/silo/baselines/crm"))).toMatchObject({ kind: "none" });
  });
});

describe("Silo tool-events sidecar and odd traces", () => {
  const events = [
    { seq: 1, type: "tool_call", callId: "a", tool: "get_user", input: { id: 3 } },
    { seq: 2, type: "tool_call", tool: "list_deals", input: {} },
    { seq: 3, type: "tool_result", callId: "a", output: { id: "USR-3" } },
    { seq: 4, type: "tool_result", output: "[]", isError: true },
    { seq: 5, type: "model_thinking", text: "hmm", tokens: 12 },
  ];

  it("reads <task>.tool-events.json, pairs by callId, else in order, and keeps unknown types", () => {
    const trace = traceOf(readSiloTrace([jsonFile("TASK-013.tool-events.json", events)]));
    expect(trace.path).toBe("TASK-013.tool-events.json");
    expect(trace.totals).toMatchObject({ steps: 5, toolCalls: 2, toolErrors: 1 });
    expect(trace.steps[1]!.toolCalls[0]!.id).toBe("2.0");
    expect(trace.steps[2]!.results[0]!.callId).toBe("a");
    expect(trace.steps[3]!.results[0]).toEqual({ callId: "2.0", content: "[]", isError: true });
    expect(trace.steps[4]).toMatchObject({
      source: "environment",
      extra: { type: "model_thinking", text: "hmm", tokens: 12 },
    });
  });

  it("keeps the events before a cut last line, with a warning", () => {
    const text = events.map((e) => JSON.stringify(e)).join("\n") + '\n{"seq":6,"type":"tool_c';
    const trace = traceOf(readSiloTrace([textFile("trace.jsonl", text)]));
    expect(trace.steps).toHaveLength(5);
    expect(trace.warnings).toEqual([expect.stringMatching(/trace\.jsonl line 6 skipped: invalid JSON/)]);
  });

  it("an event without a type is kept whole, with a warning naming it", () => {
    const trace = traceOf(readSiloTrace([jsonFile("x.tool-events.json", [{ seq: 1 }])]));
    expect(trace.steps[0]).toMatchObject({ source: "environment", extra: { event: { seq: 1 } } });
    expect(trace.warnings).toEqual(["events[0]: type: missing (expected string)"]);
  });

  it("a sidecar that is not an array is raw text with why", () => {
    expect(readSiloTrace([jsonFile("x.tool-events.json", { seq: 1 })])).toMatchObject({
      kind: "raw",
      raw: { why: "expected a JSON array of tool events" },
    });
  });
});

describe("Silo sidecars in the baselines layout", () => {
  const events = (tool: string) => [{ seq: 1, type: "tool_call", callId: 1, tool, input: {} }];
  const folder = [
    jsonFile("crm/TASK-002.result.json", { checks: [] }),
    jsonFile("crm/TASK-002.tool-events.json", events("for_002")),
    jsonFile("crm/TASK-013.result.json", { checks: [] }),
    jsonFile("crm/TASK-013.tool-events.json", events("for_013")),
    jsonFile("crm/TASK-013.state-diff.json", { collections: { deals: { changed: ["D-1"] } } }),
  ];

  it("each result reads the sidecars sharing its stem, not its neighbours'", () => {
    const first = (read: TraceRead) => traceOf(read).steps[0]!.toolCalls[0]!.name;
    expect(first(readSiloTrace(folder, "crm/TASK-013.result.json"))).toBe("for_013");
    expect(first(readSiloTrace(folder, "crm/TASK-002.result.json"))).toBe("for_002");
    expect(readSiloStateDiff(folder, "crm/TASK-002.result.json")).toEqual({ kind: "none" });
    expect(readSiloStateDiff(folder, "crm/TASK-013.result.json")).toMatchObject({
      kind: "diff",
      diff: { collections: [{ name: "deals", added: [], removed: [], changed: ["D-1"] }] },
    });
  });

  it("a run folder's plain trace.jsonl belongs to the result beside it", () => {
    const run = [textFile("run_1/result.json", "{}"), textFile("run_1/trace.jsonl", JSON.stringify(events("x")[0]))];
    expect(readSiloTrace(run, "run_1/result.json").kind).toBe("trace");
    expect(readSiloTrace(run, "run_2/result.json").kind).toBe("none");
  });
});
