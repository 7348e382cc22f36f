import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
const suite = path.join(root, "lib/cli/__fixtures__/weighted-suite");

function scoreJson(...args: string[]) {
  return JSON.parse(execFileSync(process.execPath, [bin, "score", ...args, "--json"], { cwd: root, encoding: "utf8" }));
}

/*
 * The hand-made suite (tasks.json: A weight 2 in g1, B weight 1 in g1, C weight 1 in g2):
 *   A-r1 C1 ✓, C2 ✗ score 0.5, G1 ✓ (optional)  → correctness 0.75, grounding 1, fails, reward 0.83
 *   A-r2 C1 ✓, C2 ✓, G1 ✗                         → correctness 1,    grounding 0, passes, reward 0.67
 *   B-r1 C1 ✗, A1 ✓                               → correctness 0,    authority 1, fails,  reward 0.5
 *   C-r1 C1 ✓, A1 ✓                               → correctness 1,    authority 1, passes, reward 1
 *   C-r2 C1 ✓, A1 ✗                               → correctness 1,    authority 0, fails,  reward 0.5
 * Task values: correctness A 0.875, B 0, C 1; completion A 0.5, B 0, C 0.5; authority B 1, C 0.5; grounding A 0.5.
 */
describe("tally score --json on a suite with rollouts per task, groups, weights and partial credit", () => {
  const report = scoreJson(suite);

  it("gives correctness under each scheme as derived by hand", () => {
    const c = report.metrics.correctness;
    expect(c.schemes.task).toBeCloseTo((0.875 + 0 + 1) / 3, 6); // 0.625
    expect(c.schemes.check).toBeCloseTo(5.5 / 7, 6); // A 3.5 of 4 checks, B 0 of 1, C 2 of 2
    expect(c.schemes.group).toBeCloseTo(((0.875 + 0) / 2 + 1) / 2, 6); // 0.71875
    expect(c.schemes.custom).toBeCloseTo((2 * 0.875 + 0 + 1) / 4, 6); // 0.6875
    expect(c.value).toBeCloseTo(0.625, 6);
    expect(c.pooled).toBeCloseTo(5.5 / 7, 6);
  });

  it("gives completion, authority (with its gate), grounding and reward", () => {
    const m = report.metrics;
    expect(m.completion.schemes.task).toBeCloseTo(1 / 3, 6);
    expect(m.completion.schemes.check).toBeCloseTo(2 / 5, 6); // each scored rollout one vote
    expect(m.completion.schemes.custom).toBeCloseTo((2 * 0.5 + 0 + 0.5) / 4, 6);
    expect(m.authority.value).toBeCloseTo(0.75, 6);
    expect(m.authority.eligibleTasks).toBe(2);
    expect(m.authority.gate).toMatchObject({ passed: false, violations: 1 });
    expect(m.authority.gate.list[0]).toMatchObject({
      task: "g2/C",
      rollout: "C-r2",
      label: "A1 No write outside the sandbox",
    });
    expect(m.grounding.value).toBeCloseTo(0.5, 6);
    expect(m.grounding.eligibleTasks).toBe(1);
    expect(m.reward.value).toBeCloseTo((0.75 + 0.5 + 0.75) / 3, 6);
    expect(report.passRate).toMatchObject({ passes: 2, scored: 5 });
    expect(report.meanReward.value).toBeCloseTo(3.5 / 5, 6);
  });

  it("gives the headline with its standard error and interval, groups and per-task figures", () => {
    // SE = sqrt(3/2 · Σ(x − 0.625)²) / 3 with x = 0.875, 0, 1
    const se = Math.sqrt(1.5 * (0.25 ** 2 + 0.625 ** 2 + 0.375 ** 2)) / 3;
    expect(report.headline).toMatchObject({ metric: "correctness", scheme: "task" });
    expect(report.headline.se).toBeCloseTo(se, 6);
    expect(report.headline.ci95[0]).toBe(0); // 0.625 − 4.3027·0.3146 < 0, clipped
    expect(report.headline.ci95[1]).toBe(1);
    const groups = Object.fromEntries(report.groups.map((g: { group: string }) => [g.group, g]));
    expect(groups.g1.metrics.correctness.value).toBeCloseTo(0.4375, 6);
    expect(groups.g2.metrics.correctness.value).toBeCloseTo(1, 6);
    const a = report.tasks.find((t: { key: string }) => t.key === "g1/A");
    expect(a).toMatchObject({
      weight: 2,
      rollouts: 2,
      passes: 1,
      diagnosis: "unreliable",
      passAtK: { "1": 0.5, "2": 1 },
      passHatK: { "1": 0.5, "2": 0 },
    });
    expect(a.meanReward).toBeCloseTo(0.75, 6);
    const b = report.tasks.find((t: { key: string }) => t.key === "g1/B");
    expect(b).toMatchObject({ diagnosis: "never-passes", capability: "near-miss" });
  });

  it("lists the levers: B's C1 counted as passed lifts correctness by a third, C's C1 counted as failed lowers it by one", () => {
    expect(report.levers.slice(0, 2)).toEqual([
      { task: "g1/B", check: "C1", label: expect.any(String), passed: true, delta: expect.closeTo(1 / 3, 12) },
      { task: "g2/C", check: "C1", label: expect.any(String), passed: false, delta: expect.closeTo(-1 / 3, 12) },
    ]);
  });

  it("applies a scenario file: flipping A-r1's C2 makes A solid and lifts correctness", () => {
    const scenario = path.join(root, "lib/cli/__fixtures__/flip-a-r1.scenario.json");
    const flipped = scoreJson(suite, "--scenario", scenario);
    expect(flipped.metrics.correctness.value).toBeCloseTo((1 + 0 + 1) / 3, 6);
    expect(flipped.metrics.completion.value).toBeCloseTo((1 + 0 + 0.5) / 3, 6);
  });

  it("exits 1 and names the file when a file is rejected, 2 on a usage error", () => {
    const bad = spawnSync(
      process.execPath,
      [bin, "score", path.join(root, "lib/formats/__fixtures__/bad-inputs/reward-is-a-string.json")],
      { cwd: root, encoding: "utf8" },
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain("reward-is-a-string.json");
    const usage = spawnSync(process.execPath, [bin, "score"], { cwd: root, encoding: "utf8" });
    expect(usage.status).toBe(2);
  });
});

describe("tally score --json on the real Silo files", () => {
  it("computes, for each rollout, the passed and reward the file stored", () => {
    const dir = path.join(root, "lib/formats/__fixtures__/real/silo");
    const report = scoreJson(dir);
    expect(report.rollouts).toHaveLength(2);
    for (const r of report.rollouts as { source: string; passed: boolean; reward: number; warnings: string[] }[]) {
      const stored = JSON.parse(readFileSync(path.join(dir, r.source), "utf8"));
      expect(r.passed).toBe(stored.passed);
      expect(r.reward).toBeCloseTo(stored.reward, 6);
      expect(r.warnings).toEqual([]);
    }
  });
});

describe("tally score --scenario with an execution budget", () => {
  it("fails the Silo silo-runs passes over 3 tool calls: completion 40% → 30%, correctness as recorded", () => {
    const dir = path.join(root, "lib/formats/__fixtures__/silo-runs");
    const recorded = scoreJson(dir);
    const budgeted = scoreJson(
      dir,
      "--scenario",
      path.join(root, "lib/cli/__fixtures__/tool-calls-budget.scenario.json"),
    );
    expect(recorded.metrics.completion.value).toBeCloseTo(0.4, 12);
    // TASK-007's passes with 4 and 5 tool calls fail: it completes 1 of 5, so (0 + 1 + 0.2 + 0) / 4.
    expect(budgeted.metrics.completion.value).toBeCloseTo(0.3, 12);
    expect(budgeted.budget).toEqual({ limits: { toolCalls: 3 }, failed: 2, over: 6, unknown: 0 });
    expect(budgeted.metrics.correctness).toEqual(recorded.metrics.correctness);
  });
});

describe("tally score on a stored run", () => {
  it("scores a stored run given by its name as it scores its files, and names an operand it cannot find", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tally-cli-score-"));
    try {
      const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "tally.db")}`, TALLY_DEMO: "0" };
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", env });
      expect(cli("ingest", suite, "--run", "weighted").status).toBe(0);
      const stored = cli("score", "weighted", "--json");
      expect(stored.status, stored.stderr).toBe(0);
      const fromFiles = scoreJson(suite);
      expect(JSON.parse(stored.stdout).metrics.correctness.schemes).toEqual(fromFiles.metrics.correctness.schemes);
      const missing = cli("score", "no-such-run");
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain(`"no-such-run" is neither a path nor a stored run's id or name`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
