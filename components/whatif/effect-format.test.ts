import { describe, expect, it } from "vitest";
import { deltaText, tone } from "./effect-format";

describe("effect format", () => {
  it("writes signed percentage points, and signed decimals for rewards", () => {
    expect(deltaText("dimension", 0.8333333 - 0.7222222)).toBe("+11.1 pp");
    expect(deltaText("completion", -0.05)).toBe("−5.0 pp");
    expect(deltaText("reward", 0.1166666)).toBe("+0.117");
    expect(deltaText("reward", 0)).toBe("±0");
    expect(deltaText("dimension", null)).toBe("—");
    expect(deltaText("dimension", 0.00001)).toBe("+<0.1 pp");
    expect(deltaText("reward", -0.0002)).toBe("−<0.001");
  });

  it("tones: up, down, or the same", () => {
    expect(tone(0.1, true)).toBe("up");
    expect(tone(-0.1, true)).toBe("down");
    expect(tone(1e-12, false)).toBe("same");
    expect(tone(null, true)).toBe("same");
  });
});
