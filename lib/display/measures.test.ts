import { describe, expect, it } from "vitest";
import { compactCount, usd } from "./format";
import { measureText } from "./measures";

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

  it("each measure in its unit; fractional counts keep one decimal", () => {
    expect(measureText("costUsd", 0.76)).toBe("$0.7600");
    expect(measureText("durationMs", 87000)).toBe("1 min 27 s");
    expect(measureText("agentMs", 10500.5)).toBe("10.5 s");
    expect(measureText("toolCalls", 16.899999999999995)).toBe("16.9");
    expect(measureText("tokens", 132000)).toBe("132,000");
    expect(measureText("tokens", 132000, true)).toBe("132k");
    expect(measureText("toolErrors", null)).toBe("—");
  });
});
