import { describe, expect, it } from "vitest";
import { compactCount, usd } from "./format";
import { measureText, partialCoverage, passCostCoverage } from "./measures";

describe("measure text", () => {
  it("writes money with cents from $1 and four decimals below, never $0.00 for a small cost", () => {
    expect(usd(1.2)).toBe("$1.20");
    expect(usd(1234.5)).toBe("$1,234.50");
    expect(usd(0.0035)).toBe("$0.0035");
    expect(usd(null)).toBe("—");
  });

  it("writes token counts compactly", () => {
    expect([308, 15516, 3580247, 999].map((n) => compactCount(n))).toEqual(["308", "15.5k", "3.58M", "999"]);
  });

  it("each measure in its unit; counts whole, with separators", () => {
    expect(measureText("costUsd", 0.76)).toBe("$0.7600");
    expect(measureText("durationMs", 87000)).toBe("1 min 27 s");
    expect(measureText("agentMs", 10500.5)).toBe("10.5 s");
    expect(measureText("toolCalls", 16.899999999999995)).toBe("17");
    expect(measureText("tokens", 132000)).toBe("132,000");
    expect(measureText("tokens", 3_875_532.2)).toBe("3,875,532");
    expect(measureText("tokens", 132000, "compact")).toBe("132k");
    expect(measureText("toolCalls", 2.5, "compact")).toBe("2.5");
    expect(measureText("toolErrors", null)).toBe("—");
  });

  it("a per-task mean keeps one decimal for counts other than tokens", () => {
    expect(measureText("toolCalls", 4.5, "mean")).toBe("4.5");
    expect(measureText("toolCalls", 4, "mean")).toBe("4.0");
    expect(measureText("steps", 1234.56, "mean")).toBe("1,234.6");
    expect(measureText("tokens", 1234.56, "mean")).toBe("1,235");
  });

  it("says what a partial total covers, and nothing when every rollout records it", () => {
    expect(partialCoverage(13, 425)).toBe("13 of 425 recorded");
    expect(partialCoverage(1390, 4250)).toBe("1,390 of 4,250 recorded");
    expect(partialCoverage(8, 8)).toBeNull();
  });

  it("says what each run's cost per pass rests on when either records cost partly", () => {
    const full = { recorded: 400, rollouts: 400, passes: 180 };
    const cost = { morePasses: 2, costPerPassA: 0.5, costPerPassB: 0.4, costPerPassChange: -0.2 };
    expect(passCostCoverage({ ...cost, coverageA: full, coverageB: full })).toBeNull();
    expect(
      passCostCoverage({ ...cost, coverageA: { recorded: 13, rollouts: 1425, passes: 1 }, coverageB: full }, "C"),
    ).toBe("cost recorded for A 13 of 1,425 (1 pass), C 400 of 400 (180 passes)");
  });
});
