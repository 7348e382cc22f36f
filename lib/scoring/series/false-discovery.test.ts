import { describe, expect, it } from "vitest";
import { benjaminiHochberg } from "./false-discovery";

describe("benjaminiHochberg", () => {
  it("adjusts a hand-worked list of ten p-values", () => {
    // Sorted: .001 .008 .039 .041 .042 .060 .074 .205 .212 .216; p·10/i: .010 .040 .130 .1025 .084 .100
    // .1057 .25625 .2356 .216; running minimum from the top: .010 .040 .084 .084 .084 .100 .1057 .216 .216 .216.
    const p = [0.041, 0.001, 0.216, 0.042, 0.008, 0.06, 0.074, 0.205, 0.039, 0.212];
    const { adjusted, rejected } = benjaminiHochberg(p, 0.05);
    const expected = [0.084, 0.01, 0.216, 0.084, 0.04, 0.1, 0.74 / 7, 0.216, 0.084, 0.216];
    adjusted.forEach((a, i) => expect(a, `p = ${p[i]}`).toBeCloseTo(expected[i]!, 12));
    expect(rejected).toEqual([false, true, false, false, true, false, false, false, false, false]);
    // Uncorrected, five of the ten are below .05.
    expect(p.filter((x) => x < 0.05)).toHaveLength(5);
  });

  it("leaves a single test as it is and caps at 1", () => {
    expect(benjaminiHochberg([0.03]).adjusted).toEqual([0.03]);
    expect(benjaminiHochberg([0.9, 0.95]).adjusted).toEqual([0.95, 0.95]);
    expect(benjaminiHochberg([])).toEqual({ adjusted: [], rejected: [], q: 0.05 });
  });
});
