import { describe, expect, it } from "vitest";
import { settlesWithin } from "./settles-within";

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("settlesWithin", () => {
  it("is true for a promise that resolves or rejects in time, false for one that does not", async () => {
    expect(await settlesWithin(Promise.resolve(1), 50)).toBe(true);
    const rejected = Promise.reject(new Error("no such run"));
    expect(await settlesWithin(rejected, 50)).toBe(true);
    await expect(rejected).rejects.toThrow("no such run");
    expect(await settlesWithin(after(200, 1), 20)).toBe(false);
  });
});
