import { readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { readZipDirectory } from "./zip-directory";
import { unzstdBounded, unzstdJs, ZSTD_DECODER } from "./zstd";

const LOG = path.join(__dirname, "../formats/__fixtures__/traces/inspect-ai/postfix/retry-2-then-success.eval");

/** The Zstandard members of a real Inspect log: compressed bytes and the size the zip declares. */
function members() {
  const bytes = new Uint8Array(readFileSync(LOG));
  return readZipDirectory(bytes)
    .filter((e) => e.method === 93)
    .map((e) => ({
      name: e.name,
      data: bytes.subarray(e.dataOffset, e.dataOffset + e.compressedSize),
      size: e.originalSize,
    }));
}

const hasNative = typeof (zlib as { zstdDecompressSync?: unknown }).zstdDecompressSync === "function";

describe.each([
  ["this Node's decoder", unzstdBounded],
  ["fzstd", unzstdJs],
])("Zstandard members with %s", (_, decode) => {
  it("expand to their declared sizes", () => {
    const all = members();
    expect(all.length).toBeGreaterThan(3);
    for (const m of all) {
      const out = decode(m.data, m.size);
      expect(out.length).toBe(m.size);
      if (m.name === "header.json") expect(JSON.parse(new TextDecoder().decode(out))).toHaveProperty("eval.task");
    }
  });

  it("refuse a member that produces more than it declares, or less", () => {
    const m = members().find((x) => x.name === "header.json")!;
    expect(() => decode(m.data, 100)).toThrow("expands past its declared 100 bytes");
    expect(() => decode(m.data, 0)).toThrow("expands past its declared 0 bytes");
    expect(() => decode(m.data, m.size + 5)).toThrow(`expands to ${m.size} bytes, not its declared ${m.size + 5}`);
  });

  it("refuse bytes that are not Zstandard", () => {
    expect(() => decode(new Uint8Array(64).fill(0x41), 64)).toThrow();
  });
});

describe("the Zstandard decoder", () => {
  it("is zlib's where Node has it (22.15, 23.8 and later), fzstd on older Node", () => {
    expect(ZSTD_DECODER).toBe(hasNative ? "zlib" : "fzstd");
  });

  it.skipIf(!hasNative)("decodes as fzstd does", () => {
    for (const m of members())
      expect(Buffer.from(unzstdBounded(m.data, m.size))).toEqual(Buffer.from(unzstdJs(m.data, m.size)));
  });
});
