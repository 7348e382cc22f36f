import { describe, expect, it } from "vitest";
import { toScoringRun } from "@/lib/ingest/to-scoring-run";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { computeReport } from "@/lib/scoring/report/report";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { jsonFile, loadFixture, textFile } from "./__fixtures__/load-fixture";
import { gradeFormat, NO_GRADED_SUBSCORE } from "./grade";
import { sha256Hex } from "./hash";
import type { InputFile, NormalizedRun, ParseOptions } from "./types";

const near = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-4);
};

function parseGrades(files: InputFile[], options: ParseOptions = {}) {
  return gradeFormat.parse(gradeFormat.claim(files), options);
}

function onlyRun(files: InputFile[], options: ParseOptions = {}): NormalizedRun {
  const result = parseGrades(files, options);
  expect(result.rejected).toEqual([]);
  expect(result.runs).toHaveLength(1);
  return result.runs[0]!;
}

const grade = (overrides: Record<string, unknown> = {}) => ({
  problem_id: "p1",
  mode: "exploit",
  subscores: { defect_matching: 1, pov_quality: 0.5 },
  weights: { defect_matching: 0.6, pov_quality: 0.4 },
  ...overrides,
});

describe("grade-problem: hand-derived golden figures", () => {
  const files = loadFixture("grade-problem");
  const run = onlyRun(files, { rootName: "grade-problem" });
  const report = computeReport(toScoringRun(run));
  const verdict = (id: string) => report.rollouts.find((r) => r.id === id)!;
  const rollout = (id: string) => run.rollouts.find((r) => r.id === id)!;

  it("makes one run of five grades, one task per problem", () => {
    expect(run).toMatchObject({ name: "grade-problem", format: "grade", passThreshold: 1, warnings: [] });
    expect(run.tasks.map((t) => t.key)).toEqual([
      "libfoo-audit",
      "cve-2024-0002",
      "cve-2024-0001",
      "cve-2024-0003",
      "cve-2024-0004",
    ]);
    expect(run.rollouts.map((r) => r.id)).toEqual([
      "audit",
      "exploit-miss",
      "exploit-pass",
      "patch-with-penalty",
      "weights-do-not-sum",
    ]);
    expect(report.counts).toEqual({ tasks: 5, rollouts: 5, scored: 5, unscored: 0 });
  });

  it("exploit-pass: 0.6 + 0.1 + 0.08 + 0.06 = 0.84, passed on defect_matching", () => {
    near(verdict("exploit-pass").reward, 0.84);
    expect(verdict("exploit-pass").passed).toBe(true);
    const r = rollout("exploit-pass");
    expect(r).toMatchObject({
      rule: "grade",
      gate: "defect_matching",
      penalties: 0,
      reportedReward: null,
      warnings: [],
    });
    expect(r.checks.map((c) => [c.key, c.score, c.weight, c.passed, c.required])).toEqual([
      ["defect_matching", 1, 0.6, true, true],
      ["pov_quality", 0.5, 0.2, true, false],
      ["summary_quality", 0.8, 0.1, true, false],
      ["target_calls", 0.6, 0.1, true, false],
    ]);
    expect(r.checks[0]!.detail).toBe("matched: heap-buffer-overflow in parse_header; sanitizer: ASan");
    expect(r.checks[0]!.metadata).toEqual({ matched: "heap-buffer-overflow in parse_header", sanitizer: "ASan" });
    expect(r.source).toEqual({
      path: "exploit-pass.json",
      format: "grade",
      sha256: sha256Hex(files.find((f) => f.path === "exploit-pass.json")!.bytes),
    });
    expect(r.files).toEqual(["exploit-pass.json"]);
  });

  it("exploit-miss: 0, not passed; the gated components show skipped: gated on defect_matching", () => {
    expect(verdict("exploit-miss").reward).toBe(0);
    expect(verdict("exploit-miss").passed).toBe(false);
    expect(verdict("exploit-miss").failedRequired).toEqual(["defect_matching"]);
    const [gate, ...gated] = rollout("exploit-miss").checks;
    expect(gate).toMatchObject({ key: "defect_matching", status: "graded", passed: false, score: 0, required: true });
    expect(gate!.detail).toBe("matched: null; crash: null-deref in main (not the target defect)");
    for (const c of gated) {
      expect(c).toMatchObject({
        status: "not_assigned",
        passed: null,
        score: null,
        required: false,
        detail: "skipped: gated on defect_matching",
        reason: "skipped: gated on defect_matching",
      });
    }
    expect(gated.map((c) => c.key)).toEqual(["pov_quality", "summary_quality", "target_calls"]);
  });

  it("patch-with-penalty: 0.25·(1 + 0.5 + 0.8 + 0.6) − 0.1 = 0.625, passed on patch_verified", () => {
    near(verdict("patch-with-penalty").reward, 0.625);
    expect(verdict("patch-with-penalty").passed).toBe(true);
    const r = rollout("patch-with-penalty");
    expect(r.gate).toBe("patch_verified");
    near(r.penalties, 0.1);
    expect(r.metadata.penalties).toEqual({ functionality_loss: 0.1 });
    expect(r.metadata.metadata).toEqual({
      patch_verified: { tests: "112 passed" },
      functionality_loss: { lost_tests: 3, of: 30 },
    });
  });

  it("audit: 0.6, not gated, fails the 1.0 threshold; metadata kept in full (unknown fields too)", () => {
    near(verdict("audit").reward, 0.6);
    expect(verdict("audit").passed).toBe(false);
    const r = rollout("audit");
    expect(r.gate).toBeNull();
    expect(r.checks[0]!.detail).toBe("recall 0.75 · precision 0.8 · found 3: D1, D2, D3 · missed 1: D4");
    expect(r.metadata).toMatchObject({ problem_id: "libfoo-audit", mode: "audit" });
    expect(r.metadata.metadata).toEqual({
      recall: 0.75,
      precision: 0.8,
      found: ["D1", "D2", "D3"],
      missed: ["D4"],
      submissions: 5,
      duplicates: 1,
      non_crashers: 0,
      unrecognised_field: { kept: true },
    });
  });

  it("weights-do-not-sum: 0.9, passed, with the warning", () => {
    near(verdict("weights-do-not-sum").reward, 0.9);
    expect(verdict("weights-do-not-sum").passed).toBe(true);
    expect(verdict("weights-do-not-sum").warnings).toEqual(["weights sum to 0.9, not 1.0"]);
  });

  it("re-weights the components with a scenario's componentWeights", () => {
    const scenario: Scenario = { componentWeights: { defect_matching: 0.5, pov_quality: 0.3 } };
    const whatIf = computeReport(toScoringRun(run), scenario);
    const reward = (id: string) => whatIf.rollouts.find((r) => r.id === id)!.reward;
    near(reward("exploit-pass"), 0.5 * 1 + 0.3 * 0.5 + 0.1 * 0.8 + 0.1 * 0.6); // 0.79
    near(reward("weights-do-not-sum"), 0.5 + 0.3 + 0.1 + 0.1); // 1.0
    expect(reward("exploit-miss")).toBe(0);
    near(reward("patch-with-penalty"), 0.625); // no component of it is re-weighted
    near(
      computeReport(toScoringRun(run), { componentWeights: { defect_matching: 0.6 } }).rollouts.find(
        (r) => r.id === "weights-do-not-sum",
      )!.reward,
      1,
    );
  });

  it("a flip of the gate passes exploit-miss with the gate's weight only (gated components stay skipped)", () => {
    const whatIf = computeReport(toScoringRun(run), {
      flips: [{ task: "cve-2024-0002", check: "defect_matching", passed: true }],
    });
    const r = whatIf.rollouts.find((x) => x.id === "exploit-miss")!;
    expect(r.passed).toBe(true);
    near(r.reward, 0.6);
  });

  it("is what the batch detects for these files (before Silo)", () => {
    const batch = parseBatch(files, { rootName: "grade-problem" });
    expect(batch.unclaimed).toEqual([]);
    expect(batch.runs.map((r) => r.format)).toEqual(["grade"]);
  });
});

