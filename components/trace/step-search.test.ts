import { describe, expect, it } from "vitest";
import { buildTrace, draftStep } from "@/lib/traces";
import { callNamesOf, stepHasError, stepMatches } from "./step-search";

const trace = buildTrace({
  format: "test",
  path: "trace.jsonl",
  steps: [
    draftStep("user", { text: "Convert the accounts file" }),
    draftStep("agent", { toolCalls: [{ id: "c1", name: "read_file", arguments: { path: "data/Accounts.csv" } }] }),
    draftStep("tool", {
      results: [{ callId: "c1", content: [{ type: "json", value: { rows: 412 } }], isError: false }],
    }),
    draftStep("tool", { results: [{ callId: "c9", content: "Error: NO_TABLE", isError: true }] }),
  ],
});
const [user, call, result, failed] = trace.steps;
const names = callNamesOf(trace.steps);

describe("stepMatches", () => {
  it("matches text, call names and arguments without regard to case", () => {
    expect(stepMatches(user!, "ACCOUNTS", names)).toBe(true);
    expect(stepMatches(call!, "read_FILE", names)).toBe(true);
    expect(stepMatches(call!, "accounts.csv", names)).toBe(true);
    expect(stepMatches(user!, "read_file", names)).toBe(false);
  });

  it("matches a result by its structured content and by the name of the call it answers", () => {
    expect(stepMatches(result!, "412", names)).toBe(true);
    expect(stepMatches(result!, "read_file", names)).toBe(true);
    expect(stepMatches(failed!, "read_file", names)).toBe(false);
  });

  it("an empty query matches every step", () => {
    expect(trace.steps.every((s) => stepMatches(s, "  ", names))).toBe(true);
  });
});

describe("stepHasError", () => {
  it("is true only for a step carrying an error result", () => {
    expect(trace.steps.map(stepHasError)).toEqual([false, false, false, true]);
  });
});
