import { describe, expect, it } from "vitest";
import { cohenKappa, reviewerAgreement } from "./kappa";

// Worked by hand (docs/scoring.md, "Reviews").
describe("cohenKappa", () => {
  it("a table of 50: κ 0.4, SE 0.1270 by Fleiss, Cohen and Everitt", () => {
    // p = [[.4, .1], [.2, .3]], rows .5 .5, columns .6 .4: pₒ = .7, pₑ = .5·.6 + .5·.4 = .5, κ = .2/.5 = .4.
    // A = .4(1 − 1.1·.6)² + .3(1 − .9·.6)² = .04624 + .06348; B = .6²(.1·1.1² + .2·.9²) = .10188;
    // C = (.4 − .5·.6)² = .01; Var = .2016/(50·.25) = .016128.
    const k = cohenKappa({ passPass: 20, passFail: 5, failPass: 10, failFail: 15 });
    expect(k.n).toBe(50);
    expect(k.agreement).toBeCloseTo(0.7, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
    expect(k.se).toBeCloseTo(Math.sqrt(0.016128), 12);
    expect(k.ci95![0]).toBeCloseTo(0.4 - 1.959963984540054 * Math.sqrt(0.016128), 12);
    expect(k.ci95![1]).toBeCloseTo(0.6489, 4);
  });

  it("perfect agreement: κ 1 with no spread", () => {
    // pₒ = 1, pₑ = .6² + .4² = .52; A = .6 + .4 = 1, B = 0, C = 1: Var = 0.
    const k = cohenKappa({ passPass: 3, passFail: 0, failPass: 0, failFail: 2 });
    expect(k.kappa).toBe(1);
    expect(k.se).toBeCloseTo(0, 12);
    expect(k.ci95).toEqual([1, 1]);
  });

  it("agreement below chance: κ −1/3, the interval clipped at −1", () => {
    // pₒ = 2/6, pₑ = .5: κ = −1/3. A = 2·(1/6)(1 − 4/3)² = 1/27; B = (4/3)²·(2/6 + 2/6) = 32/27; C = (−1/3 − 2/3)² = 1.
    // Var = (33/27 − 1)/(6·.25) = (6/27)/1.5 = 4/27; SE = .3849.
    const k = cohenKappa({ passPass: 1, passFail: 2, failPass: 2, failFail: 1 });
    expect(k.kappa).toBeCloseTo(-1 / 3, 12);
    expect(k.se).toBeCloseTo(Math.sqrt(4 / 27), 12);
    expect(k.ci95![0]).toBe(-1);
    expect(k.ci95![1]).toBeCloseTo(-1 / 3 + 1.959963984540054 * Math.sqrt(4 / 27), 12);
  });

  it("a single review: agreement 100%, κ undefined (chance agreement is 1)", () => {
    expect(cohenKappa({ passPass: 1, passFail: 0, failPass: 0, failFail: 0 })).toEqual({
      n: 1,
      agreement: 1,
      kappa: null,
      ci95: null,
      se: null,
    });
    expect(cohenKappa({ passPass: 0, passFail: 0, failPass: 0, failFail: 0 }).agreement).toBeNull();
  });
});

describe("reviewerAgreement", () => {
  it("pairs of reviewers and Fleiss' κ over verdicts with two or more of them", () => {
    // Pairs: (2 pass) 1 agreeing of 1; (1 pass, 1 fail) 0 of 1; (3 fail) 3 of 3: 4 of 5 = .8.
    // P̄ = (1 + 0 + 1)/3 = 2/3; pass share 3/7, Pₑ = 9/49 + 16/49 = 25/49; κ = (2/3 − 25/49)/(24/49) = 23/72.
    const r = reviewerAgreement([
      { pass: 2, fail: 0 },
      { pass: 1, fail: 1 },
      { pass: 0, fail: 3 },
      { pass: 1, fail: 0 },
    ]);
    expect(r).toMatchObject({ verdicts: 3, pairs: 5, agreement: 0.8 });
    expect(r.kappa).toBeCloseTo(23 / 72, 12);
  });

  it("nothing to say with fewer than two reviewers on every verdict", () => {
    expect(reviewerAgreement([{ pass: 1, fail: 0 }])).toEqual({ verdicts: 0, pairs: 0, agreement: null, kappa: null });
  });
});
