import { describe, expect, it } from "vitest";
import { check, rollout } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { rolloutVerdict } from "./rollout";

const opts = { passThreshold: 1 };

describe("rule checks", () => {
  const [checkout, owner, csv] = scoringArticle.rollouts.map((r) => rolloutVerdict(r, opts));

  it("passes only when no graded required check failed", () => {
    expect([checkout?.passed, owner?.passed, csv?.passed]).toEqual([false, true, false]);
    expect(csv?.failedRequired).toEqual([
      "C3 Converts timestamps to UTC",
      "C4 Uses the required column names",
      "A1 Source file left unchanged",
    ]);
  });

  it("keeps the reported reward when the checks are unchanged", () => {
    expect(checkout?.reward).toBe(0.8);
    expect(owner?.reward).toBe(0.75);
    expect(csv?.reward).toBe(0.4);
  });

  it("leaves not-assigned checks out of the graded list and the dimensions", () => {
    expect(csv?.graded).toHaveLength(5);
    expect(csv?.dimensions.has("grounding")).toBe(false);
    expect(csv?.dimensions.get("correctness")).toEqual({ sum: 2, count: 4 });
  });

  it("recomputes the reward from the checks when a scenario changed them", () => {
    const r = rollout(
      "r",
      "t",
      [check("a", true), check("b", false, { required: false }), check("c", true, { score: 0.5 })],
      {
        reportedReward: 0.9,
      },
    );
    expect(rolloutVerdict(r, opts).reward).toBe(0.9);
    expect(rolloutVerdict(r, { ...opts, checksChanged: true }).reward).toBeCloseTo(1.5 / 3, 10);
  });

  it("uses the mean check score when no reward was reported, null when nothing is graded", () => {
    const r = rollout("r", "t", [check("a", true), check("b", false, { score: 0.25 })]);
    expect(rolloutVerdict(r, opts).reward).toBeCloseTo(0.625, 10);
    expect(rolloutVerdict(rollout("e", "t", [check("x", null)]), opts).reward).toBeNull();
  });

  it("counts an explicit score on a passed check for partial credit but not for the verdict", () => {
    const v = rolloutVerdict(rollout("r", "t", [check("a", true, { score: 0.4 })]), opts);
    expect(v.passed).toBe(true);
    expect(v.dimensions.get("correctness")).toEqual({ sum: 0.4, count: 1 });
  });
});

describe("unscored rollouts", () => {
  it("never pass and have no reward, whatever was reported", () => {
    const v = rolloutVerdict(
      rollout("u", "t", [], { status: "unscored", reportedReward: 1, reportedPassed: true }),
      opts,
    );
    expect(v.passed).toBe(false);
    expect(v.reward).toBeNull();
  });
});

describe("rule reward", () => {
  const r = (reward: number | null, checks = [check("a", true), check("b", false)]) =>
    rollout("r", "t", checks, { rule: "reward", reportedReward: reward });

  it("passes at the threshold", () => {
    expect(rolloutVerdict(r(1), opts).passed).toBe(true);
    expect(rolloutVerdict(r(0.6667), opts).passed).toBe(false);
    expect(rolloutVerdict(r(0.6667), { passThreshold: 0.5 }).passed).toBe(true);
    expect(rolloutVerdict(r(0.3), { passThreshold: 0.1 + 0.2 }).passed).toBe(true);
  });

  it("keeps the reported reward even when checks disagree, unless a scenario changed the checks", () => {
    expect(rolloutVerdict(r(1), opts).reward).toBe(1);
    expect(rolloutVerdict(r(1), { ...opts, checksChanged: true }).reward).toBe(0.5);
    expect(rolloutVerdict(r(1, []), { ...opts, checksChanged: true }).reward).toBe(1);
  });
});

describe("rule grade", () => {
  const patch = (extra = {}) =>
    rollout(
      "patch",
      "cve-2024-0003",
      [
        check("patch_verified", true, { score: 1, weight: 0.25 }),
        check("number_of_attempts", null, { score: 0.5, weight: 0.25, status: "graded" }),
        check("size_of_patch", null, { score: 0.8, weight: 0.25, status: "graded" }),
        check("minimization", null, { score: 0.6, weight: 0.25, status: "graded" }),
      ],
      { rule: "grade", penalties: 0.1, gate: "patch_verified", reportedReward: 0.625, ...extra },
    );

  it("scores Σ subscore × weight − penalties and passes on the gate (patch-with-penalty: 0.625)", () => {
    const v = rolloutVerdict(patch(), opts);
    expect(v.reward).toBeCloseTo(0.625, 10);
    expect(v.passed).toBe(true);
    expect(v.graded).toHaveLength(4);
  });

  it("uses overridden component weights", () => {
    const r = patch();
    const reweighed = {
      ...r,
      checks: r.checks.map((c) =>
        c.key === "patch_verified" ? { ...c, weight: 0.5 } : c.key === "number_of_attempts" ? { ...c, weight: 0 } : c,
      ),
    };
    expect(rolloutVerdict(reweighed, opts).reward).toBeCloseTo(0.5 + 0.2 + 0.15 - 0.1, 10);
  });

  it("clips to [0, 1] and fails when the gate failed", () => {
    const miss = rollout(
      "miss",
      "cve",
      [
        check("defect_matching", false, { score: 0, weight: 0.6 }),
        check("pov_quality", null, { score: 0, weight: 0.4, status: "graded" }),
      ],
      {
        rule: "grade",
        gate: "defect_matching",
        penalties: 0.2,
      },
    );
    const v = rolloutVerdict(miss, opts);
    expect(v.reward).toBe(0);
    expect(v.passed).toBe(false);
  });

  it("has no reward when Σ score × weight overflows to +∞ and −∞ (their sum is NaN), and does not pass", () => {
    // 1e160 × 1e160 = +∞ and 1e160 × −1e160 = −∞ in doubles: the sum is NaN, clipped or not.
    const overflow = rollout(
      "overflow",
      "t",
      [
        check("a", null, { score: 1e160, weight: 1e160, status: "graded" }),
        check("b", null, { score: 1e160, weight: -1e160, status: "graded" }),
      ],
      { rule: "grade" },
    );
    const v = rolloutVerdict(overflow, { passThreshold: 0 });
    expect(v.reward).toBeNull();
    expect(v.passed).toBe(false);
  });

  it("without a gate passes by threshold (audit: 0.6)", () => {
    const audit = rollout(
      "audit",
      "libfoo-audit",
      [check("audit", null, { score: 0.6, weight: 1, status: "graded" })],
      { rule: "grade" },
    );
    expect(rolloutVerdict(audit, opts).reward).toBeCloseTo(0.6, 10);
    expect(rolloutVerdict(audit, opts).passed).toBe(false);
    expect(rolloutVerdict(audit, { passThreshold: 0.6 }).passed).toBe(true);
  });

  it("exploit-pass: 0.6 + 0.1 + 0.08 + 0.06 = 0.84", () => {
    const r = rollout(
      "x",
      "cve-2024-0001",
      [
        check("defect_matching", true, { score: 1, weight: 0.6 }),
        check("pov_quality", null, { score: 0.5, weight: 0.2, status: "graded" }),
        check("summary_quality", null, { score: 0.8, weight: 0.1, status: "graded" }),
        check("target_calls", null, { score: 0.6, weight: 0.1, status: "graded" }),
      ],
      { rule: "grade", gate: "defect_matching" },
    );
    expect(rolloutVerdict(r, opts).reward).toBeCloseTo(0.84, 10);
    expect(rolloutVerdict(r, opts).passed).toBe(true);
  });
});
