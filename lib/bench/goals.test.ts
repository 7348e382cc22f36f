import { describe, expect, it } from "vitest";
import { figure, figureTable, goalsFor, parseSize } from "./goals";

describe("bench goals", () => {
  it("reads --size as 10k, 100k or a multiple of 5 rollouts", () => {
    expect(parseSize("10k")).toBe(10_000);
    expect(parseSize("100K")).toBe(100_000);
    expect(parseSize("2500")).toBe(2500);
    expect(parseSize("12")).toBeNull();
    expect(parseSize("1m")).toBeNull();
    expect(parseSize("")).toBeNull();
  });

  it("applies the 100k goals above 10,000 rollouts", () => {
    expect(goalsFor(10_000)).toMatchObject({ pageFirstMs: 1000, serverRssMb: 250 });
    expect(goalsFor(100_000)).toMatchObject({ pageFirstMs: 1500, serverRssMb: 400 });
  });

  it("meets a ratio at its bound, a time or size only below it, and says why a figure is missing", () => {
    expect(figure("ratio", 2, "×", 2).met).toBe(true);
    expect(figure("time", 1000, "ms", 1000).met).toBe(false);
    expect(figure("time", 999, "ms", 1000).met).toBe(true);
    expect(figure("shown", 5, "ms", null).met).toBeNull();
    const missing = figure("page", null, "ms", 1000, "--skip-server");
    expect(missing).toMatchObject({ met: null, note: "--skip-server" });
    expect(figure("page", 10, "ms", 1000, "--skip-server")).not.toHaveProperty("note");
  });

  it("prints each figure beside its goal", () => {
    const table = figureTable([figure("ingest / floor", 2.5, "×", 2), figure("page", null, "ms", 1000, "skipped")]);
    expect(table.split("\n")).toEqual([
      "figure          value  goal",
      "ingest / floor   2.5×  ≤ 2×       MISSED",
      "page                —  < 1000 ms  skipped",
    ]);
  });
});
