import { describe, expect, it } from "vitest";
import { identityMemo } from "./identity-memo";

describe("identityMemo", () => {
  it("computes once per list of objects and key, and again for other objects or keys", () => {
    const memo = identityMemo<number>();
    const a = {};
    const b = {};
    let made = 0;
    const make = () => ++made;
    expect(memo([a, b], "k", make)).toBe(1);
    expect(memo([a, b], "k", make)).toBe(1);
    expect(memo([b, a], "k", make)).toBe(2);
    expect(memo([a, b], "other", make)).toBe(3);
    expect(memo([{}, b], "k", make)).toBe(4);
  });

  it("keeps eight keys per list of objects, dropping the oldest", () => {
    const memo = identityMemo<string>();
    const a = {};
    for (let i = 0; i < 9; i++) memo([a], String(i), () => `v${i}`);
    expect(memo([a], "8", () => "again")).toBe("v8");
    expect(memo([a], "0", () => "again")).toBe("again");
  });
});
