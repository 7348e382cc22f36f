import { describe, expect, it } from "vitest";
import { encodeRateGrid, rateAt } from "./rate-grid";

describe("rate grid", () => {
  it("gives back every rate and every gap, one character a cell", () => {
    const rates = [
      [1, 0.5, null],
      [0, 0, 1 / 3],
    ];
    const grid = encodeRateGrid(rates);
    expect(grid).toEqual({ levels: [1, 0.5, 0, 1 / 3], width: 1, rows: ["BCA", "DDE"] });
    rates.forEach((row, t) => row.forEach((r, j) => expect(rateAt(grid, t, j)).toBe(r)));
  });

  it("takes two characters a cell past 63 distinct rates", () => {
    const row = Array.from({ length: 200 }, (_, i) => (i % 7 === 0 ? null : i / 199));
    const grid = encodeRateGrid([row]);
    expect(grid.width).toBe(2);
    expect(grid.rows[0]!.length).toBe(400);
    row.forEach((r, j) => expect(rateAt(grid, 0, j)).toBe(r));
  });

  it("refuses more distinct rates than two characters name", () => {
    expect(() => encodeRateGrid([Array.from({ length: 4096 }, (_, i) => i / 4096)])).toThrow(/at most 4,095/);
  });
});
