import { describe, expect, it } from "vitest";
import { MDE_FACTOR, minimumDetectableEffect, powerNeeded } from "./detectable-effect";

// Worked by hand (docs/scoring.md, "What a comparison can see"): 4 tasks × 4 rollouts, passes A/B per task
// 2/3, 2/1, 1/2, 3/3: d = .25, −.25, .25, 0; δ = .0625, Var(d) = .171875/3 = .0572917, SE = √(Var/4) = .11968.
describe("what a comparison can see", () => {
  it("the minimum detectable effect at 80% power and α = 0.05 is 2.8016 SE", () => {
    expect(MDE_FACTOR).toBeCloseTo(2.801585, 6);
    expect(minimumDetectableEffect(0.11967838846954226)).toBeCloseTo(0.335289, 6);
    expect(minimumDetectableEffect(null)).toBeNull();
  });

  it("tasks and rollouts per task needed to see the observed difference", () => {
    // Each task's two means have squared SEs s²/n with s² = k(n−k)/(n(n−1)): W = (3·(1/12 + 1/16) + 2/16)/4 =
    // .140625 > Var(d), so σ²_between = 0. Tasks: 4·(.33529/.0625)² = 115.1 → 116. Rollouts: room =
    // 4·(.0625/2.8016)² = .0019907; n' = 4·.140625/.0019907 = 282.6 → 283.
    const need = powerNeeded({
      delta: 0.0625,
      se: Math.sqrt(0.171875 / 3 / 4),
      tasks: 4,
      varD: 0.171875 / 3,
      within: 0.140625,
      rollouts: 4,
    });
    expect(need.mde).toBeCloseTo(0.335289, 6);
    expect(need.tasks).toBe(116);
    expect(need.rolloutsPerTask).toBe(283);
  });

  it("more rollouts cannot help when the tasks themselves differ too much", () => {
    // σ²_between = .5 − .01 = .49 > T·(δ/factor)² = 10·(.1/2.8016)² = .0127: no number of rollouts gets there.
    const need = powerNeeded({ delta: 0.1, se: Math.sqrt(0.5 / 10), tasks: 10, varD: 0.5, within: 0.01, rollouts: 5 });
    expect(need.rolloutsPerTask).toBeNull();
    expect(need.tasks).toBe(Math.ceil(10 * ((MDE_FACTOR * Math.sqrt(0.05)) / 0.1) ** 2));
  });

  it("nothing to ask for without a difference", () => {
    expect(powerNeeded({ delta: 0, se: 0.1, tasks: 10, varD: 0.1, within: 0.01, rollouts: 5 })).toMatchObject({
      tasks: null,
      rolloutsPerTask: null,
    });
  });
});
