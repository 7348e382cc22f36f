import { describe, expect, it } from "vitest";
import {
  bytes,
  changeText,
  clip,
  count,
  dateTime,
  deltaIntervalText,
  deltaPp,
  deltaText,
  deltaTick,
  duration,
  fixed,
  interval,
  intervalText,
  metricText,
  metricTitle,
  num,
  pct,
  plural,
  pValueText,
  seText,
  shortScore,
  taskMetricTitle,
} from "./format";

describe("display format", () => {
  it("writes fractions as percentages and rewards as short decimals; a missing value is a dash", () => {
    expect(pct(13 / 18)).toBe("72.2%");
    expect(pct(0.5, 0)).toBe("50%");
    expect(num(0.74)).toBe("0.74");
    expect(num(1)).toBe("1");
    expect(num(2 / 3)).toBe("0.667");
    for (const missing of [null, undefined, Number.NaN]) {
      expect(pct(missing)).toBe("—");
      expect(num(missing)).toBe("—");
      expect(fixed(missing, 2)).toBe("—");
      expect(deltaPp(missing)).toBe("—");
      expect(deltaText("reward", missing)).toBe("—");
    }
  });

  it("writes fixed decimals for columns that line up, and short scores for partial verdicts", () => {
    expect(fixed(0.6, 2)).toBe("0.60");
    expect(fixed(1, 2)).toBe("1.00");
    expect(fixed(0.74, 3)).toBe("0.740");
    expect(shortScore(0.5)).toBe("0.5");
    expect(shortScore(0.25)).toBe("0.25");
    expect(shortScore(null)).toBe("");
  });

  it("writes a metric by its kind: rewards as decimals, everything else as a percent", () => {
    expect(metricText("reward", 0.65)).toBe("0.650");
    expect(metricText("dimension", 0.65)).toBe("65.0%");
    expect(intervalText("completion", [0.61, 0.834])).toBe("61.0% – 83.4%");
    expect(intervalText("reward", [0.1, 0.25])).toBe("0.100 – 0.250");
    expect(intervalText("reward", [0.109, 1])).toBe("0.109 – 1.000");
    expect(intervalText("reward", null)).toBe("—");
    expect(interval([0.5, 0.75])).toBe("50.0% – 75.0%");
    expect(seText("dimension", 0.041)).toBe("4.1 pp");
    expect(seText("reward", 0.0412)).toBe("0.041");
    expect(seText("reward", null)).toBe("—");
  });

  it("writes differences signed: points, or decimals for rewards", () => {
    expect(deltaPp(0.8333333 - 0.7222222)).toBe("+11.1 pp");
    expect(deltaPp(-0.05)).toBe("−5.0 pp");
    expect(deltaPp(0)).toBe("±0.0 pp");
    expect(deltaText("dimension", 0.111)).toBe("+11.1 pp");
    expect(deltaText("reward", 0.1166666)).toBe("+0.117");
    expect(deltaText("reward", -0.5)).toBe("−0.500");
    expect(deltaText("reward", 0)).toBe("±0.000");
    // A difference too small to show reads as rounded on the compare page.
    expect(deltaText("dimension", 0.00001)).toBe("+0.0 pp");
    expect(deltaIntervalText("completion", [-0.092, 0.203])).toBe("−9.2 to +20.3 pp");
    expect(deltaIntervalText("reward", [-0.092, 0.203])).toBe("−0.092 to +0.203");
    expect(deltaIntervalText("reward", null)).toBe("—");
    expect(deltaTick("dimension", 0.5)).toBe("+50 pp");
    expect(deltaTick("reward", -0.25)).toBe("−0.25");
    expect(deltaTick("reward", 0)).toBe("0");
  });

  it("writes a what-if change like a difference, but never hides a real change as zero", () => {
    expect(changeText("dimension", 0.8333333 - 0.7222222)).toBe("+11.1 pp");
    expect(changeText("completion", -0.05)).toBe("−5.0 pp");
    expect(changeText("reward", 0.1166666)).toBe("+0.117");
    expect(changeText("reward", 0)).toBe("±0.000");
    expect(changeText("dimension", null)).toBe("—");
    expect(changeText("dimension", 0.00001)).toBe("+<0.1 pp");
    expect(changeText("reward", -0.0002)).toBe("−<0.001");
  });

  it("writes p-values with two decimals, and tiny ones as a bound", () => {
    expect(pValueText(0.0004)).toBe("p < 0.001");
    expect(pValueText(0.0042)).toBe("p = 0.004");
    expect(pValueText(0.0312)).toBe("p = 0.03");
    expect(pValueText(0.999)).toBe("p = 1.00");
  });

  it("writes sizes the way the upload limit is set (powers of 1024)", () => {
    expect(bytes(812)).toBe("812 B");
    expect(bytes(4300)).toBe("4.2 KB");
    expect(bytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(bytes(12.5 * 1024 * 1024)).toBe("13 MB");
    expect(bytes(3 * 1024 ** 3)).toBe("3 GB");
  });

  it("writes names, counts, times and cut text", () => {
    expect(metricTitle("correctness")).toBe("Correctness");
    expect(metricTitle("myDimension")).toBe("MyDimension");
    expect(taskMetricTitle("completion")).toBe("Pass rate");
    expect(taskMetricTitle("grounding")).toBe("Grounding");
    expect(count(12345)).toBe("12,345");
    expect(plural(1, "run")).toBe("1 run");
    expect(plural(2, "run")).toBe("2 runs");
    expect(plural(0, "query", "queries")).toBe("0 queries");
    expect(dateTime("2026-03-01T14:05:09Z")).toBe("2026-03-01 14:05");
    expect(dateTime("not a date")).toBe("—");
    expect(dateTime(null)).toBe("—");
    expect(duration(850)).toBe("850 ms");
    expect(duration(12_500)).toBe("12.5 s");
    expect(duration(184_000)).toBe("3 min 4 s");
    // No "0 min 60 s" or "1 min 60 s" at the rounding edges; hours past 60 minutes, with separators.
    expect(duration(59_960)).toBe("1 min 0 s");
    expect(duration(119_600)).toBe("2 min 0 s");
    expect(duration(1_250_000)).toBe("20 min 50 s");
    expect(duration(7_500_000)).toBe("2 h 5 min");
    expect(duration(4_500_000_000)).toBe("1,250 h 0 min");
    expect(duration(null)).toBe("—");
    expect(clip("short")).toBe("short");
    expect(clip("x".repeat(2510), 10)).toBe(`${"x".repeat(10)}… (2,500 more characters)`);
  });
});
