import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { decodeRun, encodeRun, frontCode, frontDecode, type CompactRun } from "./compact-run";
import { computeReport } from "../report/report";
import type { ScoringRun } from "../core/types";

/** What the browser gets: the compact form after a trip through JSON (the RSC payload). */
const overTheWire = (r: ScoringRun): ScoringRun => decodeRun(JSON.parse(JSON.stringify(encodeRun(r))) as CompactRun);

/** Everything a hand-made run can vary: optional fields present and absent, nulls, scores, rules, gates. */
const varied: ScoringRun = run(
  [task("g/a", { name: "Task A", weight: 2 }), task("b"), task("g/c", { weight: 0.5 })],
  [
    rollout(
      "a-1",
      "g/a",
      [
        check("C1", true),
        check("C2", false, { failureTag: "WRONG", score: 0.25 }),
        check("G1", null, { required: false, dimension: "grounding" }),
        check("X", null, { status: "error", score: 0 }),
      ],
      { source: "a/1.json", warnings: [], reportedReward: 0.5, reportedPassed: false },
    ),
    rollout(
      "a-2",
      "g/a",
      [
        check("C1", true, { score: 0.75 }),
        check("C2", true),
        check("G1", true, { required: false, dimension: "grounding" }),
        check("X", false),
      ],
      {
        source: "a/2.json",
        warnings: ["reward disagrees with the checks", "second"],
      },
    ),
    rollout("b-1", "b", [], { status: "unscored", rule: "reward", reportedPassed: null }),
    rollout(
      "c-1",
      "g/c",
      [
        check("defect_matching", true, { weight: 0.6, score: 0.9 }),
        check("style", false, { weight: 0.4, required: false }),
      ],
      {
        rule: "grade",
        penalties: 0.125,
        gate: "defect_matching",
        reportedReward: 0,
        reportedPassed: true,
      },
    ),
    rollout("stray", "not-declared", [check("C1", true)]),
  ],
  { warnings: ["run warning"], regrades: [{ rollout: "a-1", originalReward: 0, newReward: null, change: "regraded" }] },
);

describe("encodeRun / decodeRun", () => {
  it.each([
    ["scoring-article", scoringArticle],
    ["silo-runs", siloRuns],
    ["varied", varied],
    ["empty", run([], [])],
  ])("round-trips %s exactly, in memory and through JSON", (_, r) => {
    expect(decodeRun(encodeRun(r))).toStrictEqual(r);
    expect(overTheWire(r)).toStrictEqual(JSON.parse(JSON.stringify(r)));
  });

  it("keeps absent apart from empty, null apart from 0, and −0 while in memory", () => {
    const r = run(
      [task("t")],
      [
        rollout("r1", "t", [check("k", true, { score: -0, weight: -0 }), check("k", true, { weight: 0 })], {
          penalties: -0,
        }),
        rollout("r2", "t", [check("k", false, { score: null })], { warnings: [] }),
      ],
    );
    const back = decodeRun(encodeRun(r));
    expect(back).toStrictEqual(r);
    expect(Object.is(back.rollouts[0]!.checks[0]!.score, -0)).toBe(true);
    expect(Object.is(back.rollouts[0]!.checks[0]!.weight, -0)).toBe(true);
    expect(Object.is(back.rollouts[0]!.checks[1]!.weight, 0)).toBe(true);
    expect(Object.is(back.rollouts[0]!.penalties, -0)).toBe(true);
    expect("warnings" in back.rollouts[0]!).toBe(false);
    expect(back.rollouts[1]!.warnings).toEqual([]);
    expect(back.rollouts[1]!.checks[0]!.score).toBeNull();
    expect("warnings" in back).toBe(false);
  });

  it("scores the decoded run exactly as the original, with and without a scenario", () => {
    const scenario = {
      flips: [{ task: "g/a", check: "C2", passed: true }],
      required: [{ check: "G1", required: true }],
      unscored: "fail" as const,
    };
    for (const r of [scoringArticle, siloRuns, varied]) {
      const back = overTheWire(r);
      expect(JSON.stringify(computeReport(back))).toBe(JSON.stringify(computeReport(r)));
      expect(JSON.stringify(computeReport(back, scenario))).toBe(JSON.stringify(computeReport(r, scenario)));
    }
  });

  it("front-codes neighbouring strings without splitting surrogate pairs", () => {
    const list = [
      "env-0/T1/T1-r1.json",
      "env-0/T1/T1-r2.json",
      "",
      "a,b,c",
      "a,b,d",
      "x😀y",
      "x😁y",
      "😀",
      "\ud83d",
      "\ud83d\ude00",
      "1,2,3",
    ];
    const coded = frontCode(list);
    expect(coded[1]).toBe("13,5,2");
    expect(coded[6]).toBe("1,1,😁");
    expect(frontDecode(coded)).toEqual(list);
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const entry of coded.slice(0, 8)) expect(loneSurrogate.test(entry)).toBe(false);
  });

  it("shrinks the 10,000-rollout bench run from ~21 MB to well under 1 MB and decodes it whole", () => {
    const synthetic = syntheticScoringRun();
    const compact = JSON.stringify(encodeRun(synthetic));
    const parsed = JSON.parse(compact) as CompactRun;
    let best = Infinity;
    let back: ScoringRun | null = null;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      back = decodeRun(parsed);
      best = Math.min(best, performance.now() - t0);
    }
    console.log(
      `synthetic run: ${JSON.stringify(synthetic).length} bytes as JSON, ${compact.length} compact; decode ${best.toFixed(1)} ms`,
    );
    expect(compact.length).toBeLessThan(1_000_000);
    // The decode time is printed, not asserted: speed is measured by `npm run bench`.
    expect(back).toStrictEqual(synthetic);
  });
});
