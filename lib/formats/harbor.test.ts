import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { computeReport } from "@/lib/scoring/report/report";
import { fixtureFile, jsonFile, loadFixture, textFile } from "./__fixtures__/load-fixture";
import { harborFormat } from "./harbor";
import { parseEvalKey } from "./harbor/eval-key";
import { sha256Hex } from "./hash";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

const KEY = "claude-code__MiniMax-M2.1__tasks-no-skills";
const SCAN = "3d-scan-calc__F8Fc7fn";
const MANUFACTURING = "manufacturing-equipment-maintena__JkcRFYa";

function parse(files: InputFile[], options: ParseOptions = {}) {
  return harborFormat.parse(harborFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parse(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

const trial = (name: string, over: Record<string, unknown> = {}) => ({
  task_name: name.split("__")[0],
  trial_name: name,
  source: "tasks",
  agent_info: { name: "terminus", version: "1", model_info: { name: "gpt-5", provider: "openai" } },
  verifier_result: { rewards: { reward: 1 } },
  exception_info: null,
  started_at: "2026-01-29T05:47:41Z",
  finished_at: "2026-01-29T05:48:41Z",
  ...over,
});

const ctrf = (tests: unknown[]) => ({ results: { tool: { name: "pytest" }, tests } });

describe("harbor-real: a job result.json beside two trial folders", () => {
  const files = loadFixture("harbor-real");
  const batch = parseBatch(files, { rootName: "harbor-real" });
  const run = batch.runs[0]!;
  const report = computeReport(toScoringRun(run));

  it("is detected among all formats: one run per eval key, nothing rejected or unclaimed", () => {
    expect(batch.rejected).toEqual([]);
    expect(batch.unclaimed).toEqual([]);
    expect(batch.runs).toHaveLength(1);
    expect(run).toMatchObject({
      format: "harbor",
      name: KEY,
      agent: "claude-code",
      model: "MiniMax-M2.1",
      passThreshold: 1,
    });
  });

  it("holds every trial the job lists, in the job's order, each from its trial folder where one exists", () => {
    expect(run.rollouts).toHaveLength(19);
    expect(run.rollouts.map((r) => r.id).slice(0, 5)).toEqual([
      "3d-scan-calc__qLuah6E",
      "mars-clouds-clustering__L92PXZD",
      "earthquake-phase-association__HhYd2Tr",
      SCAN,
      "adaptive-cruise-control__9bsxYRT",
    ]);
    expect(run.rollouts.map((r) => r.id).slice(14)).toEqual([
      "dapt-intrusion-detection__V9bPmpB",
      "scheduling-email-assistant__AHoaaAk",
      MANUFACTURING,
      "spring-boot-jakarta-migration__Q9Nkrj2",
      "pg-essay-to-audiobook__psYV7zM",
    ]);
    const fromFolder = run.rollouts.filter((r) => !r.source.path.startsWith("job-result.trimmed.json#"));
    expect(fromFolder.map((r) => r.source.path)).toEqual([`${SCAN}/result.json`, `${MANUFACTURING}/result.json`]);
    expect(run.metadata).toMatchObject({
      evalKey: KEY,
      dataset: "tasks-no-skills",
      trialFolders: 2,
      listedTrials: 19,
      jobFile: "job-result.trimmed.json",
      harborJobId: "b97dacfd-96c0-471b-872a-8f4f3f205989",
      harborMean: 0.12394422823529411,
      harborFigures: { n_trials: 390, n_errors: 79, metrics: [{ mean: 0.12394422823529411 }] },
    });
  });

  it("says how many trials have a trial folder, and that the job's counts exceed its trimmed lists", () => {
    expect(run.warnings).toEqual([
      `job-result.trimmed.json (${KEY}): its counts disagree with its trial lists, which may be incomplete: n_trials 390 vs 14 trials listed with a reward; n_errors 79 vs 7 trials listed in exception_stats`,
      "2 of 19 trials have a trial folder; the other 17 come from job-result.trimmed.json alone: their reward and exception, without checks, verifier output or trace",
    ]);
  });

  it("gives a trial without a folder the job's reward or exception, and no checks", () => {
    const byId = new Map(run.rollouts.map((r) => [r.id, r]));
    expect(byId.get("trend-anomaly-causal-inference__GPE8WEn")).toMatchObject({
      status: "scored",
      reportedReward: 0.85,
      checks: [],
      files: ["job-result.trimmed.json"],
      metadata: { fromJobFile: true },
    });
    expect(byId.get("spring-boot-jakarta-migration__Q9Nkrj2")).toMatchObject({
      status: "unscored",
      errorCategory: "RewardFileNotFoundError",
      checks: [],
    });
    expect(report.counts).toEqual({ tasks: 14, rollouts: 19, scored: 14, unscored: 5 });
  });

  it("does not set Harbor's mean against this run's: the trimmed job's mean is over trials it no longer lists", () => {
    expect(run.metadata.harborMeanNote).toBe(
      "Harbor reports 0.1239 over its job's trials, which are not this run's: the job file lists 19 trials and its counts " +
        "disagree (n_trials 390 vs 14 trials listed with a reward; n_errors 79 vs 7 trials listed in exception_stats). " +
        "Tally's mean reward over the 14 scored trials here is 0.6065 (0.4469 with the 5 unscored counted as 0, as Harbor counts them).",
    );
  });

  it("scores 3d-scan-calc from verifier_result.rewards, with one check per CTRF test", () => {
    const r = run.rollouts.find((x) => x.id === SCAN)!;
    expect(r).toMatchObject({
      task: "3d-scan-calc",
      status: "scored",
      rule: "reward",
      reportedReward: 1,
      error: null,
      warnings: [],
    });
    expect(r.checks.map((c) => [c.key, c.passed, c.required, c.status])).toEqual([
      ["test_outputs.py::TestOutputs::test_file_exists", true, true, "graded"],
      ["test_outputs.py::TestOutputs::test_values_correct", true, true, "graded"],
    ]);
    expect(r.checks[0]!.metadata).toMatchObject({ duration: 0.0004492737352848053, file_path: "test_outputs.py" });
    expect(r.startedAt).toBe("2026-01-29T05:47:41.459Z");
    expect(r.durationMs).toBe(105087);
    expect(r.tokens).toBe(273023);
    expect(r.metadata).toMatchObject({
      rewards: { reward: 1 },
      agent_info: { version: "2.1.19" },
      source: "tasks-no-skills",
    });
    expect(r.files).toEqual([`${SCAN}/result.json`, `${SCAN}/verifier/ctrf.json`, "job-result.trimmed.json"]);
    expect(r.source).toEqual({
      path: `${SCAN}/result.json`,
      format: "harbor",
      sha256: sha256Hex(files.find((f) => f.path === `${SCAN}/result.json`)!.bytes),
    });
    expect(report.rollouts.find((x) => x.id === SCAN)).toMatchObject({ passed: true, reward: 1 });
  });

  it("stores the errored trial unscored with its exception, and the full task name", () => {
    const r = run.rollouts.find((x) => x.id === MANUFACTURING)!;
    expect(r.task).toBe("manufacturing-equipment-maintenance");
    expect(r.status).toBe("unscored");
    expect(r.errorCategory).toBe("RewardFileNotFoundError");
    expect(r.error).toMatch(/^No reward file found at jobs\/2026-01-29__10-03-50\//);
    expect(r.warnings).toEqual([`unscored: RewardFileNotFoundError: ${r.error}`]);
    expect(r.metadata.exception_info).toMatchObject({ exception_type: "RewardFileNotFoundError" });
  });
});

describe("Harbor job result.json alone", () => {
  const run = onlyRun([fixtureFile("harbor-real/job-result.trimmed.json")]);
  const report = computeReport(toScoringRun(run));

  it("makes one run named by its eval key, agent and model parsed from it", () => {
    expect(run).toMatchObject({
      name: KEY,
      agent: "claude-code",
      model: "MiniMax-M2.1",
      createdAt: "2026-01-29T10:03:50.523Z",
    });
    expect(run.metadata).toMatchObject({
      evalKey: KEY,
      dataset: "tasks-no-skills",
      harborMean: 0.12394422823529411,
      nTotalTrials: 425,
    });
  });

  it("turns reward_stats (string keys) and exception_stats into 14 scored and 5 unscored rollouts", () => {
    expect(report.counts).toEqual({ tasks: 14, rollouts: 19, scored: 14, unscored: 5 });
    expect(report.passRate).toMatchObject({ value: 4 / 14, passes: 4 });
    expect(report.meanReward.value).toBeCloseTo((4 + 0.85 + 2 * 0.5712 + 3 * 0.833) / 14, 9);
    const byId = new Map(run.rollouts.map((r) => [r.id, r]));
    expect(byId.get("trend-anomaly-causal-inference__GPE8WEn")).toMatchObject({
      reportedReward: 0.85,
      status: "scored",
      checks: [],
    });
    expect(byId.get("dapt-intrusion-detection__V9bPmpB")).toMatchObject({
      status: "unscored",
      errorCategory: "RuntimeError",
    });
  });

  it("keeps the exception of a trial that still has a reward, and scores it", () => {
    const r = run.rollouts.find((x) => x.id === "quantum-numerical-simulation__6pRt9dy")!;
    expect(r).toMatchObject({ status: "scored", reportedReward: 0, errorCategory: "AgentTimeoutError", warnings: [] });
  });

  it("gives each rollout the source `path#trial` and the job file's hash", () => {
    const r = run.rollouts[0]!;
    const file = fixtureFile("harbor-real/job-result.trimmed.json");
    expect(r.source).toEqual({
      path: "job-result.trimmed.json#3d-scan-calc__qLuah6E",
      format: "harbor",
      sha256: sha256Hex(file.bytes),
    });
    expect(r.files).toEqual(["job-result.trimmed.json"]);
  });

  it("derives the task from the trial name and warns where Harbor may have cut it", () => {
    const r = run.rollouts.find((x) => x.id === MANUFACTURING)!;
    expect(r.task).toBe("manufacturing-equipment-maintena");
    expect(r.warnings).toContain(
      "task id manufacturing-equipment-maintena comes from the trial name, where Harbor cuts it at 32 characters: it may be truncated",
    );
  });

  it("says Harbor's mean is over other trials: the trimmed lists hold 19 of them", () => {
    expect(run.metadata.harborMeanNote).toMatch(
      /^Harbor reports 0\.1239 over its job's trials, which are not this run's: the job file lists 19 trials and its counts disagree \(n_trials 390 vs 14 trials listed with a reward; n_errors 79 vs 7 trials listed in exception_stats\)\. Tally's mean reward over the 14 scored trials here is 0\.6065 \(0\.4469 with the 5 unscored counted as 0/,
    );
    expect(run.warnings).toContain(
      "0 of 19 trials have a trial folder; the other 19 come from job-result.trimmed.json alone: their reward and exception, without checks, verifier output or trace",
    );
  });
});

describe("Harbor trial folders alone", () => {
  it.each([
    [SCAN, "3d-scan-calc", "scored", 1],
    [MANUFACTURING, "manufacturing-equipment-maintenance", "unscored", null],
  ])("%s ingests with its agent, model and reward", (folder, task, status, reward) => {
    const batch = parseBatch(loadFixture(`harbor-real/${folder}`), { rootName: folder });
    expect(batch.rejected).toEqual([]);
    expect(batch.unclaimed).toEqual([]);
    const run = batch.runs[0]!;
    expect(run).toMatchObject({ format: "harbor", name: KEY, agent: "claude-code", model: "MiniMax-M2.1" });
    expect(run.rollouts[0]).toMatchObject({ id: folder, task, status, reportedReward: reward });
  });

  it("reads failed, skipped and other CTRF tests as checks", () => {
    const files = [
      jsonFile("t__a/result.json", trial("t__a", { verifier_result: { rewards: { reward: 0 } } })),
      jsonFile(
        "t__a/verifier/ctrf.json",
        ctrf([
          { name: "ok", status: "passed", duration: 1 },
          {
            name: "bad",
            status: "failed",
            message: "assert 1 == 2",
            trace: "def test_bad():\n>       assert 1 == 2\nE       AssertionError",
          },
          { name: "later", status: "skipped" },
          { name: "odd", status: "other" },
        ]),
      ),
    ];
    const r = onlyRun(files).rollouts[0]!;
    expect(r.checks.map((c) => [c.key, c.passed, c.score, c.status])).toEqual([
      ["ok", true, 1, "graded"],
      ["bad", false, 0, "graded"],
      ["later", null, null, "not_assigned"],
      ["odd", null, null, "error"],
    ]);
    // A failed test's trace, as the lines it is (shown preformatted on the pages); its message is in it.
    expect(r.checks[1]!.detail).toBe("def test_bad():\n>       assert 1 == 2\nE       AssertionError");
    expect(r.checks[1]!.metadata).toEqual({ trace: "def test_bad():\n>       assert 1 == 2\nE       AssertionError" });
  });

  it("keeps other named rewards and warns when reward.txt disagrees", () => {
    const files = [
      jsonFile("t__a/result.json", trial("t__a", { verifier_result: { rewards: { reward: 1, style: 0.4 } } })),
      textFile("t__a/verifier/reward.txt", "0\n"),
    ];
    const r = onlyRun(files).rollouts[0]!;
    expect(r.metadata.rewards).toEqual({ reward: 1, style: 0.4 });
    expect(r.warnings).toEqual(["rewards disagree: result.json 1, verifier/reward.txt 0 (using result.json)"]);
  });

  it("rejects an invalid ctrf.json but keeps the trial, with a warning", () => {
    const files = [
      jsonFile("t__a/result.json", trial("t__a")),
      jsonFile("t__a/verifier/ctrf.json", { results: { tests: [{ status: "passed" }] } }),
    ];
    const result = parse(files);
    expect(result.rejected).toEqual([
      { path: "t__a/verifier/ctrf.json", error: "results.tests[0].name: missing (expected string)" },
    ]);
    expect(result.runs[0]!.rollouts[0]!.warnings).toEqual([
      "verifier/ctrf.json was rejected (results.tests[0].name: missing (expected string)), so its tests are not checks",
    ]);
  });

  it("rejects a trial whose reward is not a number, naming the field", () => {
    const result = parse([
      jsonFile("t__a/result.json", trial("t__a", { verifier_result: { rewards: { reward: "1" } } })),
    ]);
    expect(result.runs).toEqual([]);
    expect(result.rejected).toEqual([
      { path: "t__a/result.json", error: "verifier_result.rewards.reward: expected number, received string" },
    ]);
  });
});

describe("Harbor job with several evals", () => {
  const job = {
    id: "j",
    started_at: "2026-01-01T00:00:00",
    n_total_trials: 4,
    stats: {
      n_trials: 3,
      n_errors: 1,
      evals: {
        "terminus__gpt-5__tasks": {
          n_trials: 2,
          n_errors: 0,
          metrics: [{ mean: 0.5 }],
          reward_stats: { reward: { "1": ["a__1"], "0": ["b__1"] } },
        },
        "nexau__local-docker-dataset": {
          n_trials: 1,
          n_errors: 1,
          metrics: [{ mean: 0.5 }],
          reward_stats: { reward: { "1.0": ["a__2"], high: ["c__2"] } },
          exception_stats: { AgentTimeoutError: ["d__2"] },
        },
      },
    },
  };

  it("makes one run per eval key, named by it", () => {
    const result = parse([jsonFile("result.json", job)]);
    expect(result.rejected).toEqual([]);
    expect(result.runs.map((r) => [r.name, r.agent, r.model, r.rollouts.length])).toEqual([
      ["terminus__gpt-5__tasks", "terminus", "gpt-5", 2],
      ["nexau__local-docker-dataset", "nexau", null, 2],
    ]);
    const second = result.runs[1]!;
    expect(second.warnings[0]).toBe(
      'reward_stats.reward has the key "high", which is not a number: its 1 trial gets no reward',
    );
    expect(second.rollouts.map((r) => [r.id, r.status, r.errorCategory])).toEqual([
      ["a__2", "scored", null],
      ["d__2", "unscored", "AgentTimeoutError"],
    ]);
  });

  it("uses trial folders beside the job for their trials and the job's lists for the rest", () => {
    const files = [jsonFile("result.json", job), jsonFile("a__1/result.json", trial("a__1", { source: "tasks" }))];
    const result = parse(files, { runName: "nightly" });
    expect(result.runs.map((r) => [r.name, r.rollouts.map((x) => x.source.path)])).toEqual([
      // reward_stats keys "1" and "0" are integer-like, so JSON objects list "0" first.
      ["nightly · terminus__gpt-5__tasks", ["result.json#b__1", "a__1/result.json"]],
      ["nightly · nexau__local-docker-dataset", ["result.json#a__2", "result.json#d__2"]],
    ]);
    expect(result.runs[0]!.warnings).toEqual([
      "1 of 2 trials have a trial folder; the other 1 come from result.json alone: their reward and exception, without checks, verifier output or trace",
    ]);
  });
});

describe("Harbor job whose lists are whole, with some of its trial folders", () => {
  const job = (reward: Record<string, string[]>, exceptions: Record<string, string[]> = {}) => ({
    id: "j",
    started_at: "2026-01-01T00:00:00",
    stats: {
      evals: {
        "terminus__gpt-5__tasks": {
          n_trials: Object.values(reward).flat().length,
          n_errors: Object.values(exceptions).flat().length,
          metrics: [{ mean: 0.5 }],
          reward_stats: { reward },
          exception_stats: exceptions,
        },
      },
    },
  });
  const folder = (name: string, over: Record<string, unknown> = {}) =>
    jsonFile(`jobs/j/${name}/result.json`, trial(name, { source: "tasks", ...over }));
  const passing = ctrf([{ name: "t1", status: "passed" }]);

  it("is a run of every listed trial, with checks only where a trial folder has them", () => {
    const run = onlyRun([
      jsonFile("jobs/j/result.json", job({ "1.0": ["a__1", "b__1"], "0.0": ["c__1"] }, { RuntimeError: ["d__1"] })),
      folder("b__1"),
      jsonFile("jobs/j/b__1/verifier/ctrf.json", passing),
    ]);
    expect(run.rollouts.map((r) => [r.id, r.status, r.reportedReward, r.checks.length])).toEqual([
      ["a__1", "scored", 1, 0],
      ["b__1", "scored", 1, 1],
      ["c__1", "scored", 0, 0],
      ["d__1", "unscored", null, 0],
    ]);
    expect(run.rollouts[1]!.files).toEqual([
      "jobs/j/b__1/result.json",
      "jobs/j/b__1/verifier/ctrf.json",
      "jobs/j/result.json",
    ]);
    expect(run.warnings).toEqual([
      "1 of 4 trials have a trial folder; the other 3 come from jobs/j/result.json alone: their reward and exception, without checks, verifier output or trace",
    ]);
    expect(run.metadata).toMatchObject({ trialFolders: 1, listedTrials: 4 });
  });

  it("sets Harbor's mean beside Tally's when the run holds exactly the job's trials", () => {
    const run = onlyRun([
      jsonFile("jobs/j/result.json", job({ "1.0": ["a__1"], "0.0": ["c__1"] }, { RuntimeError: ["d__1"] })),
      folder("a__1"),
    ]);
    expect(run.metadata.harborMeanNote).toBe(
      "Harbor's mean counts the 1 unscored trial as 0; Tally excludes them by default: Harbor reports 0.5, " +
        "Tally's mean reward over the 2 scored trials here is 0.5 (0.3333 with the 1 unscored counted as 0, as Harbor counts them).",
    );
  });

  it("keeps a trial folder the job does not list, warns, and says Harbor's mean is over other trials", () => {
    const run = onlyRun([jsonFile("jobs/j/result.json", job({ "1.0": ["a__1"] })), folder("a__1"), folder("z__9")]);
    expect(run.rollouts.map((r) => r.id)).toEqual(["a__1", "z__9"]);
    expect(run.warnings).toEqual([
      "jobs/j/result.json (terminus__gpt-5__tasks) disagrees with the trial folders, which are used: trial z__9 is not listed",
    ]);
    expect(run.metadata.harborMeanNote).toBe(
      "Harbor reports 0.5 over its job's trials, which are not this run's: 1 trial here is not in the job's lists. " +
        "Tally's mean reward over the 2 scored trials here is 1.",
    );
  });

  it("takes a trial folder's reward over the job's, and says where they differ", () => {
    const run = onlyRun([
      jsonFile("jobs/j/result.json", job({ "1.0": ["a__1"], "0.0": ["c__1"] })),
      folder("c__1", { verifier_result: { rewards: { reward: 0.5 } } }),
    ]);
    expect(run.rollouts.map((r) => [r.id, r.reportedReward])).toEqual([
      ["a__1", 1],
      ["c__1", 0.5],
    ]);
    expect(run.warnings[0]).toBe(
      "jobs/j/result.json (terminus__gpt-5__tasks) disagrees with the trial folders, which are used: trial c__1: reward 0.5 in its folder, 0 in the job",
    );
  });
});

describe("Harbor detection", () => {
  it("parses eval keys with and without a model", () => {
    expect(parseEvalKey(KEY)).toEqual({ agent: "claude-code", model: "MiniMax-M2.1", dataset: "tasks-no-skills" });
    expect(parseEvalKey("nexau__local-docker-dataset")).toEqual({
      agent: "nexau",
      model: null,
      dataset: "local-docker-dataset",
    });
  });

  it("claims no BenchFlow, Silo or unrelated files", () => {
    expect(harborFormat.claim(loadFixture("benchflow-job"))).toEqual([]);
    expect(harborFormat.claim(loadFixture("silo-runs"))).toEqual([]);
    expect(harborFormat.claim([jsonFile("result.json", { stats: {} }), textFile("a.txt", "x")])).toEqual([]);
  });

  it("rejects files that are not Harbor's when the format is forced", () => {
    const result = parseBatch([jsonFile("x.json", { a: 1 })], { format: "harbor" });
    expect(result.rejected).toEqual([{ path: "x.json", error: expect.stringMatching(/^not a Harbor file/) }]);
  });
});