describe("grade files: JSON lines, arrays, wrapped lists", () => {
  it("reads JSON lines, one grade a line, with sources path#problem", () => {
    const lines = [
      grade({ problem_id: "a" }),
      grade({ problem_id: "b", subscores: { defect_matching: 0, pov_quality: 0 } }),
    ];
    const run = onlyRun([textFile("nightly/grades.jsonl", lines.map((l) => JSON.stringify(l)).join("\n") + "\n")]);
    expect(run.name).toBe("nightly");
    expect(run.rollouts.map((r) => [r.id, r.task, r.source.path])).toEqual([
      ["nightly/grades#a", "a", "nightly/grades.jsonl#a"],
      ["nightly/grades#b", "b", "nightly/grades.jsonl#b"],
    ]);
    const report = computeReport(toScoringRun(run));
    expect(report.rollouts.map((r) => [r.passed, r.reward])).toEqual([
      [true, 0.8],
      [false, 0],
    ]);
  });

  it("reads a JSON array and {grades: [...]}, with rollout ids from trial fields", () => {
    const list = [grade({ trial: 1 }), grade({ trial: 2, subscores: { defect_matching: 0, pov_quality: 1 } })];
    for (const value of [list, { grades: list }]) {
      const run = onlyRun([jsonFile("g.json", value)]);
      expect(run.tasks.map((t) => t.key)).toEqual(["p1"]);
      expect(run.rollouts.map((r) => [r.id, r.source.path])).toEqual([
        ["p1#1", "g.json#p1#1"],
        ["p1#2", "g.json#p1#2"],
      ]);
    }
  });

  it("accepts a .json file holding JSON lines", () => {
    const run = onlyRun([
      textFile(
        "g.json",
        `${JSON.stringify(grade({ problem_id: "x" }))}\n${JSON.stringify(grade({ problem_id: "y" }))}\n`,
      ),
    ]);
    expect(run.rollouts.map((r) => r.task)).toEqual(["x", "y"]);
  });

  it("keeps two grades of one problem in one file apart", () => {
    const run = onlyRun([jsonFile("g.json", [grade(), grade()])]);
    expect(run.rollouts.map((r) => [r.id, r.source.path])).toEqual([
      ["g#p1", "g.json#p1"],
      ["g#p1~2", "g.json#p1~2"],
    ]);
  });

  it("takes the agent, model and pass threshold the grades state", () => {
    const run = onlyRun([
      jsonFile(
        "g.json",
        grade({
          mode: "audit",
          agent: "a1",
          model: "m1",
          pass_threshold: 0.5,
          subscores: { audit: 0.6 },
          weights: { audit: 1 },
        }),
      ),
    ]);
    expect([run.agent, run.model, run.passThreshold]).toEqual(["a1", "m1", 0.5]);
    expect(computeReport(toScoringRun(run)).rollouts[0]!.passed).toBe(true);
  });
});

