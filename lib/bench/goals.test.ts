import { describe, expect, it } from "vitest";
import { figure, figureMarkdown, figureTable, goalsFor, parseSize } from "./goals";

describe("bench goals", () => {
  it("reads --size as 10k, 100k or a multiple of 5 rollouts", () => {
    expect(parseSize("10k")).toBe(10_000);
    expect(parseSize("100K")).toBe(100_000);
    expect(parseSize("2500")).toBe(2500);
    expect(parseSize("12")).toBeNull();
    expect(parseSize("1m")).toBe(1_000_000);
    expect(parseSize("1M")).toBe(1_000_000);
    expect(parseSize("1g")).toBeNull();
    expect(parseSize("")).toBeNull();
  });

  it("applies the 100k goals above 10,000 rollouts", () => {
    expect(goalsFor(10_000)).toMatchObject({ pageFirstMs: 1000, serverRssMb: 250 });
    expect(goalsFor(100_000)).toMatchObject({ pageFirstMs: 1500, serverRssMb: 400, ingestPeakRssMb: 300 });
  });

  it("lets the 1m bench hold 500 MB while ingesting and take 300 ms for a what-if change", () => {
    expect(goalsFor(1_000_000)).toMatchObject({ ingestPeakRssMb: 500, recomputeMs: 300, metricChangeMs: 300 });
    expect(goalsFor(100_000)).toMatchObject({ recomputeMs: 50, metricChangeMs: 150, headlineMs: 1000, scoredMs: 1500 });
    expect(goalsFor(10_000)).toMatchObject({ metricChangeMs: 50, heapMb: 150 });
    expect(goalsFor(1_000_000)).toMatchObject({ headlineMs: 2000 });
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
      "ingest / floor   2.5×  ≤ 2×        MISSED",
      "page                —  < 1,000 ms  skipped",
    ]);
  });

  it("prints one Markdown table of the figures with a goal and the two ingest walls", () => {
    const markdown = figureMarkdown(
      [
        figure("ingest / floor", 2.5, "×", 2),
        figure("ingest wall", 56_400, "ms", null),
        figure("report API JSON", 6.8, "MB", null),
        figure("a | b", 12, "ms", 50),
        figure("page", null, "ms", 1000, "--skip-server"),
      ],
      "100,000 rollouts, load average 2.1",
    );
    expect(markdown.split("\n")).toEqual([
      "100,000 rollouts, load average 2.1",
      "",
      "| figure | value | goal | |",
      "|---|--:|---|---|",
      "| ingest / floor | 2.5× | ≤ 2× | missed |",
      "| ingest wall | 56,400 ms |  |  |",
      "| a \\| b | 12 ms | < 50 ms | met |",
      "| page | — | < 1,000 ms | --skip-server |",
    ]);
  });
});
