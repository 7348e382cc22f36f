import { harborJobFiles } from "./harbor-job-generator";
import { jsonFile, textFile } from "./load-fixture";
import type { InputFile } from "../types";

/*
 * Generated traces of any length in three shapes read whole from one file (an ATIF trajectory in a Harbor trial,
 * a Silo `<task>.tool-events.json`, Claude Code stream-json in a Harbor trial), for the big-trace tests and
 * figures. Each call's result holds `resultChars` characters; every 100th result is an error (ATIF has no
 * error flag: its results are never errors). The last result alone says "omega".
 */

export interface BigTraceShape {
  /** Tool calls: each is one step with its result (ATIF) or two steps (a call, then its result). */
  calls: number;
  resultChars: number;
}

const TRIAL = "job/fix-dates__Abc2345";

/** A Harbor job of one trial whose agent/trajectory.json is an ATIF trajectory of `calls` agent steps after a user step. */
export function harborAtifFiles(shape: BigTraceShape): { files: InputFile[]; trace: InputFile } {
  const steps: unknown[] = [{ step_id: 1, source: "user", message: "Fix the dates." }];
  for (let n = 1; n <= shape.calls; n++) {
    const content = n === shape.calls ? "omega" : `${n} `.padEnd(shape.resultChars, "z");
    steps.push({
      step_id: n + 1,
      source: "agent",
      message: `Step ${n}`,
      tool_calls: [{ tool_call_id: `call-${n}`, function_name: `tool_${n % 7}`, arguments: { n } }],
      observation: { results: [{ source_call_id: `call-${n}`, content }] },
    });
  }
  const trace = jsonFile(`${TRIAL}/agent/trajectory.json`, {
    schema_version: "ATIF-v1.7",
    session_id: "s-1",
    agent: { name: "gen-agent", version: "1.0.0", model_name: "gen-model" },
    steps,
  });
  return { files: [...trialFiles(), trace], trace };
}

/** A Harbor job of one trial whose agent/claude-code.txt is Claude Code stream-json of `calls` tool calls. */
export function harborClaudeCodeFiles(shape: BigTraceShape): { files: InputFile[]; trace: InputFile } {
  const lines: string[] = [
    JSON.stringify({ type: "system", subtype: "init", session_id: "s-1", tools: ["Bash"], model: "gen-model" }),
    JSON.stringify({ type: "user", message: { role: "user", content: "Fix the dates." }, session_id: "s-1" }),
  ];
  for (let n = 1; n <= shape.calls; n++) {
    const id = `toolu_${n}`;
    const content = n === shape.calls ? "omega" : `${n} `.padEnd(shape.resultChars, "z");
    lines.push(
      JSON.stringify({
        type: "assistant",
        message: {
          id: `msg_${n}`,
          role: "assistant",
          model: "gen-model",
          content: [{ type: "tool_use", id, name: `tool_${n % 7}`, input: { n } }],
        },
        session_id: "s-1",
      }),
      JSON.stringify({
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content, is_error: n % 100 === 0 }] },
        session_id: "s-1",
      }),
    );
  }
  const trace = textFile(`${TRIAL}/agent/claude-code.txt`, lines.join("\n") + "\n");
  return { files: [...trialFiles(), trace], trace };
}

/** A Silo baselines folder of one task whose trace is `<task>.tool-events.json`, `calls` calls each answered next. */
export function siloToolEventsFiles(shape: BigTraceShape): { files: InputFile[]; trace: InputFile } {
  const events: unknown[] = [];
  for (let n = 1; n <= shape.calls; n++) {
    const content = n === shape.calls ? "omega" : `${n} `.padEnd(shape.resultChars, "z");
    events.push(
      { seq: 2 * n - 1, type: "tool_call", callId: n, tool: `tool_${n % 7}`, input: { n } },
      { seq: 2 * n, type: "tool_result", callId: n, isError: n % 100 === 0, output: { id: `o${n}`, text: content } },
    );
  }
  const result = jsonFile("crm/TASK-002.result.json", {
    passed: true,
    reward: 1,
    requiredPassed: 1,
    requiredTotal: 1,
    failedRequired: [],
    checksPassed: 1,
    checksFailed: 0,
    toolCalls: shape.calls,
    toolErrors: Math.floor(shape.calls / 100),
    terminationReason: "completed",
    agentOutput: "Done.",
    error: null,
    checks: [{ label: "The dates parse", passed: true, detail: "all of them", required: true }],
  });
  const trace = jsonFile("crm/TASK-002.tool-events.json", events);
  return { files: [result, trace], trace };
}

function trialFiles(): InputFile[] {
  return harborJobFiles([
    {
      agent: "gen-agent",
      model: "gen-model",
      trials: [{ task: "fix-dates", id: "Abc2345", reward: 1, folder: { durationSec: 60 } }],
    },
  ]);
}