describe("grade semantics", () => {
  const one = (overrides: Record<string, unknown>) => onlyRun([jsonFile("g.json", grade(overrides))]).rollouts[0]!;
  const reward = (overrides: Record<string, unknown>) =>
    computeReport(toScoringRun(onlyRun([jsonFile("g.json", grade(overrides))]))).rollouts[0]!;

  it("sums penalties given as a number, a list, or a list of named objects; clips to [0, 1]", () => {
    near(one({ penalties: 0.2 }).penalties, 0.2);
    near(one({ penalties: [0.1, 0.05] }).penalties, 0.15);
    near(
      one({
        penalties: [
          { name: "slow", value: 0.1 },
          { reason: "noisy", amount: 0.2 },
        ],
      }).penalties,
      0.3,
    );
    expect(reward({ penalties: 5 }).reward).toBe(0);
    expect(
      reward({ subscores: { defect_matching: 1, pov_quality: 1 }, weights: { defect_matching: 1, pov_quality: 1 } })
        .reward,
    ).toBe(1);
  });

  it("gates patch grades on patch_verified, and falls back to the threshold when the gate component is missing", () => {
    const patch = one({
      mode: "patch",
      subscores: { patch_verified: 0, size: 1 },
      weights: { patch_verified: 0.5, size: 0.5 },
    });
    expect(patch.gate).toBe("patch_verified");
    const missing = one({ mode: "patch" });
    expect(missing.gate).toBeNull();
    expect(missing.warnings).toContain(
      "patch grade without a patch_verified component: it passes at the pass threshold instead",
    );
    expect(one({ mode: undefined }).gate).toBe("defect_matching");
  });

  it("keeps the file's own score as the reported reward, warning when it disagrees", () => {
    expect(one({ score: 0.8 })).toMatchObject({ reportedReward: 0.8, warnings: [] });
    expect(one({ score: 0.5 }).warnings).toEqual([
      "reported score 0.5 differs from Σ subscore × weight − penalties = 0.8",
    ]);
  });

  it("clips a subscore outside [0, 1] and keeps the raw value", () => {
    const r = one({ subscores: { defect_matching: 1, pov_quality: 1.5 } });
    expect(r.checks[1]).toMatchObject({ score: 1, metadata: { rawSubscore: 1.5 } });
    expect(r.warnings).toContain("subscore pov_quality = 1.5 is outside [0, 1]: clipped to 1");
  });

  it("warns about a subscore without a weight and a weight without a subscore", () => {
    const r = one({ weights: { defect_matching: 0.6, other: 0.4 } });
    expect(r.warnings).toEqual([
      "subscore pov_quality has no weight: it counts 0 in the score",
      "weight given for other without a subscore: not counted",
    ]);
  });

  it("stores a grade with no graded subscore and no score unscored, saying why", () => {
    const r = one({ subscores: { defect_matching: null, pov_quality: null } });
    expect(r).toMatchObject({ status: "unscored", error: "no graded subscore", errorCategory: "not_graded" });
    expect(r.warnings[0]).toBe(NO_GRADED_SUBSCORE);
  });
});

describe("bad grade files", () => {
  it("rejects a grade with the field path", () => {
    const result = parseGrades([jsonFile("g.json", grade({ subscores: { defect_matching: "high" } }))]);
    expect(result.runs).toEqual([]);
    expect(result.rejected).toEqual([
      { path: "g.json", error: "subscores.defect_matching: expected number, received string" },
    ]);
  });

  it("names the line of a bad JSON line and the index of a bad array item", () => {
    const text = `${JSON.stringify(grade())}\n${JSON.stringify(grade({ weights: null }))}\n`;
    expect(parseGrades([textFile("g.jsonl", text)]).rejected).toEqual([
      { path: "g.jsonl", error: "line 2: weights: expected record, received null" },
    ]);
    expect(parseGrades([jsonFile("g.json", [grade(), grade({ weights: null })])]).rejected).toEqual([
      { path: "g.json", error: "[1].weights: expected record, received null" },
    ]);
    expect(
      parseGrades([textFile("g.jsonl", `${JSON.stringify(grade())}\n{"subscores": {}, "weights": \n`)]).rejected[0]
        ?.error,
    ).toMatch(/^line 2: invalid JSON/);
  });
});
