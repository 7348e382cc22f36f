import { describe, expect, it } from "vitest";
import type { Trace, TraceRead } from "@/lib/traces";
import { fixtureFile, jsonFile, textFile } from "../__fixtures__/load-fixture";
import { parseTauFragment, readTauBenchTrace } from "./trace";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

const FILE = fixtureFile("traces/tau-bench/gpt-4o-airline.task13-trial1.json", "gpt-4o-airline.json");

describe("tau-bench traj (golden)", () => {
  const trace = traceOf(readTauBenchTrace(FILE, parseTauFragment("13_trial_1")!));

  it("28 messages, 5 tool calls, 1 tool error", () => {
    expect(trace.path).toBe("gpt-4o-airline.json#13_trial_1");
    expect(trace.totals).toMatchObject({ steps: 28, toolCalls: 5, toolErrors: 1, wallTimeMs: null });
    expect(trace.steps.slice(0, 3).map((s) => s.source)).toEqual(["system", "user", "agent"]);
  });

  it("first call with its parsed arguments, answered by its tool message", () => {
    const call = trace.steps[4]!.toolCalls[0]!;
    expect(call).toEqual({
      id: "call_aHFvcOCBnUSBGb47m72g1qAH",
      name: "get_reservation_details",
      arguments: { reservation_id: "XEWRD9" },
    });
    expect(trace.steps[5]!.results[0]).toMatchObject({ callId: call.id, isError: false });
  });

  it("the error step says why", () => {
    const error = trace.steps.find((s) => s.results.some((r) => r.isError))!;
    expect(error.results[0]!.content).toBe("Error: flight HAT030 not available on date 2024-05-13");
    expect(trace.metadata).toMatchObject({ task_id: 13, trial: 1 });
  });
});

describe("tau-bench input that does not read", () => {
  it("an entry that is not there, a list that is not tau-bench's, bytes that are not JSON", () => {
    expect(readTauBenchTrace(FILE, { taskId: "13", trial: 0 })).toMatchObject({
      kind: "raw",
      raw: { why: "no entry for task 13, trial 0" },
    });
    expect(readTauBenchTrace(jsonFile("x.json", [{ a: 1 }]), { taskId: "1", trial: 0 })).toMatchObject({
      kind: "raw",
      raw: { why: expect.stringMatching(/^not a tau-bench results list/) },
    });
    expect(readTauBenchTrace(textFile("x.json", "[{"), { taskId: "1", trial: 0 }).kind).toBe("raw");
    expect(parseTauFragment("13")).toBeNull();
  });
});
