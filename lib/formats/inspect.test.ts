import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { expandZip } from "@/lib/archive/unzip";
import { computeReport } from "@/lib/scoring/report/report";
import { fixtureFile, jsonFile, loadFixture } from "./__fixtures__/load-fixture";
import { sha256Hex } from "./hash";
import { inspectFormat, valueVerdict } from "./inspect";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

function parseLogs(files: InputFile[], options: ParseOptions = {}) {
  return inspectFormat.parse(inspectFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parseLogs(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

const jsonLog = fixtureFile("inspect-real/log_formats.json");
const evalLog = fixtureFile("inspect-real/log_formats.eval");
/** The log's one sample, by its eval (run_id, task_id, created: the log has no eval_id), sample id and epoch. */
const POPULARITY_SAMPLE = sha256Hex(
  new TextEncoder().encode(
    JSON.stringify([
      "inspect-eval",
      "run",
      "BpiPFmbVcMCRUAXv8ovCTx",
      "9eTnG3tV8jGRYoTPMH54Ee",
      "2024-10-15T12:53:13-04:00",
      1,
      1,
    ]),
  ),
);

/** What every form of the real log must give (EvalLog from inspect_ai's tests). */
function expectPopularity(run: NormalizedRun) {
  expect(run).toMatchObject({
    name: "popularity",
    format: "inspect",
    model: "ollama/llama3.1",
    agent: "system_message → generate",
    createdAt: "2024-10-15T16:53:13.000Z",
    passThreshold: 1,
    warnings: [],
  });
  expect(run.tasks).toEqual([{ key: "1", taskId: "1", name: null, group: null, weight: 1 }]);
  const [r] = run.rollouts;
  expect(r).toMatchObject({
    id: "1#1",
    task: "1",
    status: "scored",
    rule: "checks",
    agentOutput: "No",
    tokens: 68,
    terminationReason: "stop",
    toolCalls: 0,
    toolErrors: 0,
    error: null,
    warnings: [],
  });
  expect(r!.checks).toEqual([
    {
      order: 0,
      key: "match",
      label: "match",
      passed: false,
      score: 0,
      required: true,
      dimension: "correctness",
      status: "graded",
      weight: null,
      failureTag: null,
      detail: null,
      reason: null,
      evidenceRefs: [],
      metadata: { answer: "No", value: "I" },
    },
  ]);
  expect(r!.metadata).toMatchObject({ epoch: 1, target: " Yes", metadata: { label_confidence: 0.8860552919198255 } });
  expect(r!.metadata.messages).toBeUndefined();
  expect(run.metadata).toMatchObject({
    status: "success",
    version: 2,
    eval: { task: "popularity", run_id: "BpiPFmbVcMCRUAXv8ovCTx" },
  });
  const report = computeReport(toScoringRun(run));
  expect(report.rollouts[0]).toMatchObject({ passed: false, reward: 0, failedRequired: ["match"] });
  expect(report.metrics.correctness?.value).toBe(0);
}

describe("real Inspect AI log (inspect_ai tests/log/test_eval_log)", () => {
  it("reads the .json EvalLog: one sample × one epoch", () => {
    const run = onlyRun([jsonLog]);
    expectPopularity(run);
    expect(run.rollouts[0]!.source).toEqual({
      path: "log_formats.json#1_epoch_1",
      format: "inspect",
      sha256: sha256Hex(jsonLog.bytes),
      identity: POPULARITY_SAMPLE,
    });
    expect(run.rollouts[0]!.files).toEqual(["log_formats.json"]);
    expect(run.metadata.log).toBe("log_formats.json");
  });

  it("reads the .eval zip the same way, sources pointing into the archive", () => {
    const run = onlyRun([evalLog]);
    expectPopularity(run);
    expect(run.rollouts[0]!.source).toEqual({
      path: "log_formats.eval#1_epoch_1",
      format: "inspect",
      sha256: sha256Hex(evalLog.bytes),
      identity: POPULARITY_SAMPLE,
    });
    expect(run.rollouts[0]!.files).toEqual(["log_formats.eval"]);
  });

  it("reads a .eval already expanded into its entries (as archive expansion at upload leaves it)", () => {
    const expanded = expandZip(evalLog);
    if ("error" in expanded) throw new Error(expanded.error);
    const run = onlyRun(expanded.files);
    expectPopularity(run);
    expect(run.rollouts[0]!.source.path).toBe("log_formats.eval/samples/1_epoch_1.json");
    expect(run.rollouts[0]!.source.identity).toBe(POPULARITY_SAMPLE);
    expect([...run.rollouts[0]!.files].sort()).toEqual(expanded.files.map((f) => f.path).sort());
  });

  it("is what the batch detects for both files, one run per log", () => {
    const batch = parseBatch(loadFixture("inspect-real"));
    expect([...batch.rejected, ...batch.unclaimed]).toEqual([]);
    expect(batch.runs.map((r) => [r.format, r.rollouts[0]!.source.path])).toEqual([
      ["inspect", "log_formats.eval#1_epoch_1"],
      ["inspect", "log_formats.json#1_epoch_1"],
    ]);
  });

  it("gives each sample an identity of its eval, or its uuid: another eval's sample of the same id differs", () => {
    const log = JSON.parse(new TextDecoder().decode(jsonLog.bytes)) as {
      eval: Record<string, unknown>;
      samples: Record<string, unknown>[];
    };
    const identity = (eval_: Record<string, unknown>, sample: Record<string, unknown> = {}) =>
      onlyRun([
        jsonFile("log.json", { ...log, eval: { ...log.eval, ...eval_ }, samples: [{ ...log.samples[0], ...sample }] }),
      ]).rollouts[0]!.source.identity;
    expect(identity({})).toBe(POPULARITY_SAMPLE);
    const others = [
      identity({ run_id: "another-run" }),
      identity({ task_id: "another-task" }),
      identity({ created: "2024-10-16T09:00:00-04:00" }),
      identity({}, { epoch: 2 }),
      identity({ eval_id: "eval-1" }),
      identity({ eval_id: "eval-2" }),
      identity({}, { uuid: "sample-run-1" }),
      identity({ eval_id: "eval-1" }, { uuid: "sample-run-2" }),
    ];
    expect(new Set([POPULARITY_SAMPLE, ...others]).size).toBe(others.length + 1);
    // The uuid names one sample run, whichever eval header it is read with.
    expect(identity({ run_id: "x" }, { uuid: "sample-run-1" })).toBe(identity({}, { uuid: "sample-run-1" }));
    expect(identity({ run_id: null, task_id: null, eval_id: null })).toBeUndefined();
  });

  it("a user's --run, --agent and --model win", () => {
    const run = onlyRun([jsonLog], { runName: "nightly", agent: "me", model: "m" });
    expect([run.name, run.agent, run.model]).toEqual(["nightly", "me", "m"]);
  });
});

const sample = (id: number, epoch: number, extra: Record<string, unknown>) => ({
  id,
  epoch,
  input: "q",
  target: "a",
  ...extra,
});

const SAMPLES = [
  sample(1, 1, { scores: { match: { value: "C", answer: "a" }, judge: { value: "P", explanation: "half right" } } }),
  sample(1, 2, { scores: { match: { value: "I", answer: "b" }, judge: { value: "I" } } }),
  sample(2, 1, {
    scores: {},
    error: { message: "RuntimeError('sandbox died')", traceback: "Traceback…\nRuntimeError: sandbox died\n" },
  }),
  sample(2, 2, { scores: { match: { value: "N" } } }),
  sample(3, 1, {
    scores: { metrics: { value: { accuracy: 1, f1: 0.5 } }, grade: { value: 7 }, ok: { value: false } },
    messages: [
      { role: "assistant", content: "", tool_calls: [{ id: "1" }, { id: "2" }] },
      { role: "tool", content: "boom", error: { type: "parsing", message: "bad" } },
      { role: "assistant", content: [{ type: "text", text: "done" }] },
    ],
    output: {
      choices: [{ message: { role: "assistant", content: [{ type: "text", text: "done" }] }, stop_reason: "stop" }],
    },
    limit: { type: "message", limit: 3 },
    total_time: 12.5,
    model_usage: { "m/a": { total_tokens: 10 }, "m/b": { total_tokens: 5 } },
  }),
];

const HEADER = {
  version: 2,
  status: "success",
  eval: { task: "synthetic", model: "openai/gpt-4o", solver: "react", created: "2025-01-02T03:04:05+00:00" },
  results: { scores: [{ name: "match" }] },
};

describe("scorer values, epochs and errors", () => {
  const run = onlyRun([jsonFile("logs/synthetic.json", { ...HEADER, samples: SAMPLES })]);
  const byId = (id: string) => run.rollouts.find((r) => r.id === id)!;

  it("makes one rollout per sample × epoch, task = sample id", () => {
    expect(run.agent).toBe("react");
    expect(run.rollouts.map((r) => [r.id, r.task, r.status])).toEqual([
      ["1#1", "1", "scored"],
      ["1#2", "1", "scored"],
      ["2#1", "2", "unscored"],
      ["2#2", "2", "unscored"],
      ["3#1", "3", "scored"],
    ]);
    expect(byId("1#2").source.path).toBe("logs/synthetic.json#1_epoch_2");
  });

  it("maps C / I / P to 1 / 0 / 0.5 (P is not a pass) and keeps the explanation as the detail", () => {
    expect(byId("1#1").checks.map((c) => [c.key, c.passed, c.score, c.detail])).toEqual([
      ["match", true, 1, null],
      ["judge", false, 0.5, "half right"],
    ]);
    const report = computeReport(toScoringRun(run));
    expect(report.rollouts.find((r) => r.id === "1#1")).toMatchObject({
      passed: false,
      reward: 0.75,
      failedRequired: ["judge"],
    });
  });

  it("stores an errored sample unscored with the error and its category", () => {
    const r = byId("2#1");
    expect(r).toMatchObject({ error: "RuntimeError('sandbox died')", errorCategory: "RuntimeError" });
    expect(r.warnings[0]).toBe("sample error (RuntimeError): RuntimeError('sandbox died'): stored unscored");
  });

  it("N is not graded: a sample with only N is unscored, saying why", () => {
    const r = byId("2#2");
    expect(r.checks[0]).toMatchObject({ status: "not_assigned", passed: null, score: null, reason: "no answer (N)" });
    expect(r).toMatchObject({ error: "no graded score", errorCategory: "not_graded" });
    expect(r.warnings[0]).toBe("no scorer graded the sample (no answer): stored unscored");
  });

  it("expands dict values per key, clips numbers (raw kept), reads booleans and the sample's facts", () => {
    const r = byId("3#1");
    expect(r.checks.map((c) => [c.key, c.passed, c.score, c.metadata.value])).toEqual([
      ["metrics/accuracy", true, 1, 1],
      ["metrics/f1", false, 0.5, 0.5],
      ["grade", true, 1, 7],
      ["ok", false, 0, false],
    ]);
    expect(r).toMatchObject({
      toolCalls: 2,
      toolErrors: 1,
      agentOutput: "done",
      terminationReason: "message_limit",
      durationMs: 12500,
      tokens: 15,
    });
    expect(r.metadata.limit).toEqual({ type: "message", limit: 3 });
  });

  it("reads the value words and numbers Inspect's value_to_float reads", () => {
    expect(valueVerdict("yes")).toEqual({ graded: true, passed: true, score: 1 });
    expect(valueVerdict("0.25")).toEqual({ graded: true, passed: false, score: 0.25 });
    expect(valueVerdict(-2)).toEqual({ graded: true, passed: false, score: 0 });
    expect(valueVerdict("A")).toMatchObject({ graded: false, unrecognised: true });
    expect(valueVerdict(null)).toMatchObject({ graded: false, unrecognised: false });
  });

  it("names the older single `score` after the log's first scorer", () => {
    const old = onlyRun([
      jsonFile("old.json", { ...HEADER, samples: [{ id: "q1", epoch: 1, score: { value: "C" } }] }),
    ]);
    expect(old.rollouts[0]!.checks.map((c) => c.key)).toEqual(["match"]);
  });
});

describe(".eval archives and broken logs", () => {
  const zip = (entries: Record<string, unknown>) => ({
    path: "logs/run.eval",
    bytes: zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(JSON.stringify(v))]))),
  });

  it("reads a .eval whose members are Zstandard-compressed (zip method 93)", () => {
    for (const rel of ["legacy", "postfix"]) {
      const run = onlyRun([fixtureFile(`traces/inspect-ai/${rel}/retry-2-then-success.eval`, "retry.eval")]);
      expect(run.rollouts.map((r) => [r.id, r.source.path])).toEqual([["1#1", "retry.eval#1_epoch_1"]]);
    }
  });

  it("orders samples by id and epoch and warns about a log that did not finish", () => {
    const run = onlyRun([
      zip({
        "header.json": { ...HEADER, status: "error", error: { message: "boom", traceback: "" } },
        "samples/10_epoch_1.json": SAMPLES[0],
        "samples/2_epoch_1.json": { ...SAMPLES[1], id: 2, epoch: 1 },
      }),
    ]);
    expect(run.rollouts.map((r) => r.id)).toEqual(["2#1", "1#1"]);
    expect(run.warnings).toEqual(["the log's status is error: boom"]);
  });

  it("reads a log still running from its journal start", () => {
    const run = onlyRun([
      zip({ "_journal/start.json": { version: 2, eval: HEADER.eval }, "samples/1_epoch_1.json": SAMPLES[0] }),
    ]);
    expect(run.rollouts).toHaveLength(1);
  });

  it("rejects a log whose sample is invalid, naming the entry and field", () => {
    expect(
      parseLogs([zip({ "header.json": HEADER, "samples/1_epoch_1.json": { id: 1, epoch: "one" } })]).rejected,
    ).toEqual([{ path: "logs/run.eval", error: "samples/1_epoch_1.json: epoch: expected number, received string" }]);
    expect(parseLogs([jsonFile("l.json", { ...HEADER, samples: [SAMPLES[0], { epoch: 1 }] })]).rejected).toEqual([
      { path: "l.json", error: "samples[1].id: Invalid input" },
    ]);
  });

  it("in an expanded log, rejects only the broken sample file and keeps the log's other entries", () => {
    const entries = (
      expandZip(
        zip({
          "header.json": HEADER,
          "samples/1_epoch_1.json": { id: 1, epoch: "one" },
          "samples/2_epoch_1.json": { ...SAMPLES[1], id: 2, epoch: 1 },
          "summaries.json": [],
        }),
      ) as { files: InputFile[] }
    ).files;
    const result = parseLogs(entries);
    expect(result.rejected).toEqual([
      { path: "logs/run.eval/samples/1_epoch_1.json", error: "epoch: expected number, received string" },
    ]);
    expect(result.runs[0]!.rollouts.map((r) => [r.id, r.files])).toEqual([
      ["2#1", ["logs/run.eval/samples/2_epoch_1.json", "logs/run.eval/header.json", "logs/run.eval/summaries.json"]],
    ]);
  });

  it("rejects a log with no samples, saying why", () => {
    expect(
      parseLogs([jsonFile("l.json", { ...HEADER, status: "error", error: { message: "model not found" } })]).rejected,
    ).toEqual([{ path: "l.json", error: "the Inspect log holds no samples (the eval failed: model not found)" }]);
  });

  it("rejects a .eval that is not a readable zip", () => {
    const bad = { path: "x.eval", bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) };
    const result = parseLogs([bad]);
    expect(result.rejected[0]?.path).toBe("x.eval");
    expect(result.rejected[0]?.error).toMatch(/^not a readable zip archive/);
  });
});
