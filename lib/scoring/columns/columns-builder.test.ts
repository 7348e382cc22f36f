import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { check, rollout, run, task } from "../__fixtures__/build";
import { scoringArticle } from "../__fixtures__/scoring-article";
import { siloRuns } from "../__fixtures__/silo-runs";
import type { ScoringRun } from "../core/types";
import { ColumnsBuilder } from "./columns-builder";
import { columnsOf } from "./columns-of";
import type { RunColumns } from "./run-columns";

/** The columns with their string columns as lists (a StringColumn's methods differ by identity). */
function plain(c: RunColumns) {
  return { ...c, rolloutId: c.rolloutId.all(), source: { at: c.source.at, values: c.source.values.all() } };
}

function built(r: ScoringRun, order?: readonly number[]) {
  const builder = new ColumnsBuilder();
  for (const one of r.rollouts) builder.add(one);
  const { rollouts: _, ...header } = r;
  return plain(builder.finish(header, order));
}

const expected = (r: ScoringRun) => plain(columnsOf(r));

/** A permutation of 0..n-1 from a seed (Fisher–Yates on a small generator). */
function shuffled(n: number, seed: number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  let a = seed >>> 0;
  for (let i = n - 1; i > 0; i--) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    const j = a % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("ColumnsBuilder", () => {
  it.each([
    ["scoring-article", scoringArticle],
    ["silo-runs", siloRuns],
    ["empty", run([], [])],
    ["synthetic", syntheticScoringRun({ tasks: 30, rollouts: 4, checks: 12, groups: 5, seed: 3 })],
  ])("finishes %s as columnsOf does", (_, r) => {
    expect(built(r)).toStrictEqual(expected(r));
  });

  it("finishes any run as columnsOf does, in the order added or in any other", () => {
    fc.assert(
      fc.property(arbRun, fc.nat(), (r, seed) => {
        expect(built(r)).toStrictEqual(expected(r));
        const order = shuffled(r.rollouts.length, seed);
        expect(built(r, order)).toStrictEqual(expected({ ...r, rollouts: order.map((i) => r.rollouts[i]!) }));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps −0, NaN, lone surrogates and many failure tags", () => {
    const tags = Array.from({ length: 300 }, (_, i) => `tag-${i}`);
    const odd = run(
      [task("\ud83d-lone", { weight: Number.NaN }), task("\ud83d-lone", { weight: -0 })],
      [
        rollout("r1", "undeclared", [check("k", true, { score: -0, weight: Number.NaN })], { penalties: -0 }),
        rollout(
          "r2",
          "t",
          tags.map((t, i) => check(`c${i % 3}`, false, { failureTag: t })),
        ),
      ],
    );
    expect(built(odd)).toStrictEqual(expected(odd));
    expect(built(odd, [1, 0])).toStrictEqual(expected({ ...odd, rollouts: [odd.rollouts[1]!, odd.rollouts[0]!] }));
  });

  it("refuses an order that does not name every rollout", () => {
    const builder = new ColumnsBuilder();
    builder.add(rollout("r1", "t", []));
    expect(() => builder.finish({ name: "x", format: "silo", passThreshold: 1, tasks: [] }, [])).toThrow(
      "An order of 0 rollouts for 1 added",
    );
  });
});
