import { describe, expect, it } from "vitest";
import { bytesOfBase64 } from "./base64";

describe("bytesOfBase64", () => {
  it("gives the bytes Buffer encoded, every byte value and the padded lengths included", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const bytes of [all, all.subarray(0, 1), all.subarray(0, 2), all.subarray(0, 3), new Uint8Array(0)])
      expect(bytesOfBase64(Buffer.from(bytes).toString("base64"))).toEqual(new Uint8Array(bytes));
  });

  it("refuses text that is not base64", () => {
    expect(() => bytesOfBase64("not base64!")).toThrow();
  });
});
