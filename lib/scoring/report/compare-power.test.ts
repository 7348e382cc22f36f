import { describe, expect, it } from "vitest";
import { check, rollout, run, task } from "../__fixtures__/build";
import { compareRuns } from "./compare";
import { deltaVerdict } from "./compare-verdict";

/** A run whose task `key` passes `k` of `n` rollouts, for each [key, k, n]. */
const passes = (name: string, spec: [string, number, number][]) =>
  run(
    spec.map(([key]) => task(key)),
    spec.flatMap(([key, k, n]) =>
      Array.from({ length: n }, (_, i) => rollout(`${key}-${i}`, key, [check("C1", i < k)])),
    ),
    { name },
  );

// The worked example of docs/scoring.md#what-a-comparison-can-see: 4 tasks × 4 rollouts, passes A/B 2/3, 2/1,
// 1/2, 3/3: d = .25, −.25, .25, 0; δ = .0625, Var(d) = .171875/3, SE = .11968, MDE = 2.8016·SE = .33529;
// tasks 4·(.33529/.0625)² = 115.1 → 116; W = (3·(1/12 + 1/16) + 2/16)/4 = .140625, rollouts 282.6 → 283.
describe("what a comparison can see, end to end from two runs", () => {
  const a = passes("A", [
    ["t/1", 2, 4],
    ["t/2", 2, 4],
    ["t/3", 1, 4],
    ["t/4", 3, 4],
  ]);
  const b = passes("B", [
    ["t/1", 3, 4],
    ["t/2", 1, 4],
    ["t/3", 2, 4],
    ["t/4", 3, 4],
  ]);
  const c = compareRuns(a, b);

  it("states the MDE at 80% power and α = 0.05 from the paired SE", () => {
    expect(c.headline.delta).toBeCloseTo(0.0625, 10);
    expect(c.headline.se).toBeCloseTo(0.11967838846954226, 10);
    expect(deltaVerdict(c.headline)).toBe("unclear");
    expect(c.power).toMatchObject({ alpha: 0.05, power: 0.8, rollouts: 4, tasks: 116, rolloutsPerTask: 283 });
    expect(c.power.mde).toBeCloseTo(0.335289, 6);
    expect(c.power.within).toBeCloseTo(0.140625, 12);
  });

  it("a run compared with itself asks for nothing more", () => {
    expect(compareRuns(a, a).power).toMatchObject({ mde: 0, tasks: null, rolloutsPerTask: null });
  });
});

// Per-task tests, worked by hand over 10 rollouts: x 10/10 → 0/10: one-sided p = 1/C(20,10) = 1/184,756,
// two-sided 1.0825e-5; y 10/10 → 5/10: P(X ≤ 5) = C(15,5)/C(20,10) = 3003/184,756 = .016254, two-sided .032508;
// three tasks unchanged at 5/10 (p = 1). BH over 5: x 1.0825e-5·5 = 5.41e-5, y .032508·5/2 = .08127 > .05.
describe("per-task differences controlled at a false discovery rate", () => {
  const a = passes("A", [
    ["g/x", 10, 10],
    ["g/y", 10, 10],
    ["g/n1", 5, 10],
    ["g/n2", 5, 10],
    ["g/n3", 5, 10],
  ]);
  const b = passes("B", [
    ["g/x", 0, 10],
    ["g/y", 5, 10],
    ["g/n1", 5, 10],
    ["g/n2", 5, 10],
    ["g/n3", 5, 10],
  ]);

  it("calls a task regressed only when its corrected test says so; the uncorrected count stays beside it", () => {
    const c = compareRuns(a, b);
    const byKey = new Map(c.tasks.map((t) => [t.key, t]));
    expect(byKey.get("g/x")!.p).toBeCloseTo(2 / 184_756, 12);
    expect(byKey.get("g/x")!.adjusted).toBeCloseTo(10 / 184_756, 12);
    expect(byKey.get("g/x")!.called).toBe("regressed");
    expect(byKey.get("g/y")!.p).toBeCloseTo(6006 / 184_756, 10);
    expect(byKey.get("g/y")!.adjusted).toBeCloseTo((6006 / 184_756) * 2.5, 10);
    expect(byKey.get("g/y")!.called).toBeNull();
    expect(byKey.get("g/n1")).toMatchObject({ p: 1, adjusted: 1, called: null });
    expect(c.taskTests).toEqual({
      q: 0.05,
      tested: 5,
      regressed: 1,
      improved: 0,
      uncorrected: { regressed: 2, improved: 0 },
    });
  });

  it("a looser q calls the second task too", () => {
    const c = compareRuns(a, b, { fdr: 0.1 });
    expect(c.taskTests).toMatchObject({ q: 0.1, regressed: 2 });
    expect(compareRuns(b, a).taskTests).toMatchObject({ improved: 1, uncorrected: { improved: 2, regressed: 0 } });
  });
});
