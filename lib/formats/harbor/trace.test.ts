import { describe, expect, it } from "vitest";
import { stepImages, type Trace, type TraceRead } from "@/lib/traces";
import { jsonFile, loadFixture, textFile } from "../__fixtures__/load-fixture";
import { readHarborTrace } from "./trace";

const REFRESH = "traces/harbor/refreshdotdev";
const GEMINI =
  "traces/harbor/skillsbench-trajectories/shenghan/gemini-cli/gemini3flash/noskills/gemini-cli-gemini3flash-noskills-3d-scan-calc-a2c944/3d-scan-calc__35QwY5n";

function traceOf(read: TraceRead): Trace {
  if (read.kind !== "trace") throw new Error(`expected a trace, got ${JSON.stringify(read).slice(0, 300)}`);
  return read.trace;
}

// Steps and tool calls per trial as the fixtures' README lists them; ATIF records no tool errors.
const TRIALS: [string, number, number][] = [
  [`${REFRESH}/terminus2-simple-daytona/015_braintree__braintree_python___qnWhytM`, 16, 16],
  [`${REFRESH}/terminus2-complex-daytona/122_enthought__traits__step280____3M8gNiB`, 30, 43],
  [`${REFRESH}/terminus2-complex-daytona/126_ablab__isoquant__step39__int__GRU3mpX`, 11, 17],
  [`${REFRESH}/terminus2-simple-daytona/011_atlassian-api__atlassian-pyt__xznBdt8`, 5, 4],
  [`${REFRESH}/Hermes 70B-t-bench-ext/et-880c0c6c__EGzZx8R`, 29, 101],
  [`${REFRESH}/nova-complex-docker/077_blosc__bloscpack__step50__pu__J9jFHqy`, 50, 48],
  [`${REFRESH}/2026-02-09__12-10-48/011_atlassian-api__atlassian-pyt__t9JToEW`, 2, 0],
  [`${REFRESH}/2026-02-09__00-15-22/computer-use-oncall-debug__kFdZhTa`, 51, 54],
  [GEMINI, 15, 14],
];

describe("Harbor ATIF trajectories (golden)", () => {
  it.each(TRIALS)("%s: %i steps, %i tool calls", (folder, steps, toolCalls) => {
    const trace = traceOf(readHarborTrace(loadFixture(folder, "trial/")));
    expect(trace.format).toBe("harbor-atif");
    expect(trace.path).toBe("trial/agent/trajectory.json");
    expect(trace.totals).toMatchObject({ steps, toolCalls, toolErrors: 0 });
    expect(trace.steps.map((s) => s.id)).toEqual(trace.steps.map((_, i) => String(i + 1)));
  });

  it("gemini-cli: results name their call (source_call_id); metrics and final totals", () => {
    const trace = traceOf(readHarborTrace(loadFixture(GEMINI)));
    const first = trace.steps[1]!;
    expect(first.toolCalls[0]).toEqual({
      id: "read_file-1769377087959-291b406d1a9f8",
      name: "read_file",
      arguments: { file_path: "material_density_table.md" },
    });
    expect(first.reasoning).toMatch(/^Initiating Mass Calculation/);
    expect(first.results.map((r) => r.callId)).toEqual(first.toolCalls.map((c) => c.id));
    expect(trace.steps[2]!.results[0]!.content).toMatch(/^Command: od -j 80 -N 4 -t u4 scan_data.stl/);
    expect(trace.totals).toMatchObject({ inputTokens: 222272, outputTokens: 6770, cachedTokens: 81181, costUsd: null });
    expect(trace.steps[0]).toMatchObject({ source: "user", metrics: null, at: "2026-01-25T21:38:04.062Z" });
  });

  it("terminus-2: one screen after a batch of calls answers the last call; a reply without calls keeps its complaint", () => {
    const trace = traceOf(readHarborTrace(loadFixture(TRIALS[1]![0])));
    const batch = trace.steps[2]!;
    expect(batch.toolCalls.map((c) => c.name)).toEqual(["bash_command", "bash_command"]);
    expect(batch.toolCalls[0]!.arguments).toEqual({ keystrokes: "cd traits\n", duration: 0.1 });
    expect(batch.results).toHaveLength(1);
    expect(batch.results[0]!.callId).toBe(batch.toolCalls[1]!.id);
    const braintree = traceOf(readHarborTrace(loadFixture(TRIALS[0]![0])));
    const unparsed = braintree.steps[4]!;
    expect([unparsed.toolCalls.length, unparsed.results.length, unparsed.results[0]!.callId]).toEqual([0, 1, null]);
    expect(braintree.steps.at(-1)!.toolCalls[0]!.name).toBe("mark_task_complete");
    expect(braintree.totals.costUsd).toBeCloseTo(0.22129, 6);
    expect(braintree.warnings).toEqual([]);
  });

  it("navigator: screenshot results are image parts; one present, fourteen missing", () => {
    const trace = traceOf(readHarborTrace(loadFixture(TRIALS[7]![0], "trial/")));
    const images = trace.steps.flatMap(stepImages);
    expect(images).toHaveLength(15);
    expect(images[0]).toEqual({
      path: "trial/agent/images/step_2_computer_screenshot_2.png",
      written: "images/step_2_computer_screenshot_2.png",
      mediaType: "image/png",
      available: true,
    });
    expect(images.filter((i) => i.available === false)).toHaveLength(14);
    expect(trace.warnings).toContain("14 images named by the trajectory not among the trial's files");
    expect(trace.steps[2]!.results[0]).toMatchObject({ content: "OK: pyautogui.scroll(-500, x=500, y=500)" });
    expect(trace.totals.costUsd).toBeNull();
  });

  it("mini-swe-agent converted (v1.2): the recorded cost wins, the steps' larger sum is a warning", () => {
    const trace = traceOf(readHarborTrace(loadFixture(TRIALS[5]![0])));
    expect(trace.totals.costUsd).toBeCloseTo(0.9301875, 6);
    expect(trace.warnings).toEqual([
      "the trace records costUsd 0.930188 for the whole run, but its steps add up to 3.439472",
    ]);
    expect(trace.metadata.notes).toEqual(expect.any(String));
    expect(trace.steps.slice(0, 2).map((s) => s.source)).toEqual(["system", "user"]);
  });

  it("falls back to the native agent/<agent>.trajectory.json (mini-swe-agent messages)", () => {
    const files = loadFixture(TRIALS[5]![0]).filter((f) => f.path !== "agent/trajectory.json");
    const trace = traceOf(readHarborTrace(files));
    expect(trace.format).toBe("mini-swe-agent");
    expect(trace.totals.steps).toBe(98);
    expect(trace.steps.slice(0, 3).map((s) => s.source)).toEqual(["system", "user", "agent"]);
    expect(trace.totals.costUsd).toBeCloseTo(0.9301875, 6);
  });
});

