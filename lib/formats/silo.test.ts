import { describe, expect, it } from "vitest";
import { fixtureFile, jsonFile, loadFixture, textFile } from "./__fixtures__/load-fixture";
import { sha256Hex } from "./hash";
import { siloFormat, ZSiloResult } from "./silo";
import { tallyChecks } from "./silo/integrity";
import { NO_REQUIRED_CHECKS } from "./silo/rollout";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

function parseSilo(files: InputFile[], options: ParseOptions = {}) {
  return siloFormat.parse(siloFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parseSilo(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

const byTask = (run: NormalizedRun, key: string) => run.rollouts.filter((r) => r.task === key);

describe("silo-runs: Silo's own .silo/runs layout", () => {
  const files = loadFixture("silo-runs");
  const run = onlyRun(files, { rootName: "silo-runs", agent: "claude", model: "m-1" });

  it("makes one run of 8 rollouts over 4 tasks, joined with run.json", () => {
    expect(run.format).toBe("silo");
    expect(run.name).toBe("silo-runs");
    expect(run.agent).toBe("claude");
    expect(run.model).toBe("m-1");
    expect(run.passThreshold).toBe(1);
    expect(run.rollouts).toHaveLength(8);
    expect(run.tasks.map((t) => t.key)).toEqual([
      "crm/TASK-002",
      "crm/TASK-004",
      "finance/TASK-007",
      "finance/TASK-009",
    ]);
    expect(run.tasks[0]).toEqual({ key: "crm/TASK-002", taskId: "TASK-002", name: null, group: "crm", weight: 1 });
    expect(run.createdAt).toBe("2026-11-04T09:15:00.120Z");
    expect(run.metadata).toEqual({ siloRunFolders: 8 });
    expect(run.warnings).toEqual([]);
  });

  it("takes rollout ids, timings and tool calls from run.json", () => {
    const first = run.rollouts[0]!;
    expect(first.id).toBe("run_20261104091500_9c41");
    expect(first.startedAt).toBe("2026-11-04T09:15:00.120Z");
    expect(first.finishedAt).toBe("2026-11-04T09:15:09.480Z");
    expect(first.durationMs).toBe(9311);
    expect(first.source).toEqual({
      path: ".silo/runs/run_20261104091500_9c41/result.json",
      format: "silo",
      sha256: sha256Hex(files.find((f) => f.path === first.source.path)!.bytes),
    });
    expect(first.files).toEqual([first.source.path, ".silo/runs/run_20261104091500_9c41/run.json"]);
    expect(run.rollouts.every((r) => r.rule === "checks" && r.warnings.length === 0)).toBe(true);
  });

  it("keeps crm/TASK-002's failing verdict and two failed required labels", () => {
    const [r] = byTask(run, "crm/TASK-002");
    expect(r?.reportedPassed).toBe(false);
    expect(r?.reportedReward).toBe(0.6);
    const tally = tallyChecks(r!.checks);
    expect(tally.failedRequired).toHaveLength(2);
    expect([tally.checksPassed, tally.graded, tally.requiredPassed, tally.requiredTotal]).toEqual([3, 5, 1, 3]);
  });

  it("holds five TASK-007 rollouts with rewards 1, 1, 1, 0.5, 0.2", () => {
    const rollouts = byTask(run, "finance/TASK-007");
    expect(rollouts.map((r) => r.reportedReward)).toEqual([1, 1, 1, 0.5, 0.2]);
    expect(rollouts.map((r) => r.reportedPassed)).toEqual([true, true, true, false, false]);
  });

  it("scores TASK-009 although the agent hit max_tool_calls and has an error", () => {
    const [r] = byTask(run, "finance/TASK-009");
    expect(r?.terminationReason).toBe("max_tool_calls");
    expect(r?.error).toBe("Agent stopped after 40 tool calls");
    expect(r?.toolCalls).toBe(40);
    expect(r?.toolErrors).toBe(3);
    expect(r?.status).toBe("scored");
  });

  it("names the run after the common folder when no root name is given", () => {
    expect(onlyRun(loadFixture("silo-runs", "nightly/")).name).toBe("nightly");
    expect(onlyRun(files).name).toBe("Silo run");
    expect(onlyRun(files, { runName: "my run", rootName: "x" }).name).toBe("my run");
  });
});

describe("scoring-article: results with Tally extensions", () => {
  const run = onlyRun(loadFixture("scoring-article"), { rootName: "scoring-article" });

  it("makes three tasks with groups and names from the files", () => {
    expect(run.tasks).toEqual([
      {
        key: "incident/checkout",
        taskId: "checkout",
        name: "Diagnose the checkout incident",
        group: "incident",
        weight: 1,
      },
      {
        key: "data/csv-conversion",
        taskId: "csv-conversion",
        name: "Convert the accounts CSV",
        group: "data",
        weight: 1,
      },
      {
        key: "lookup/owner-lookup",
        taskId: "owner-lookup",
        name: "Find the service owner",
        group: "lookup",
        weight: 1,
      },
    ]);
    expect(run.rollouts.map((r) => r.id)).toEqual(["checkout/result", "csv-conversion/result", "owner-lookup/result"]);
    expect(run.rollouts.every((r) => r.warnings.length === 0 && r.status === "scored")).toBe(true);
  });

  it("stores csv-conversion G1 as not assigned: no verdict, no score", () => {
    const csv = run.rollouts.find((r) => r.task === "data/csv-conversion")!;
    const g1 = csv.checks.find((c) => c.key === "G1")!;
    expect(g1).toMatchObject({
      passed: null,
      score: null,
      status: "not_assigned",
      dimension: "grounding",
      required: false,
    });
    const a1 = csv.checks.find((c) => c.key === "A1")!;
    expect(a1).toMatchObject({
      passed: false,
      score: 0,
      dimension: "authority",
      required: true,
      failureTag: "SOURCE_OVERWRITTEN",
    });
  });

  it("reads dimensions, keys, evidence refs and details from the checks", () => {
    const checkout = run.rollouts.find((r) => r.task === "incident/checkout")!;
    expect(checkout.checks.map((c) => `${c.order}:${c.key}:${c.dimension}`)).toEqual([
      "0:C1:correctness",
      "1:C2:correctness",
      "2:C3:correctness",
      "3:G1:grounding",
      "4:A1:authority",
    ]);
    const c3 = checkout.checks[2]!;
    expect(c3.evidenceRefs).toEqual(["e3"]);
    expect(c3.detail).toBe("Four pools of 64 require 256 connections; only 64 are available.");
    expect(c3.label).toBe("C3 Recommends a remedy within the connection budget");
  });

  it("recomputes the rewards the files report (graded checks passed / graded checks)", () => {
    const rewards = run.rollouts.map((r) => [r.reportedReward, tallyChecks(r.checks).reward]);
    expect(rewards).toEqual([
      [0.8, 0.8],
      [0.4, 0.4],
      [0.75, 0.75],
    ]);
  });
});

describe("real Silo files", () => {
  const files = loadFixture("real/silo");
  const run = onlyRun(files);

  it("reports each file's passed and reward verbatim, with no integrity warning", () => {
    for (const rollout of run.rollouts) {
      const file = JSON.parse(new TextDecoder().decode(files.find((f) => f.path === rollout.source.path)!.bytes));
      expect(rollout.reportedPassed).toBe(file.passed);
      expect(rollout.reportedReward).toBe(file.reward);
      expect(rollout.warnings).toEqual([]);
      expect(rollout.checks).toHaveLength(file.checks.length);
    }
    expect(run.tasks.map((t) => t.key)).toEqual(["crm-TASK-001", "erp-TASK-001"]);
  });

  it("takes task and group from Silo's baseline layout <group>/<task>.result.json", () => {
    const nested = [fixtureFile("real/silo/crm-TASK-001.result.json", "crm/TASK-001.result.json")];
    expect(onlyRun(nested).tasks[0]).toMatchObject({ key: "crm/TASK-001", taskId: "TASK-001", group: "crm" });
    const folder = [fixtureFile("real/silo/erp-TASK-001.result.json", "baselines/erp/TASK-001/result.json")];
    expect(onlyRun(folder).tasks[0]).toMatchObject({ key: "erp/TASK-001", taskId: "TASK-001", group: "erp" });
    const shallow = [fixtureFile("real/silo/erp-TASK-001.result.json", "TASK-001/result.json")];
    expect(onlyRun(shallow).tasks[0]).toMatchObject({ key: "TASK-001", group: null });
  });
});

describe("bad inputs", () => {
  it("claims a truncated result.json and rejects it with the parse position", () => {
    const truncated = fixtureFile("bad-inputs/truncated.json", "TASK-1/result.json");
    expect(siloFormat.claim([truncated])).toEqual([truncated]);
    expect(parseSilo([truncated])).toEqual({
      runs: [],
      rejected: [{ path: "TASK-1/result.json", error: "invalid JSON at line 1 column 62: Unterminated string" }],
    });
  });

  it("leaves a broken file with another name to the batch (no format claims it)", () => {
    for (const name of ["truncated.json", "empty.json", "not-an-object.json"]) {
      expect(siloFormat.claim([fixtureFile(`bad-inputs/${name}`)])).toEqual([]);
    }
  });

  it("rejects a string reward and a check without a label with the field path", () => {
    const result = parseSilo([
      fixtureFile("bad-inputs/reward-is-a-string.json"),
      fixtureFile("bad-inputs/check-without-label.json"),
    ]);
    expect(result.runs).toEqual([]);
    expect(result.rejected).toEqual([
      { path: "reward-is-a-string.json", error: "reward: expected number, received string" },
      { path: "check-without-label.json", error: "checks[0].label: missing (expected string)" },
    ]);
  });

  it("stores a result without required checks as unscored, with the warning", () => {
    const run = onlyRun([fixtureFile("bad-inputs/no-required-checks.json")]);
    const [r] = run.rollouts;
    expect(r?.status).toBe("unscored");
    expect(r?.warnings).toEqual([NO_REQUIRED_CHECKS]);
    expect(r?.warnings[0]).toContain("no required checks");
    expect(r?.task).toBe("no-required-checks");
  });

  it("keeps markup in strings exactly as written", () => {
    const [r] = onlyRun([fixtureFile("bad-inputs/markup-in-text.json")]).rollouts;
    expect(r?.task).toBe("<b>bold-task</b>");
    expect(r?.agentOutput).toBe("<script>alert('agentOutput')</script>");
    expect(r?.checks[0]?.label).toBe("<img src=x onerror=alert(1)>");
    expect(r?.checks[0]?.detail).toBe("<script>alert('detail')</script>");
    expect(r?.status).toBe("scored");
  });
});

describe("integrity: stored summary against the checks", () => {
  const original = JSON.parse(new TextDecoder().decode(fixtureFile("real/silo/crm-TASK-001.result.json").bytes));

  it("warns, naming the field and both values, and keeps the file", () => {
    const tampered = jsonFile("crm/TASK-001.result.json", { ...original, requiredPassed: 6 });
    const [r] = onlyRun([tampered]).rollouts;
    expect(r?.warnings).toEqual(["stored summary disagrees with the checks: requiredPassed 6 vs 7 from checks"]);
    expect(r?.status).toBe("scored");
    expect(r?.reportedPassed).toBe(true);
  });

  it("names every disagreeing field in one warning", () => {
    const checks = original.checks.map((c: object, i: number) => (i === 0 ? { ...c, passed: false } : c));
    const tampered = jsonFile("TASK-001.result.json", { ...original, checks });
    const [r] = onlyRun([tampered]).rollouts;
    expect(r?.warnings).toEqual([
      "stored summary disagrees with the checks: passed true vs false from checks; reward 1 vs 0.9 from checks; " +
        'requiredPassed 7 vs 6 from checks; failedRequired [] vs ["The lead is marked converted"] from checks; ' +
        "checksPassed 10 vs 9 from checks; checksFailed 0 vs 1 from checks",
    ]);
    expect(r?.reportedReward).toBe(1);
  });

  it("accepts a reward rounded as Silo rounds it (1/3 -> 0.33)", () => {
    const result = {
      passed: false,
      reward: 0.33,
      requiredPassed: 0,
      requiredTotal: 1,
      checksPassed: 1,
      checksFailed: 2,
      checks: [
        { label: "a", passed: false, required: true },
        { label: "b", passed: true, required: false },
        { label: "c", passed: false, required: false },
      ],
    };
    expect(onlyRun([jsonFile("t.result.json", result)]).rollouts[0]?.warnings).toEqual([]);
    const off = onlyRun([jsonFile("t.result.json", { ...result, reward: 0.34 })]).rollouts[0];
    expect(off?.warnings).toEqual(["stored summary disagrees with the checks: reward 0.34 vs 0.33 from checks"]);
  });
});

describe("tasks.json manifest", () => {
  const manifest = [
    {
      id: "refund",
      name: "Issue the refund",
      group: "billing",
      weight: 3,
      checks: [
        { id: "C1", dimension: "correctness" },
        { label: "No second email", dimension: "authority" },
        { id: "G1", dimension: "grounding" },
        { label: "Optional polish", required: false },
      ],
    },
  ];
  const result = {
    passed: true,
    reward: 1,
    taskId: "refund",
    checks: [
      { id: "C1", label: "C1 Refund issued", passed: true },
      { label: "No second email", passed: true },
      { id: "G1", label: "G1 cites the order", passed: true },
      { label: "Optional polish", passed: true },
      { label: "Own say", passed: true, required: false, dimension: "style" },
    ],
  };

  it("supplies name, group, weight and per-check dimension and required", () => {
    const run = onlyRun([jsonFile("tasks.json", manifest), jsonFile("refund/result.json", result)]);
    expect(run.tasks).toEqual([
      { key: "billing/refund", taskId: "refund", name: "Issue the refund", group: "billing", weight: 3 },
    ]);
    const [r] = run.rollouts;
    expect(r?.task).toBe("billing/refund");
    expect(r?.checks.map((c) => [c.key, c.dimension, c.required])).toEqual([
      ["C1", "correctness", true],
      ["No second email", "authority", true],
      ["G1", "grounding", false],
      ["Optional polish", "correctness", false],
      ["Own say", "style", false],
    ]);
    expect(r?.files).toEqual(["refund/result.json", "tasks.json"]);
    expect(run.metadata.manifests).toEqual(["tasks.json"]);
  });

  it("lets the result file's own values win", () => {
    const own = { ...result, group: "payments", taskName: "Refund it", weight: 1 };
    const run = onlyRun([jsonFile("tasks.json", manifest), jsonFile("refund.result.json", own)]);
    expect(run.tasks[0]).toEqual({
      key: "payments/refund",
      taskId: "refund",
      name: "Refund it",
      group: "payments",
      weight: 1,
    });
  });

  it("applies only to results in its folder and below, and rejects one that applies to none", () => {
    const parsed = parseSilo([jsonFile("a/tasks.json", manifest), jsonFile("b/refund/result.json", result)]);
    expect(parsed.rejected).toEqual([
      {
        path: "a/tasks.json",
        error: "not used: there is no Silo result in its folder or below, where its task declarations apply",
      },
    ]);
    const run = parsed.runs[0]!;
    expect(run.tasks[0]).toEqual({ key: "refund", taskId: "refund", name: null, group: null, weight: 1 });
    expect(run.rollouts[0]?.files).toEqual(["b/refund/result.json"]);
    expect(run.metadata.manifests).toBeUndefined();
    expect(run.warnings).toEqual([]);
  });

  it("rejects a bad manifest naming tasks.json and the field, and still stores the results", () => {
    const bad = [{ name: "no id", weight: "heavy" }];
    const parsed = parseSilo([jsonFile("tasks.json", bad), jsonFile("refund/result.json", result)]);
    expect(parsed.rejected).toEqual([
      {
        path: "tasks.json",
        error: "invalid tasks.json: [0].id: missing (expected string); [0].weight: expected number, received string",
      },
    ]);
    expect(parsed.runs[0]?.rollouts).toHaveLength(1);
    expect(parsed.runs[0]?.warnings).toEqual(["tasks.json was rejected, so its task declarations were not applied"]);
  });

  it("warns about declared tasks without a result", () => {
    const two = [...manifest, { id: "chargeback", group: "billing" }];
    const run = onlyRun([jsonFile("tasks.json", two), jsonFile("refund/result.json", result)]);
    expect(run.warnings).toEqual(["tasks.json declares 1 task(s) with no result: billing/chargeback"]);
  });
});

describe("fields Tally does not map", () => {
  it("keeps unknown top-level, per-check and run.json fields in metadata verbatim", () => {
    const result = {
      passed: true,
      reward: 1,
      harness: { version: "1.2", seed: 7 },
      notes: null,
      checks: [{ label: "a", passed: true, required: true, weightHint: [1, 2], id: "A" }],
    };
    const runJson = { runId: "run_1", taskId: "T", environment: "env", host: "ci-3" };
    const run = onlyRun([
      jsonFile("r/result.json", result),
      jsonFile("r/run.json", runJson),
      textFile("r/trace.jsonl", "{}\n"),
    ]);
    const [r] = run.rollouts;
    expect(r?.metadata).toEqual({ harness: { version: "1.2", seed: 7 }, notes: null, "run.json": { host: "ci-3" } });
    expect(r?.checks[0]?.metadata).toEqual({ weightHint: [1, 2] });
    expect(r?.files).toEqual(["r/result.json", "r/run.json", "r/trace.jsonl"]);
    expect(r?.id).toBe("run_1");
    expect(r?.task).toBe("env/T");
  });
});

describe("check semantics", () => {
  const base = { passed: true, reward: null };

  it("defaults required by dimension: authority yes, grounding no, any other yes", () => {
    const checks = [
      { label: "a", passed: true, dimension: "authority" },
      { label: "g", passed: true, dimension: "grounding" },
      { label: "s", passed: true, dimension: "style" },
      { label: "c", passed: true },
    ];
    const [r] = onlyRun([jsonFile("x.result.json", { ...base, checks })]).rollouts;
    expect(r?.checks.map((c) => [c.dimension, c.required])).toEqual([
      ["authority", true],
      ["grounding", false],
      ["style", true],
      ["correctness", true],
    ]);
  });

  it("scores 1 or 0 unless a score is given; a check that is not graded has neither verdict nor score", () => {
    const checks = [
      { label: "p", passed: true, required: true },
      { label: "f", passed: false, required: false },
      { label: "partial", passed: false, required: false, score: 0.5 },
      { label: "err", passed: true, required: false, status: "error" },
      { label: "null", passed: null, required: false },
    ];
    const [r] = onlyRun([jsonFile("x.result.json", { ...base, checks })]).rollouts;
    expect(r?.checks.map((c) => [c.passed, c.score, c.status])).toEqual([
      [true, 1, "graded"],
      [false, 0, "graded"],
      [false, 0.5, "graded"],
      [null, null, "error"],
      [null, null, "not_assigned"],
    ]);
    expect(r?.warnings).toEqual(['check "err" has status error but passed true: stored as not graded']);
  });

  it("stores a rollout whose required checks were all not graded as unscored", () => {
    const checks = [{ label: "r", passed: null, required: true, status: "error" }];
    const [r] = onlyRun([jsonFile("x.result.json", { ...base, checks })]).rollouts;
    expect(r?.status).toBe("unscored");
    expect(r?.warnings[0]).toMatch(/^no required check was graded/);
  });

  it("requires a verdict on a graded check", () => {
    const parsed = parseSilo([jsonFile("x.result.json", { ...base, checks: [{ label: "a", required: true }] })]);
    expect(parsed.rejected[0]?.error).toMatch(/^checks\[0\]\.passed: missing/);
  });

  it("accepts the schema's documented shape", () => {
    expect(ZSiloResult.safeParse({ passed: false, reward: null, checks: [] }).success).toBe(true);
  });
});

describe("rollout identity", () => {
  const result = { passed: true, reward: 1, checks: [{ label: "a", passed: true, required: true }] };

  it("uses rolloutId, else the path without .json, and keeps ids unique", () => {
    const run = onlyRun([
      jsonFile("a/result.json", { ...result, rolloutId: "r-1" }),
      jsonFile("b/result.json", { ...result, rolloutId: "r-1" }),
      jsonFile("c/result.json", result),
    ]);
    expect(run.rollouts.map((r) => r.id)).toEqual(["r-1", "r-1~2", "c/result"]);
    expect(run.rollouts[1]?.warnings).toEqual(["rollout id r-1 appears more than once; stored as r-1~2"]);
  });

  it("names a root-level result.json after the ingested folder", () => {
    expect(onlyRun([jsonFile("result.json", result)], { rootName: "checkout" }).tasks[0]?.key).toBe("checkout");
  });
});

describe("run.json without or with a broken result", () => {
  const runJson = { runId: "run_9", environment: "crm", taskId: "TASK-3", startedAt: "2026-01-01T00:00:00Z" };

  it("stores a rollout that was never verified as unscored", () => {
    const run = onlyRun([jsonFile(".silo/runs/run_9/run.json", runJson), textFile(".silo/runs/run_9/trace.jsonl", "")]);
    const [r] = run.rollouts;
    expect(r).toMatchObject({ id: "run_9", task: "crm/TASK-3", status: "unscored", reportedPassed: null, checks: [] });
    expect(r?.warnings[0]).toMatch(/^no result\.json beside run\.json/);
    expect(r?.source.path).toBe(".silo/runs/run_9/run.json");
    expect(run.createdAt).toBe("2026-01-01T00:00:00.000Z");
  });

  it("rejects a broken run.json and the result it would name", () => {
    const result = { passed: true, reward: 1, checks: [{ label: "a", passed: true, required: true }] };
    const parsed = parseSilo([jsonFile("r/result.json", result), textFile("r/run.json", '{"runId": ')]);
    expect(parsed.runs).toEqual([]);
    expect(parsed.rejected.map((r) => r.path)).toEqual(["r/run.json", "r/result.json"]);
    expect(parsed.rejected[1]?.error).toMatch(
      /^cannot join it with r\/run\.json, which is invalid: invalid JSON at line 1/,
    );
  });

  it("does not claim other formats' result.json or stray sidecars", () => {
    const harbor = jsonFile("trial/result.json", { task_name: "x", verifier_result: { rewards: { reward: 1 } } });
    const details = jsonFile("verifier/reward-details.json", { reward: 1, checks: { a: true } });
    const stray = textFile("elsewhere/trace.jsonl", "{}");
    expect(siloFormat.claim([harbor, details, stray])).toEqual([]);
  });
});

describe("every claimed file ends up in a rollout or rejected", () => {
  const runJson = { runId: "run_1", environment: "crm", taskId: "TASK-1" };
  const result = { passed: true, reward: 1, checks: [{ label: "a", passed: true, required: true }] };
  const bad = { passed: "yes", checks: [] };

  /** Parses as a batch would and checks that no file went unreported; returns the rejections by path. */
  function accounted(files: InputFile[]) {
    const parsed = parseSilo(files);
    const inRuns = new Set(parsed.runs.flatMap((run) => run.rollouts.flatMap((r) => r.files)));
    const rejected = new Map(parsed.rejected.map((r) => [r.path, r.error]));
    expect(parsed.rejected).toHaveLength(rejected.size);
    for (const file of files) expect(inRuns.has(file.path) || rejected.has(file.path), file.path).toBe(true);
    for (const path of rejected.keys()) expect(inRuns.has(path), path).toBe(false);
    return { parsed, rejected };
  }

  it("rejects run.json and the sidecars beside a rejected result.json, naming the result", () => {
    const { parsed, rejected } = accounted([
      textFile("r/result.json", ""),
      jsonFile("r/run.json", runJson),
      textFile("r/trace.jsonl", "{}"),
      jsonFile("r/state-diff.json", {}),
    ]);
    expect(parsed.runs).toEqual([]);
    const why = "not used: the result file beside it (r/result.json) was rejected";
    expect(Object.fromEntries(rejected)).toEqual({
      "r/result.json": expect.stringMatching(/^invalid JSON|empty/),
      "r/run.json": why,
      "r/trace.jsonl": why,
      "r/state-diff.json": why,
    });
  });

  it("rejects an empty run.json ({}) beside an empty result.json (the property test's find)", () => {
    const { parsed, rejected } = accounted([textFile("result.json", ""), jsonFile("run.json", {})]);
    expect(parsed.runs).toEqual([]);
    expect(rejected.get("run.json")).toBe("not used: the result file beside it (result.json) was rejected");
  });

  it("keeps the other rollouts of the batch when one run folder's result is rejected", () => {
    const { parsed, rejected } = accounted([
      jsonFile(".silo/runs/run_1/run.json", runJson),
      jsonFile(".silo/runs/run_1/result.json", bad),
      jsonFile(".silo/runs/run_2/run.json", { ...runJson, runId: "run_2" }),
      jsonFile(".silo/runs/run_2/result.json", result),
    ]);
    expect(parsed.runs[0]?.rollouts.map((r) => [r.id, r.files])).toEqual([
      ["run_2", [".silo/runs/run_2/result.json", ".silo/runs/run_2/run.json"]],
    ]);
    expect([...rejected.keys()]).toEqual([".silo/runs/run_1/result.json", ".silo/runs/run_1/run.json"]);
  });

  it("in a run folder with several results, all rejected, rejects run.json naming result.json", () => {
    const { parsed, rejected } = accounted([
      jsonFile(".silo/runs/run_1/run.json", runJson),
      jsonFile(".silo/runs/run_1/result.json", bad),
      textFile(".silo/runs/run_1/t2.result.json", "{"),
      textFile(".silo/runs/run_1/trace.jsonl", ""),
    ]);
    expect(parsed.runs).toEqual([]);
    const why = "not used: the result file beside it (.silo/runs/run_1/result.json) was rejected";
    expect(rejected.get(".silo/runs/run_1/run.json")).toBe(why);
    expect(rejected.get(".silo/runs/run_1/trace.jsonl")).toBe(why);
  });

  it("joins run.json with result.json and rejects only the other, broken result beside them", () => {
    const { parsed, rejected } = accounted([
      jsonFile("r/run.json", runJson),
      jsonFile("r/result.json", result),
      jsonFile("r/t2.result.json", bad),
    ]);
    expect(parsed.runs[0]?.rollouts.map((r) => r.files)).toEqual([["r/result.json", "r/run.json"]]);
    expect([...rejected.keys()]).toEqual(["r/t2.result.json"]);
  });

  it("rejects run.json and sidecars beside several results none of which it can be told to describe", () => {
    const { parsed, rejected } = accounted([
      jsonFile("r/run.json", runJson),
      jsonFile("r/a.result.json", bad),
      jsonFile("r/b.result.json", bad),
      textFile("r/trace.jsonl", ""),
    ]);
    expect(parsed.runs).toEqual([]);
    expect(rejected.get("r/run.json")).toBe("run.json beside 2 result files: cannot tell which rollout it describes");
    expect(rejected.get("r/trace.jsonl")).toBe(
      "a Silo sidecar beside 2 result files: cannot tell which rollout it belongs to",
    );
  });

  it("rejects the sidecars of a broken run.json with no result beside it", () => {
    const broken = jsonFile("r/run.json", { ...runJson, durationMs: -1 });
    const { parsed, rejected } = accounted([broken, textFile("r/trace.jsonl", "")]);
    expect(rejected.get("r/run.json")).toMatch(/^durationMs: /);
    expect(parsed.runs).toEqual([]);
    expect(rejected.get("r/trace.jsonl")).toBe("not used: the run.json beside it (r/run.json) was rejected");
  });

  it("rejects the sidecars of a result that cannot be joined with its broken run.json", () => {
    const { rejected } = accounted([
      jsonFile("r/result.json", result),
      textFile("r/run.json", "{"),
      textFile("r/trace.jsonl", ""),
    ]);
    expect(rejected.get("r/result.json")).toMatch(/^cannot join it with r\/run\.json/);
    expect(rejected.get("r/trace.jsonl")).toBe("not used: the result file beside it (r/result.json) was rejected");
  });

  it("keeps sidecars with result.json when other results share its folder and there is no run.json", () => {
    const { parsed, rejected } = accounted([
      jsonFile("r/result.json", result),
      jsonFile("r/t2.result.json", result),
      textFile("r/trace.jsonl", ""),
    ]);
    expect(rejected.size).toBe(0);
    expect(parsed.runs[0]?.rollouts.map((r) => r.files)).toEqual([
      ["r/result.json", "r/trace.jsonl"],
      ["r/t2.result.json"],
    ]);
  });

  it("rejects a tasks.json whose results were all rejected, saying so", () => {
    const manifest = [{ id: "TASK-1", name: "One" }];
    const { parsed, rejected } = accounted([
      jsonFile("tasks.json", manifest),
      jsonFile("a/result.json", bad),
      textFile("b/TASK-2.result.json", ""),
    ]);
    expect(parsed.runs).toEqual([]);
    expect(rejected.get("tasks.json")).toBe(
      "not used: every Silo result in its folder or below, where its task declarations apply, was rejected",
    );
  });

  it("keeps a tasks.json that applies to at least one stored result", () => {
    const { parsed, rejected } = accounted([
      jsonFile("tasks.json", [{ id: "a", name: "A" }]),
      jsonFile("a/result.json", result),
      jsonFile("b/result.json", bad),
    ]);
    expect([...rejected.keys()]).toEqual(["b/result.json"]);
    expect(parsed.runs[0]?.rollouts[0]?.files).toEqual(["a/result.json", "tasks.json"]);
    expect(parsed.runs[0]?.metadata.manifests).toEqual(["tasks.json"]);
  });

  it("with the reader forced on any files, reports each file (--format silo)", () => {
    const files = [jsonFile("notes/tasks.json", []), textFile("x.bin", "\u0000"), textFile("d/trace.jsonl", "")];
    const parsed = siloFormat.parse(files, {});
    expect(parsed.runs).toEqual([]);
    expect(parsed.rejected.map((r) => r.path).sort()).toEqual(["d/trace.jsonl", "notes/tasks.json", "x.bin"]);
  });
});

describe("Silo's baselines layout: sidecars named after their result's stem", () => {
  const result = (label: string) => ({ passed: true, reward: 1, checks: [{ label, passed: true, required: true }] });

  it("attaches the real state diffs to their results: nothing refused", () => {
    const run = onlyRun(loadFixture("traces/silo/baselines", "baselines/"));
    expect(Object.fromEntries(run.rollouts.map((r) => [r.task, r.files]))).toEqual({
      "crm/TASK-002": ["baselines/crm/TASK-002.result.json", "baselines/crm/TASK-002.state-diff.json"],
      "project/TASK-005": ["baselines/project/TASK-005.result.json", "baselines/project/TASK-005.state-diff.json"],
    });
  });

  it("gives each of several results in one folder its own tool events and state diff", () => {
    const run = onlyRun([
      jsonFile("crm/TASK-013.result.json", result("a")),
      jsonFile("crm/TASK-013.tool-events.json", [{ seq: 1, type: "tool_call", tool: "search" }]),
      jsonFile("crm/TASK-001.result.json", result("b")),
      jsonFile("crm/TASK-001.state-diff.json", {}),
      textFile("crm/TASK-001.trace.jsonl", "{}"),
    ]);
    expect(Object.fromEntries(run.rollouts.map((r) => [r.task, r.files]))).toEqual({
      "crm/TASK-001": ["crm/TASK-001.result.json", "crm/TASK-001.state-diff.json", "crm/TASK-001.trace.jsonl"],
      "crm/TASK-013": ["crm/TASK-013.result.json", "crm/TASK-013.tool-events.json"],
    });
  });

  it("rejects a stem sidecar with its rejected result, and leaves one with no result unclaimed", () => {
    const files = [
      textFile("crm/TASK-013.result.json", "{"),
      jsonFile("crm/TASK-013.tool-events.json", []),
      jsonFile("crm/TASK-099.tool-events.json", []),
    ];
    expect(siloFormat.claim(files).map((f) => f.path)).toEqual([
      "crm/TASK-013.result.json",
      "crm/TASK-013.tool-events.json",
    ]);
    const parsed = parseSilo(files);
    expect(parsed.rejected).toContainEqual({
      path: "crm/TASK-013.tool-events.json",
      error: "not used: the result file beside it (crm/TASK-013.result.json) was rejected",
    });
  });
});
