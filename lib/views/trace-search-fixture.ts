import type { InputFile } from "@/lib/formats/types";
import type { Store } from "@/lib/store/store";

/*
 * Test helper: a small Silo run made for the search golden tests, every step written out here so each expected
 * hit can be derived by hand. Silo logs one step per event (docs/traces.md): run_start and run_end are
 * environment steps, tool_call an agent step, tool_result a tool step, agent_output an agent step.
 */

const encoder = new TextEncoder();
const file = (path: string, text: string): InputFile => ({ path, bytes: encoder.encode(text) });

function result(taskId: string, passed: boolean) {
  return JSON.stringify({
    taskId,
    taskName: `Task ${taskId}`,
    passed,
    reward: passed ? 1 : 0,
    terminationReason: "completed",
    checks: [{ id: "C1", label: "C1 Does the task", passed, required: true, dimension: "correctness" }],
  });
}

type Event = Record<string, unknown>;
const at = (n: number) => `2026-11-20T10:00:${String(n).padStart(2, "0")}.000Z`;
const jsonl = (events: Event[]) =>
  events.map((e, n) => JSON.stringify({ seq: n + 1, at: at(n), ...e })).join("\n") + "\n";

/** Step by step, the text each holds is noted beside it. */
export const SEARCH_TRACES: Record<string, Event[]> = {
  alpha: [
    { type: "run_start", taskId: "alpha" }, // 0 environment
    { type: "tool_call", callId: 1, tool: "bash", input: { cmd: "pip install requests" } }, // 1 agent, bash
    {
      type: "tool_result",
      callId: 1,
      tool: "bash",
      isError: true,
      output: { message: "permission denied: /usr/lib" },
    }, // 2 tool, bash, error
    { type: "tool_call", callId: 2, tool: "read_file", input: { path: "notes.md" } }, // 3 agent, read_file
    { type: "tool_result", callId: 2, tool: "read_file", output: "Permission Denied twice" }, // 4 tool, read_file
    { type: "agent_output", output: "Installed after retrying with sudo." }, // 5 agent
    { type: "run_end", terminationReason: "completed" }, // 6 environment
  ],
  beta: [
    { type: "run_start", taskId: "beta" },
    { type: "tool_call", callId: 1, tool: "bash", input: { cmd: "ls" } }, // 1 agent, bash
    { type: "tool_result", callId: 1, tool: "bash", output: "README.md" }, // 2 tool, bash
    { type: "agent_output", output: "Nothing to install: permission granted, denied nothing." }, // 3 agent
    { type: "run_end", terminationReason: "completed" },
  ],
  gamma: [
    { type: "run_start", taskId: "gamma" },
    { type: "tool_call", callId: 1, tool: "http_get", input: { url: "https://example.com" } }, // 1 agent, http_get
    { type: "tool_result", callId: 1, tool: "http_get", isError: true, output: { error: "timeout after 30 s" } }, // 2 error
    { type: "agent_output", output: "The request timed out." }, // 3 agent
    { type: "run_end", terminationReason: "completed" },
  ],
};

/** The run: alpha, beta and gamma with their traces, and `broken`, whose trace is not JSON Lines. */
export function searchRunFiles(extra: Record<string, Event[]> = {}): InputFile[] {
  const traces = { ...SEARCH_TRACES, ...extra };
  return [
    ...Object.entries(traces).flatMap(([task, events]) => [
      file(`${task}/result.json`, result(task, task !== "gamma")),
      file(`${task}/trace.jsonl`, jsonl(events)),
    ]),
    file("broken/result.json", result("broken", false)),
    file("broken/trace.jsonl", "{this is not json\n"),
  ];
}

/** The rollouts of a run whose indexed steps hold `word`, each with its first matching steps' indexes. */
export async function stepsHolding(store: Store, runId: string, word: string): Promise<[string, number[]][]> {
  const found = await store.searchStepText(runId, {
    mode: "all",
    words: [word],
    offset: 0,
    limit: 10,
    stepsPerRollout: 5,
  });
  return found.page.map((p) => [p.rolloutId, p.steps.map((s) => s.step)]);
}
