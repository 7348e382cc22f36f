import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import { decodeBinaryRun, encodeBinaryRun } from "./binary-run";
import { encodeRun } from "./compact-run";

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

  it("refuses bytes that are not a binary run, another layout, or a truncated one", () => {
    const bytes = encodeBinaryRun(siloRuns);
    expect(() => decodeBinaryRun(new TextEncoder().encode('{"v":1}'))).toThrow("Not a binary run");
    const other = bytes.slice();
    other[4] = 99;
    expect(() => decodeBinaryRun(other)).toThrow("Unknown binary run layout 99");
    expect(() => decodeBinaryRun(bytes.subarray(0, bytes.length - 3))).toThrow("ends early");
  });

  it("is smaller than the compact JSON of the 10,000-rollout bench run", () => {
    const synthetic = syntheticScoringRun();
    const json = new TextEncoder().encode(JSON.stringify(encodeRun(synthetic))).length;
    const binary = encodeBinaryRun(synthetic);
    console.log(`synthetic run: ${json} bytes as compact JSON, ${binary.length} as binary columns`);
    expect(binary.length).toBeLessThan(json * 0.75);
    expect(decodeBinaryRun(binary)).toStrictEqual(synthetic);
  });
});