describe("Harbor trajectories that do not read", () => {
  const atif = (steps: unknown[]) => ({ schema_version: "ATIF-v1.6", session_id: "s", agent: { name: "a" }, steps });

  it("not JSON: raw text with why", () => {
    const read = readHarborTrace([textFile("agent/trajectory.json", "<html>502 Bad Gateway</html>")]);
    expect(read).toMatchObject({
      kind: "raw",
      raw: { path: "agent/trajectory.json", text: "<html>502 Bad Gateway</html>", truncated: false },
    });
    if (read.kind === "raw") expect(read.raw.why).toMatch(/^invalid JSON at line 1 column 1/);
  });

  it("truncated: raw text with the position", () => {
    const full = JSON.stringify(atif([{ step_id: 1, source: "user", message: "hi" }]));
    const read = readHarborTrace([textFile("agent/trajectory.json", full.slice(0, 60))]);
    expect(read.kind).toBe("raw");
    if (read.kind === "raw") expect(read.raw.why).toMatch(/invalid JSON at line 1 column \d+/);
  });

  it("deep nesting: raw text, refused before anything recurses", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const read = readHarborTrace([textFile("agent/trajectory.json", `{"steps": ${deep}}`)]);
    expect(read).toMatchObject({ kind: "raw", raw: { why: "JSON nested deeper than 512 levels" } });
  });

  it("a 2 MB single message reads whole", () => {
    const message = "x".repeat(2 * 1024 * 1024);
    const trace = traceOf(
      readHarborTrace([jsonFile("agent/trajectory.json", atif([{ step_id: 1, source: "agent", message }]))]),
    );
    expect(trace.steps[0]!.text).toHaveLength(2 * 1024 * 1024);
  });

  it("JSON that is no ATIF: raw text with why; an odd step is kept with a warning", () => {
    expect(readHarborTrace([jsonFile("agent/trajectory.json", [1, 2])])).toMatchObject({
      kind: "raw",
      raw: { why: expect.stringMatching(/^not an ATIF trajectory/) },
    });
    const trace = traceOf(
      readHarborTrace([jsonFile("agent/trajectory.json", atif([{ step_id: 1 }, { step_id: 2, source: "agent" }]))]),
    );
    expect(trace.steps[0]).toMatchObject({ source: "environment", extra: { step: { step_id: 1 } } });
    expect(trace.warnings).toEqual(["steps[0]: source: missing (expected string)"]);
  });

  it("keeps what it does not map: subagent refs on results, unknown call fields, copied context", () => {
    const step = {
      step_id: 1,
      source: "agent",
      message: "delegating",
      is_copied_context: true,
      tool_calls: [{ tool_call_id: "c1", function_name: "delegate", arguments: {}, extra: { queue: "q" } }],
      observation: {
        results: [{ source_call_id: "c1", content: "done", subagent_trajectory_ref: [{ session_id: "sub-1" }] }],
      },
    };
    const trace = traceOf(readHarborTrace([jsonFile("agent/trajectory.json", atif([step]))]));
    expect(trace.steps[0]!.extra).toEqual({
      is_copied_context: true,
      toolCallFields: [{ extra: { queue: "q" } }],
      resultFields: [{ subagent_trajectory_ref: [{ session_id: "sub-1" }] }],
    });
  });

  it("no trajectory: none", () => {
    expect(readHarborTrace([textFile("result.json", "{}")])).toMatchObject({ kind: "none" });
  });
});
