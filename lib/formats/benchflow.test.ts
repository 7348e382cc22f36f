import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { computeReport } from "@/lib/scoring/report/report";
import { fixtureFile, jsonFile, loadFixture, textFile } from "./__fixtures__/load-fixture";
import { benchflowFormat } from "./benchflow";
import { sha256Hex } from "./hash";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

const JOB = "2026-11-04__17-58-34";
const close = (x: number | null | undefined, y: number) => expect(x).toBeCloseTo(y, 4);

function parse(files: InputFile[], options: ParseOptions = {}) {
  return benchflowFormat.parse(benchflowFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parse(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

/** The benchflow-job fixture with some files replaced or added (paths inside the job folder). */
function jobWith(changes: Record<string, unknown>, drop: string[] = []): InputFile[] {
  const files = loadFixture("benchflow-job").filter((f) => !drop.includes(f.path.slice(JOB.length + 1)));
  for (const [rel, value] of Object.entries(changes)) {
    const path = `${JOB}/${rel}`;
    const file = typeof value === "string" ? textFile(path, value) : jsonFile(path, value);
    const at = files.findIndex((f) => f.path === path);
    if (at === -1) files.push(file);
    else files[at] = file;
  }
  return files;
}

const trialResult = (over: Record<string, unknown> = {}) => ({
  task_name: "half-life",
  rollout_name: "half-life__4be1d0a7",
  rewards: { reward: 0.6667 },
  agent: "claude",
  agent_name: "claude-code",
  model: "claude-sonnet-4-5",
  error: null,
  verifier_error: null,
  ...over,
});

describe("benchflow-job: a BenchFlow job folder (hand-derived figures)", () => {
  const files = loadFixture("benchflow-job");
  const run = onlyRun(files, { rootName: "benchflow-job" });
  const report = computeReport(toScoringRun(run));

  it("is one run of 5 trials over 2 tasks, agent and model from result.json", () => {
    expect(run.format).toBe("benchflow");
    expect(run.name).toBe("benchflow-job");
    expect(run.agent).toBe("claude-code");
    expect(run.model).toBe("claude-sonnet-4-5");
    expect(run.passThreshold).toBe(1);
    expect(run.createdAt).toBe("2026-11-04T17:58:40.100Z");
    expect(run.tasks.map((t) => t.key)).toEqual(["half-life", "interleaved-vigenere"]);
    expect(run.tasks[0]).toEqual({ key: "half-life", taskId: "half-life", name: null, group: null, weight: 1 });
    expect(run.rollouts.every((r) => r.rule === "reward")).toBe(true);
  });

  it("gives 4 scored / 1 unscored, pass rate 1/4 and mean reward 0.6667 over scored trials", () => {
    expect(report.counts).toEqual({ tasks: 2, rollouts: 5, scored: 4, unscored: 1 });
    expect(report.passRate.value).toBe(0.25);
    expect(report.passRate.passes).toBe(1);
    close(report.meanReward.value, 0.6667);
    close(report.metrics.reward?.value, 0.6667);
  });

  it("reads half-life's per-check verdicts from reward-details.json: close_enough 3/4, plausible_uncertainty 3/4, consistent 2/4", () => {
    const passes = (key: string) =>
      run.rollouts
        .filter((r) => r.task === "half-life")
        .flatMap((r) => r.checks)
        .filter((c) => c.key === key && c.passed).length;
    expect(passes("close_enough")).toBe(3);
    expect(passes("plausible_uncertainty")).toBe(3);
    expect(passes("consistent")).toBe(2);
    const failed = Object.fromEntries(
      report.failures.checks.map((c) => [c.key, `${c.rollouts - c.failures}/${c.rollouts}`]),
    );
    expect(failed).toEqual({ close_enough: "3/4", plausible_uncertainty: "3/4", consistent: "2/4" });
    const check = run.rollouts[0]!.checks[0]!;
    expect(check).toMatchObject({
      key: "close_enough",
      label: "close_enough",
      passed: true,
      score: 1,
      required: true,
      dimension: "correctness",
      status: "graded",
    });
  });

  it("keeps the recorded reward of the regraded trial and reports the regrade beside it", () => {
    expect(run.regrades).toEqual([
      { rollout: "half-life__c8819b13", originalReward: 1, newReward: 0, change: "pass->fail" },
    ]);
    expect(report.regrades).toEqual(run.regrades);
    expect(run.metadata.regradeSummary).toBe("1 regraded, 1 changed (0 fail->pass, 1 pass->fail)");
    expect(run.warnings).toEqual([
      "Regrades: 1 regraded, 1 changed (0 fail->pass, 1 pass->fail). Rewards are the originally recorded ones; the regrade view lists the new ones.",
    ]);
    const regraded = report.rollouts.find((r) => r.id === "half-life__c8819b13")!;
    expect(regraded).toMatchObject({ reward: 1, passed: true });
    expect(regraded.warnings).toEqual([
      "regraded 20261104T175847Z-866168, pass->fail: reward 1 -> 0 (half-life test: tolerance 15% -> final test); the recorded reward 1 is kept",
    ]);
    expect(run.rollouts.find((r) => r.id === "half-life__c8819b13")!.metadata.regrade).toMatchObject({
      id: "20261104T175847Z-866168",
      status: "regraded",
      originalReward: 1,
      newReward: 0,
      change: "pass->fail",
    });
  });

  it("stores the verifier-error trial unscored, saying why", () => {
    const r = run.rollouts.find((x) => x.id === "interleaved-vigenere__0c4d9e11")!;
    expect(r.status).toBe("unscored");
    expect(r.reportedReward).toBeNull();
    expect(r.error).toBe("separate verifier transfer failed: artifact missing");
    expect(r.errorCategory).toBe("verifier_infra");
    expect(r.warnings).toEqual([
      "unscored: the verifier failed (verifier_infra): separate verifier transfer failed: artifact missing",
    ]);
  });

  it("finds summary.json in agreement with the trials and keeps it in the run's metadata", () => {
    expect(run.warnings.some((w) => w.startsWith("summary.json"))).toBe(false);
    expect(run.metadata).toMatchObject({ trials: 5, jobFolder: JOB, summary: { job_name: JOB, mean_reward: 0.6667 } });
  });

  it("keeps every file of a trial with its rollout, the source first, then the job's files", () => {
    const r = run.rollouts[0]!;
    const dir = `${JOB}/half-life__4be1d0a7`;
    expect(r.id).toBe("half-life__4be1d0a7");
    expect(r.source).toEqual({
      path: `${dir}/result.json`,
      format: "benchflow",
      sha256: sha256Hex(files.find((f) => f.path === `${dir}/result.json`)!.bytes),
    });
    expect(r.files).toEqual([
      `${dir}/result.json`,
      `${dir}/verifier/reward-details.json`,
      `${dir}/verifier/reward.json`,
      `${dir}/verifier/reward.txt`,
      `${dir}/verifier/test-stdout.txt`,
      `${JOB}/summary.json`,
      `${JOB}/regrade-summary.json`,
    ]);
    expect(run.rollouts.find((x) => x.id === "half-life__c8819b13")!.files).toContain(
      `${JOB}/half-life__c8819b13/regrade.json`,
    );
  });

  it("maps timings, tool calls and unknown fields", () => {
    const r = run.rollouts[0]!;
    expect(r.startedAt).toBe("2026-11-04T17:58:40.100Z");
    expect(r.finishedAt).toBe("2026-11-04T18:02:11.900Z");
    expect(r.durationMs).toBe(211800);
    expect(r.toolCalls).toBe(12);
    expect(r.metadata).toMatchObject({
      n_prompts: 1,
      agent: "claude",
      agent_name: "claude-code",
      timing: { verifier: 9.7 },
    });
    expect(r.warnings).toEqual([]);
  });

  it("is detected among all formats: nothing rejected, nothing left unclaimed", () => {
    const batch = parseBatch(files, { rootName: "benchflow-job" });
    expect(batch.rejected).toEqual([]);
    expect(batch.unclaimed).toEqual([]);
    expect(batch.runs.map((r) => r.format)).toEqual(["benchflow"]);
  });
});

describe("real BenchFlow result.json files (older and current schema)", () => {
  it.each([
    [
      "hello-world-task.result.json",
      "hello-world-task",
      "hello-world-task__0000abcd",
      "@agentclientprotocol/claude-agent-acp",
      "claude-sonnet-4-6",
      1,
    ],
    ["regex-log.result.json", "regex-log", "regex-log__bab1cbf6", "gemini-cli", "gemini-2.5-flash", 0],
  ])("%s ingests alone as a one-rollout run", (name, task, id, agent, model, reward) => {
    const batch = parseBatch([fixtureFile(`benchflow-real/${name}`)], { rootName: name });
    expect(batch.rejected).toEqual([]);
    expect(batch.unclaimed).toEqual([]);
    expect(batch.runs).toHaveLength(1);
    const run = batch.runs[0]!;
    expect(run).toMatchObject({ format: "benchflow", name: task, agent, model });
    expect(run.rollouts).toHaveLength(1);
    expect(run.rollouts[0]).toMatchObject({ id, task, status: "scored", reportedReward: reward, warnings: [] });
    expect(computeReport(toScoringRun(run)).rollouts[0]).toMatchObject({ passed: reward === 1, reward });
  });

  it("keeps the current schema's usage and branch fields", () => {
    const run = onlyRun([fixtureFile("benchflow-real/hello-world-task.result.json")]);
    const r = run.rollouts[0]!;
    expect(r.tokens).toBe(308);
    expect(r.costUsd).toBeNull();
    expect(r.toolCalls).toBe(2);
    expect(r.durationMs).toBe(259000);
    expect(r.metadata.branches).toMatchObject({ children: 2 });
    expect(r.metadata.skill_mode).toBe("no-skill");
  });

  it("makes one run per agent and model when the folder holds both", () => {
    const batch = parseBatch(loadFixture("benchflow-real"), { rootName: "benchflow-real" });
    expect(batch.rejected).toEqual([]);
    expect(batch.runs.map((r) => [r.name, r.agent, r.model])).toEqual([
      [
        "benchflow-real · @agentclientprotocol/claude-agent-acp · claude-sonnet-4-6",
        "@agentclientprotocol/claude-agent-acp",
        "claude-sonnet-4-6",
      ],
      ["benchflow-real · gemini-cli · gemini-2.5-flash", "gemini-cli", "gemini-2.5-flash"],
    ]);
  });

  it("names them after the user's run name and the agent and model, not after the upload's placeholder folder", () => {
    const batch = parseBatch(loadFixture("benchflow-real"), { rootName: "upload", runName: "nightly" });
    expect(batch.runs.map((r) => r.name)).toEqual([
      "nightly · @agentclientprotocol/claude-agent-acp · claude-sonnet-4-6",
      "nightly · gemini-cli · gemini-2.5-flash",
    ]);
  });
});

describe("BenchFlow rewards: result.json, reward.json, reward.txt", () => {
  const trial = `half-life__4be1d0a7`;

  it("warns when summary.json disagrees with the trial folders", () => {
    const summary = {
      job_name: JOB,
      total: 6,
      passed: 1,
      unscored: 1,
      mean_reward: 0.7,
      score_excl_errors_ratio: 0.25,
    };
    const run = onlyRun(jobWith({ "summary.json": summary }));
    expect(run.warnings).toContain(
      "summary.json disagrees with the 5 trial folders: total 6 vs 5; mean_reward 0.7 vs 0.6667 over scored trials",
    );
  });

  it("takes the reward from the verifier's files when result.json has none", () => {
    const run = onlyRun(jobWith({ [`${trial}/result.json`]: trialResult({ rewards: null }) }));
    const r = run.rollouts.find((x) => x.id === trial)!;
    expect(r.status).toBe("scored");
    expect(r.reportedReward).toBe(0.6667);
    expect(r.warnings).toEqual(["result.json records no reward; the reward is taken from verifier/reward.json"]);
  });

  it("warns when the recorded rewards disagree, naming each", () => {
    const run = onlyRun(jobWith({ [`${trial}/verifier/reward.txt`]: "0.5\n" }));
    const r = run.rollouts.find((x) => x.id === trial)!;
    expect(r.reportedReward).toBe(0.6667);
    expect(r.warnings).toEqual([
      "rewards disagree: result.json 0.6667, verifier/reward.json 0.6667, verifier/reward.txt 0.5, verifier/reward-details.json 0.6667 (using result.json)",
    ]);
  });

  it("stores a trial with a verifier error unscored even when a reward file is left behind", () => {
    const result = trialResult({
      rewards: null,
      verifier_error: "timed out",
      verifier_error_category: "verifier_timeout",
    });
    const run = onlyRun(jobWith({ [`${trial}/result.json`]: result }));
    const r = run.rollouts.find((x) => x.id === trial)!;
    expect(r.status).toBe("unscored");
    expect(r.errorCategory).toBe("verifier_timeout");
    expect(r.warnings[0]).toBe("unscored: the verifier failed (verifier_timeout): timed out");
    expect(r.warnings[1]).toMatch(
      /^verifier\/reward\.json holds reward 0\.6667, but result\.json records an error and no reward/,
    );
  });

  it("stores an agent error before verification unscored with its category", () => {
    const files = [
      jsonFile(
        "t__1/result.json",
        trialResult({ rollout_name: "t__1", rewards: null, error: "sandbox failed", error_category: "sandbox" }),
      ),
    ];
    const r = onlyRun(files).rollouts[0]!;
    expect(r).toMatchObject({ status: "unscored", error: "sandbox failed", errorCategory: "sandbox" });
    expect(r.warnings).toEqual(["unscored: the trial failed before it was verified (sandbox): sandbox failed"]);
  });

  it("does not clip a reward outside [0, 1]", () => {
    const run = onlyRun([
      jsonFile("t__1/result.json", trialResult({ rollout_name: "t__1", rewards: { reward: -0.5, speed: 0.2 } })),
    ]);
    expect(run.rollouts[0]!.reportedReward).toBe(-0.5);
    expect(run.rollouts[0]!.metadata.rewards).toEqual({ reward: -0.5, speed: 0.2 });
    expect(computeReport(toScoringRun(run)).rollouts[0]).toMatchObject({ reward: -0.5, passed: false });
  });

  it("rejects a result.json with a bad field by its path, and the files of its trial with it", () => {
    const result = parse(jobWith({ [`${trial}/result.json`]: trialResult({ rewards: "high" }) }));
    expect(result.runs[0]!.rollouts).toHaveLength(4);
    expect(result.rejected).toContainEqual({
      path: `${JOB}/${trial}/result.json`,
      error: expect.stringMatching(/^rewards: /),
    });
    expect(result.rejected).toContainEqual({
      path: `${JOB}/${trial}/verifier/reward.txt`,
      error: `belongs to trial folder ${JOB}/${trial}, whose result.json was rejected`,
    });
  });

  it("rejects an unreadable reward.txt but keeps the trial, with a warning", () => {
    const result = parse(jobWith({ [`${trial}/verifier/reward.txt`]: "n/a" }));
    expect(result.rejected).toEqual([
      { path: `${JOB}/${trial}/verifier/reward.txt`, error: 'expected one number, found "n/a"' },
    ]);
    const r = result.runs[0]!.rollouts.find((x) => x.id === trial)!;
    expect(r.status).toBe("scored");
    expect(r.warnings).toContain(
      'verifier/reward.txt was rejected (expected one number, found "n/a"), so its reward was not read',
    );
  });
});

describe("BenchFlow reward-details.json shapes", () => {
  const withDetails = (details: unknown) =>
    onlyRun([
      jsonFile("t__1/result.json", trialResult({ rollout_name: "t__1" })),
      jsonFile("t__1/verifier/reward-details.json", details),
    ]).rollouts[0]!;

  it("reads a criteria list with partial credit, weights, errors and optional entries", () => {
    const r = withDetails({
      criteria: [
        { name: "parses", value: 1, weight: 0.5, description: "output parses" },
        { name: "accurate", value: 0.5, weight: 0.5, reasoning: "half the rows" },
        { name: "judge", value: 0, error: "judge timed out" },
        { id: "style", passed: false, required: false },
      ],
    });
    expect(r.checks.map((c) => [c.key, c.passed, c.score, c.status, c.required, c.weight])).toEqual([
      ["parses", true, 1, "graded", true, 0.5],
      ["accurate", false, 0.5, "graded", true, 0.5],
      ["judge", null, null, "error", true, null],
      ["style", false, 0, "graded", false, null],
    ]);
    expect(r.checks[0]!.detail).toBe("output parses");
    expect(r.checks[1]!.reason).toBe("half the rows");
    expect(r.checks[2]!.detail).toBe("judge timed out");
  });

  it("reads rewardkit blocks and groups, keys prefixed by the block, and keeps unknown shapes", () => {
    const r = withDetails({
      reward: { kind: "llm", score: 0.5, criteria: [{ name: "preview", value: 1, weight: 1 }] },
      quality: {
        kind: "group",
        score: 1,
        components: [
          {
            name: "tests",
            weight: 1,
            detail: { kind: "programmatic", score: 1, criteria: [{ name: "unit", value: 1, weight: 1 }] },
          },
        ],
      },
      parse_status: "ok",
      checks: { lint: true, "no-warnings": false },
    });
    expect(r.checks.map((c) => [c.key, c.passed])).toEqual([
      ["reward.preview", true],
      ["quality.tests.unit", true],
      ["lint", true],
      ["no-warnings", false],
    ]);
    expect(r.metadata.rewardDetails).toEqual({
      reward: { kind: "llm", score: 0.5 },
      quality: {
        kind: "group",
        score: 1,
        components: [{ name: "tests", weight: 1, detail: { kind: "programmatic", score: 1 } }],
      },
      parse_status: "ok",
    });
  });

  it("scores a trial from its checks when no reward is recorded anywhere", () => {
    const files = [
      jsonFile("t__1/result.json", trialResult({ rollout_name: "t__1", rewards: null })),
      jsonFile("t__1/verifier/reward-details.json", { checks: { a: true, b: false } }),
    ];
    const run = onlyRun(files);
    expect(run.rollouts[0]!.status).toBe("scored");
    expect(computeReport(toScoringRun(run)).rollouts[0]).toMatchObject({ reward: 0.5, passed: false });
  });
});

describe("BenchFlow regrades and retries", () => {
  it("reads a regrade from regrade-summary.json when the trial has no regrade.json", () => {
    const run = onlyRun(jobWith({}, ["half-life__c8819b13/regrade.json"]));
    expect(run.regrades).toEqual([
      { rollout: "half-life__c8819b13", originalReward: 1, newReward: 0, change: "pass->fail" },
    ]);
    expect(run.metadata.regradeSummary).toBe("1 regraded, 1 changed (0 fail->pass, 1 pass->fail)");
  });

  it("warns when regrade-summary.json names a trial the job does not have", () => {
    const summary = {
      regrade_id: "r1",
      trials: [
        { trial: "ghost__00000000", status: "regraded", original_reward: 0, new_reward: 1, change: "fail->pass" },
      ],
    };
    const run = onlyRun(jobWith({ "regrade-summary.json": summary }, ["half-life__c8819b13/regrade.json"]));
    expect(run.warnings).toContain(`${JOB}/regrade-summary.json names trial ghost__00000000, which is not in this job`);
    expect(run.regrades).toEqual([]);
  });

  it("keeps a result.json inside a trial folder (a regrade's verifier run) with that trial, not as a trial", () => {
    const nested = "half-life__c8819b13/regrade/R1/runtime/verifier/result.json";
    const run = onlyRun(
      jobWith({ [nested]: trialResult({ rollout_name: "verifier", agent: "oracle", agent_name: "oracle" }) }),
    );
    expect(run.rollouts).toHaveLength(5);
    expect(run.rollouts.find((r) => r.id === "half-life__c8819b13")!.files).toContain(`${JOB}/${nested}`);
  });

  it("keeps an attempt that a scored retry replaced, unscored and marked", () => {
    const attempt = trialResult({
      rollout_name: "half-life__00000001",
      rewards: null,
      error: "sandbox did not start",
      error_category: "sandbox",
    });
    const run = onlyRun(jobWith({ "half-life__00000001/result.json": attempt }));
    const r = run.rollouts.find((x) => x.id === "half-life__00000001")!;
    expect(r.status).toBe("unscored");
    expect(r.metadata.replacedAttempt).toBe(true);
    expect(r.warnings).toContain(
      "replaced by a scored retry of the same task, agent and model: BenchFlow's summary does not count this attempt",
    );
    expect(run.warnings.some((w) => w.startsWith("summary.json"))).toBe(false);
  });
});

describe("BenchFlow detection", () => {
  it("claims no Silo, Harbor or unrelated files", () => {
    expect(benchflowFormat.claim(loadFixture("silo-runs"))).toEqual([]);
    expect(benchflowFormat.claim(loadFixture("harbor-real"))).toEqual([]);
    expect(benchflowFormat.claim([jsonFile("summary.json", { total: 3 }), textFile("notes.txt", "hi")])).toEqual([]);
  });

  it("rejects a summary.json with no trials beside it", () => {
    const result = parse([fixtureFile(`benchflow-job/${JOB}/summary.json`, "summary.json")]);
    expect(result.runs).toEqual([]);
    expect(result.rejected).toEqual([
      { path: "summary.json", error: "a BenchFlow summary.json with no trial folders beside it: nothing to score" },
    ]);
  });

  it("rejects files that are not BenchFlow's when the format is forced", () => {
    const result = parseBatch([jsonFile("x.json", { a: 1 }), textFile("broken.json", "{")], { format: "benchflow" });
    expect(result.runs).toEqual([]);
    expect(result.rejected.map((r) => r.path)).toEqual(["broken.json", "x.json"]);
    expect(result.rejected[1]!.error).toMatch(/^not a BenchFlow file/);
    expect(result.rejected[0]!.error).toMatch(/^invalid JSON at line 1/);
  });
});
