import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRolloutTrace } from "./trace-readers";
import type { FormatId, InputFile } from "./types";

// Random JSON, random JSON shaped like each harness's trace, and random bytes under the names the trace readers
// look for never throw out of readRolloutTrace: every read is a trace, raw text with why, or none.

const RUNS = { numRuns: 60 };
const enc = new TextEncoder();

/** Where each format's reader looks, and the rollout source pointing there. */
const PLACES: { format: FormatId; source: string; path: string }[] = [
  { format: "silo", source: "r/result.json", path: "r/trace.jsonl" },
  { format: "silo", source: "r/TASK-1.result.json", path: "r/TASK-1.tool-events.json" },
  { format: "harbor", source: "t/result.json", path: "t/agent/trajectory.json" },
  { format: "harbor", source: "t/result.json", path: "t/agent/mini.trajectory.json" },
  { format: "benchflow", source: "t/result.json", path: "t/trajectory/acp_trajectory.jsonl" },
  { format: "benchflow", source: "t/result.json", path: "t/trajectory/llm_trajectory.jsonl" },
  { format: "inspect", source: "log.json#1_epoch_1", path: "log.json" },
  { format: "tau-bench", source: "r.json#1_trial_0", path: "r.json" },
  { format: "grade", source: "g.json", path: "g.json" },
  { format: "harbor", source: "t/result.json", path: "t/x.traj" },
];

const KINDS = ["trace", "raw", "none"];

function readAt(place: (typeof PLACES)[number], bytes: Uint8Array) {
  const file: InputFile = { path: place.path, bytes };
  return readRolloutTrace({ path: place.source, format: place.format }, [file]);
}

/** Values shaped like the traces, with random parts, so they get past the first checks. */
const step = fc.record(
  {
    step_id: fc.oneof(fc.integer(), fc.string()),
    source: fc.constantFrom("user", "agent", "system", "tool", "weird"),
    role: fc.constantFrom("user", "assistant", "tool", "system"),
    type: fc.constantFrom("tool_call", "tool_result", "agent_output", "user_message", "agent_thought", "x"),
    seq: fc.integer(),
    callId: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
    message: fc.jsonValue(),
    content: fc.jsonValue(),
    tool_calls: fc.jsonValue(),
    observation: fc.jsonValue(),
    metrics: fc.jsonValue(),
    tool_call_id: fc.jsonValue(),
    output: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
const shaped = fc.oneof(
  fc.array(step),
  fc.record({ schema_version: fc.constant("ATIF-v1.6"), steps: fc.array(step), final_metrics: fc.jsonValue() }),
  fc.record({ messages: fc.array(step) }),
  fc.record({
    eval: fc.constant({ task: "t", model: "m" }),
    samples: fc.array(
      fc.record({
        id: fc.constant(1),
        epoch: fc.constant(1),
        messages: fc.array(step),
        events: fc.array(
          fc.record({
            event: fc.constantFrom("model", "tool"),
            id: fc.string(),
            error: fc.jsonValue(),
            output: fc.jsonValue(),
          }),
        ),
        attachments: fc.jsonValue(),
      }),
      { maxLength: 2 },
    ),
  }),
  fc.array(fc.record({ task_id: fc.constant(1), reward: fc.double(), trial: fc.constant(0), traj: fc.array(step) })),
  fc.record({ trajectory: fc.array(fc.jsonValue()), history: fc.array(step) }),
);

describe.each(PLACES)("the $format reader at $path", (place) => {
  it("never throws on random JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(KINDS).toContain(readAt(place, enc.encode(JSON.stringify(value))).kind);
      }),
      RUNS,
    );
  });

  it("never throws on JSON shaped like a trace, as a file or as lines", () => {
    fc.assert(
      fc.property(shaped, fc.boolean(), (value, asLines) => {
        const text =
          asLines && Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join("\n") : JSON.stringify(value);
        expect(KINDS).toContain(readAt(place, enc.encode(text)).kind);
      }),
      RUNS,
    );
  });

  it("never throws on random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        expect(KINDS).toContain(readAt(place, bytes).kind);
      }),
      RUNS,
    );
  });
});
