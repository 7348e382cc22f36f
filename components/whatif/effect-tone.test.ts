import { describe, expect, it } from "vitest";
import { tone } from "./effect-tone";

describe("effect tone", () => {
  it("tones: up, down, or the same", () => {
    expect(tone(0.1, true)).toBe("up");
    expect(tone(-0.1, true)).toBe("down");
    expect(tone(1e-12, false)).toBe("same");
    expect(tone(null, true)).toBe("same");
  });
});
