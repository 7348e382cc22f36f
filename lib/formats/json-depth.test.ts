import { describe, expect, it } from "vitest";
import { parseJsonBytes, parseJsonText } from "./json";
import { MAX_JSON_DEPTH, jsonDepth, nestedDeeperThan } from "./json-depth";

const arrays = (n: number) => "[".repeat(n) + "]".repeat(n);
const objects = (n: number) => '{"a":'.repeat(n) + "0" + "}".repeat(n);

describe("jsonDepth", () => {
  it("counts containers, not scalars", () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth([])).toBe(1);
    expect(jsonDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(jsonDepth([[1], [[[]]], 2])).toBe(4);
  });

  it("measures 100,000 levels without recursion, and stops early past a limit", () => {
    const deep = JSON.parse(arrays(100_000));
    expect(jsonDepth(deep)).toBe(100_000);
    expect(jsonDepth(deep, 512)).toBe(513);
    expect(nestedDeeperThan(deep)).toBe(true);
  });
});

describe("the depth limit in parseJsonText", () => {
  it(`accepts exactly ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, () => {
    expect(parseJsonText(arrays(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonText(objects(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonText(arrays(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      error: "JSON nested deeper than 512 levels",
    });
    expect(parseJsonText(objects(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      error: "JSON nested deeper than 512 levels",
    });
  });

  it("refuses 100,000 nested arrays and 10,000 nested objects without overflowing the stack", () => {
    expect(parseJsonText(`{"checks":[{"detail":${arrays(100_000)}}]}`)).toEqual({
      ok: false,
      error: "JSON nested deeper than 512 levels",
    });
    expect(parseJsonBytes(new TextEncoder().encode(`{"metadata":${objects(10_000)}}`))).toEqual({
      ok: false,
      error: "JSON nested deeper than 512 levels",
    });
  });
});

describe("UTF-16 with a byte order mark", () => {
  it("reads UTF-16LE and UTF-16BE text", () => {
    const text = '{"a":"é"}';
    const le = new Uint8Array([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    const be = new Uint8Array([
      0xfe,
      0xff,
      ...[...text].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]),
    ]);
    expect(parseJsonBytes(le)).toEqual({ ok: true, value: { a: "é" } });
    expect(parseJsonBytes(be)).toEqual({ ok: true, value: { a: "é" } });
  });

  it("still refuses bytes that are neither UTF-8 nor BOM-marked UTF-16", () => {
    expect(parseJsonBytes(new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]))).toEqual({
      ok: false,
      error: "not UTF-8 text (is this a binary file?)",
    });
  });
});
