import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { BINARY_RUN_LAYOUT, decodeBinaryRun, encodeBinaryRun } from "./binary-run";

describe("encodeBinaryRun / decodeBinaryRun", () => {
  it.each([
    ["scoring-article", scoringArticle],
    ["silo-runs", siloRuns],
    ["empty", run([], [])],
  ])("round-trips %s exactly", (_, r) => {
    expect(decodeBinaryRun(encodeBinaryRun(r))).toStrictEqual(r);
  });

  it("keeps −0, lone surrogates, a leading byte-order mark and numbers beyond 32 bits", () => {
    const r = run(
      [task("\ufeffbom", { weight: 2 ** 40 }), task("\ud83d-lone", { weight: -1.5 })],
      [rollout("r1", "\ufeffbom", [check("k", true, { score: -0, weight: -0 })], { penalties: -0 })],
    );
    const back = decodeBinaryRun(encodeBinaryRun(r));
    expect(back).toStrictEqual(r);
    expect(Object.is(back.rollouts[0]!.checks[0]!.score, -0)).toBe(true);
    expect(Object.is(back.rollouts[0]!.penalties, -0)).toBe(true);
  });

  it("refuses bytes that are not a binary run, or a truncated one", () => {
    const bytes = encodeBinaryRun(siloRuns);
    expect(() => decodeBinaryRun(new TextEncoder().encode('{"v":1}'))).toThrow("Not a binary run");
    expect(() => decodeBinaryRun(bytes.subarray(0, bytes.length - 3))).toThrow("ends early");
  });

  it("names its layout by its columns, never the hand-numbered layout of the bytes before", () => {
    expect(Number.isInteger(BINARY_RUN_LAYOUT)).toBe(true);
    expect(BINARY_RUN_LAYOUT).toBeGreaterThanOrEqual(2 ** 30);
    expect(BINARY_RUN_LAYOUT).toBeLessThan(2 ** 31);
  });

  it("round-trips the 10,000-rollout bench run", () => {
    const synthetic = syntheticScoringRun();
    expect(decodeBinaryRun(encodeBinaryRun(synthetic))).toStrictEqual(synthetic);
  });
});
