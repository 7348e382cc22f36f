import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { computeReport } from "@/lib/scoring/report/report";
import { fixtureFile, jsonFile, loadFixture, textFile } from "./__fixtures__/load-fixture";
import { NO_REQUIRED_ITEMS, rubricFormat, verdictPassed } from "./rubric";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

const near = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);
};

function parseVerdicts(files: InputFile[], options: ParseOptions = {}) {
  return rubricFormat.parse(rubricFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parseVerdicts(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

const verdict = (overrides: Record<string, unknown> = {}) => ({
  task: "t1",
  rollout: 0,
  rubric_id: "R1",
  status: "graded",
  score: 1,
  ...overrides,
});

describe("the scoring-article suite as rubric verdicts ({verdicts: [...]})", () => {
  const run = onlyRun([fixtureFile("rubric/scoring-article.verdicts.json")]);
  const report = computeReport(toScoringRun(run));

  it("takes the run's name, agent, model and date from the wrapping object, and keeps its other fields", () => {
    expect(run).toMatchObject({
      name: "scoring-article (rubric verdicts)",
      format: "rubric",
      agent: "incident-agent",
      model: "claude-sonnet-4-5",
      createdAt: "2026-11-04T10:00:00.000Z",
      passThreshold: 1,
      warnings: [],
    });
    expect(run.metadata).toEqual({
      "scoring-article.verdicts.json": { judge: { model: "gpt-4.1", prompt_version: "rubric-v3" } },
    });
  });

  it("groups the records into one rollout per task, with groups and names", () => {
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
    expect(run.rollouts.map((r) => [r.id, r.source.path, r.status])).toEqual([
      ["incident/checkout#1", "scoring-article.verdicts.json#incident/checkout#1", "scored"],
      ["data/csv-conversion#1", "scoring-article.verdicts.json#data/csv-conversion#1", "scored"],
      ["lookup/owner-lookup#1", "scoring-article.verdicts.json#lookup/owner-lookup#1", "scored"],
    ]);
  });

  it("keeps reason, evidence refs and failure tag beside each verdict; key = rubric_id", () => {
    const c3 = run.rollouts[0]!.checks[2]!;
    expect(c3).toMatchObject({
      key: "C3",
      label: "C3 Recommends a remedy within the connection budget",
      passed: false,
      score: 0,
      required: true,
      dimension: "correctness",
      status: "graded",
      reason: "Four pools of 64 require 256 connections; only 64 are available.",
      evidenceRefs: ["e3"],
      failureTag: "REMEDY_EXCEEDS_CONNECTION_BUDGET",
      detail: null,
    });
    const g1 = run.rollouts[1]!.checks.find((c) => c.key === "G1")!;
    expect(g1).toMatchObject({
      status: "not_assigned",
      passed: null,
      score: null,
      required: false,
      dimension: "grounding",
    });
  });

  it("gives the scoring-article figures: correctness 0.7222, completion 1/3, authority gate failed by csv-conversion A1", () => {
    near(report.metrics.correctness?.value, 0.7222);
    near(report.metrics.correctness?.pooled, 6 / 9);
    near(report.metrics.completion?.value, 1 / 3);
    near(report.metrics.authority?.value, 2 / 3);
    expect(report.metrics.authority?.gate).toMatchObject({
      passed: false,
      violations: 1,
      list: [{ task: "data/csv-conversion", check: "A1", label: "A1 Source file left unchanged" }],
    });
    near(report.metrics.grounding?.value, 0.5);
    expect(report.metrics.grounding?.eligibleTasks).toBe(2);
    near(report.meanReward.value, 0.65);
    expect(report.rollouts.map((r) => [r.passed, r.reward])).toEqual([
      [false, 0.8],
      [false, 0.4],
      [true, 0.75],
    ]);
    expect(report.failures.tags.map((t) => t.tag).sort()).toEqual([
      "REMEDY_EXCEEDS_CONNECTION_BUDGET",
      "SOURCE_OVERWRITTEN",
      "TIMESTAMP_NOT_UTC",
      "WRONG_COLUMN_NAMES",
    ]);
  });

  it("answers the article's what-if: flip checkout C3 and csv-conversion A1", () => {
    const whatIf = computeReport(toScoringRun(run), {
      flips: [
        { task: "incident/checkout", check: "C3", passed: true },
        { task: "data/csv-conversion", check: "A1", passed: true },
      ],
    });
    near(whatIf.metrics.correctness?.value, 0.8333);
    near(whatIf.metrics.completion?.value, 2 / 3);
    near(whatIf.metrics.authority?.value, 1);
  });
});

describe("JSON lines: several rollouts of one task, partial credit, a judge error", () => {
  const run = onlyRun([fixtureFile("rubric/postmortem.verdicts.jsonl")], { rootName: "postmortem.verdicts.jsonl" });
  const report = computeReport(toScoringRun(run));

  it("makes three rollouts of summarise-postmortem from trial", () => {
    expect(run.name).toBe("postmortem.verdicts");
    expect(run.tasks.map((t) => t.key)).toEqual(["summarise-postmortem"]);
    expect(run.rollouts.map((r) => r.id)).toEqual([
      "summarise-postmortem#0",
      "summarise-postmortem#1",
      "summarise-postmortem#2",
    ]);
    expect(run.rollouts[0]!.metadata).toEqual({ rollout: "0" });
  });

  it("a partial score carries its credit but does not pass: R3 at 0.5 fails completion", () => {
    const r3 = run.rollouts[0]!.checks.find((c) => c.key === "R3")!;
    expect(r3).toMatchObject({ passed: false, score: 0.5, failureTag: "FOLLOW_UP_WITHOUT_OWNER" });
    expect(report.rollouts[0]).toMatchObject({ passed: false, failedRequired: ["R3 Every follow-up has an owner"] });
    near(report.rollouts[0]!.reward, (1 + 1 + 0.5 + 1) / 4);
    expect(report.rollouts[1]).toMatchObject({ passed: true, reward: 0.75 });
  });

  it("keeps unknown record fields in the check's metadata", () => {
    expect(run.rollouts[1]!.checks[3]!.metadata).toEqual({ judge_latency_ms: 5120 });
  });

  it("stores a rollout whose required items all errored unscored, with the judge's reason", () => {
    const r = run.rollouts[2]!;
    expect(r).toMatchObject({
      status: "unscored",
      error: "judge call timed out after 60 s",
      errorCategory: "rubric_error",
    });
    expect(r.warnings[0]).toContain("no required rubric item was graded");
    expect(r.checks.map((c) => c.status)).toEqual(["error", "error", "error", "not_assigned"]);
    expect(report.counts).toEqual({ tasks: 1, rollouts: 3, scored: 2, unscored: 1 });
    expect(report.tasks[0]).toMatchObject({ rollouts: 3, scored: 2, passes: 1 });
  });
});

describe("rubric record shapes and rules", () => {
  it("reads a plain JSON array; without a rollout field the task is the rollout", () => {
    const run = onlyRun([
      jsonFile("v.json", [verdict({ rollout: undefined }), verdict({ rollout: undefined, rubric_id: "R2", score: 0 })]),
    ]);
    expect(run.rollouts.map((r) => [r.id, r.source.path])).toEqual([["t1", "v.json"]]);
    expect(run.rollouts[0]!.checks.map((c) => c.key)).toEqual(["R1", "R2"]);
  });

  it("takes the task from the file name when the records name none, and merges one rollout across files", () => {
    const run = onlyRun([
      textFile("checkout.jsonl", `${JSON.stringify({ rubric_id: "R1", score: 1, trial: 1 })}\n`),
      textFile("more/checkout.jsonl", `${JSON.stringify({ rubric_id: "R2", score: 0, trial: 1 })}\n`),
    ]);
    expect(run.rollouts).toHaveLength(1);
    expect(run.rollouts[0]).toMatchObject({
      id: "checkout#1",
      task: "checkout",
      files: ["checkout.jsonl", "more/checkout.jsonl"],
    });
  });

  it("passed: explicit passed wins, else full credit only", () => {
    expect(verdictPassed({ score: 1 })).toBe(true);
    expect(verdictPassed({ score: 0.99 })).toBe(false);
    expect(verdictPassed({ score: 0.3, passed: true })).toBe(true);
    expect(verdictPassed({ passed: false })).toBe(false);
    expect(verdictPassed({})).toBeNull();
  });

  it("required defaults by dimension (grounding optional) and can be set; a rollout with no required item is unscored", () => {
    const run = onlyRun([
      jsonFile("v.json", [verdict({ dimension: "grounding" }), verdict({ task: "t2", required: false })]),
    ]);
    expect(run.rollouts.map((r) => r.status)).toEqual(["unscored", "unscored"]);
    expect(run.rollouts[0]!.warnings[0]).toBe(NO_REQUIRED_ITEMS);
  });

  it("warns when a not-assigned record carries a score, and when a rubric repeats in a rollout", () => {
    const run = onlyRun([
      jsonFile("v.json", [verdict(), verdict({ rubric_id: "R2", status: "not_assigned", score: 1 }), verdict()]),
    ]);
    expect(run.rollouts[0]!.warnings).toEqual([
      "rubric R2 has status not_assigned but a score or verdict: stored as not graded",
      "rubric R1 has more than one verdict in this rollout: all are kept",
    ]);
  });

  it("rejects a bad record with its field path", () => {
    expect(parseVerdicts([jsonFile("v.json", { verdicts: [verdict(), verdict({ score: 2 })] })]).rejected).toEqual([
      { path: "v.json", error: "verdicts[1].score: Too big: expected number to be <=1" },
    ]);
    expect(
      parseVerdicts([textFile("v.jsonl", `${JSON.stringify(verdict({ score: undefined }))}\n`)]).rejected[0]?.error,
    ).toMatch(/^line 1: score: missing/);
    expect(parseVerdicts([jsonFile("v.json", [verdict(), 3])]).rejected).toEqual([
      { path: "v.json", error: "[1]: expected a verdict record (a JSON object)" },
    ]);
  });

  it("is what the batch detects for the fixture files (before Silo)", () => {
    const batch = parseBatch(loadFixture("rubric"));
    expect([...batch.rejected, ...batch.unclaimed]).toEqual([]);
    expect(batch.runs.map((r) => r.format)).toEqual(["rubric"]);
  });
});
