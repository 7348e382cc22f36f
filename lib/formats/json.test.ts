import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fixtureFile } from "./__fixtures__/load-fixture";
import {
  MAX_TEXT_CHARS,
  undecodedWhy,
  describeJsonShape,
  formatPath,
  mayHoldKey,
  lineColumn,
  parseJsonBytes,
  parseJsonText,
  zodIssuesToMessage,
} from "./json";
import { locateJsonError } from "./json-position";
import { sha256Hex } from "./hash";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseJsonBytes", () => {
  it("parses UTF-8 and strips a byte order mark", () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"label": "café"}')]);
    expect(parseJsonBytes(withBom)).toEqual({ ok: true, value: { label: "café" } });
  });

  it("calls an empty or blank file empty", () => {
    expect(parseJsonBytes(new Uint8Array())).toEqual({ ok: false, error: "empty file" });
    expect(parseJsonBytes(bytes("  \n\t"))).toEqual({ ok: false, error: "empty file" });
    expect(parseJsonBytes(fixtureFile("bad-inputs/empty.json").bytes)).toEqual({ ok: false, error: "empty file" });
  });

  it("says where a truncated file ends", () => {
    const result = parseJsonBytes(fixtureFile("bad-inputs/truncated.json").bytes);
    expect(result).toEqual({ ok: false, error: "invalid JSON at line 1 column 62: Unterminated string" });
  });

  it("gives line and column of an unexpected token, without quoting the input", () => {
    const result = parseJsonText('{\n  "a": 1,\n  "b": x\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBe("invalid JSON at line 3 column 8: Unexpected token 'x'");
    }
  });

  it("gives the position of a trailing comma and of trailing garbage", () => {
    expect(parseJsonText('{"a": 1,}')).toEqual({
      ok: false,
      error: "invalid JSON at line 1 column 9: Expected double-quoted property name",
    });
    expect(parseJsonText('{"a": 1} x')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^invalid JSON at line 1 column 10: /),
    });
  });

  it("refuses bytes that are not UTF-8", () => {
    const result = parseJsonBytes(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect(result).toEqual({ ok: false, error: expect.stringContaining("not UTF-8") });
  });

  it("says a file too long for one string is too big, not that it is binary", () => {
    // V8's own limit: one character more cannot be a string.
    expect(() => "x".repeat(MAX_TEXT_CHARS + 1)).toThrow(RangeError);
    expect(undecodedWhy({ byteLength: 1_060_260_807 })).toBe(
      "too big to read as one text (1,060,260,807 bytes; at most 536,870,888 characters)",
    );
    expect(undecodedWhy({ byteLength: MAX_TEXT_CHARS })).toBe("not UTF-8 text (is this a binary file?)");
  });
});

describe("locateJsonError", () => {
  it.each([
    ['{"a": tru }', 9],
    ["[1, 2", 5],
    ['{"a" 1}', 5],
    ['"bad \\q escape"', 5],
    ["01", 1],
    ["[1] [2]", 4],
  ])("finds the error in %s at offset %i", (text, offset) => {
    expect(locateJsonError(text)).toBe(offset);
  });

  it("finds none in valid JSON", () => {
    expect(locateJsonError('{"a": [1, -2.5e3, true, null, "x\\u00e9"]}')).toBeNull();
  });
});

describe("lineColumn", () => {
  it("counts lines and 1-based columns", () => {
    expect(lineColumn("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("ab", 2)).toEqual({ line: 1, column: 3 });
  });
});

describe("zodIssuesToMessage", () => {
  const schema = z.object({ reward: z.number().nullable(), checks: z.array(z.object({ label: z.string() })) });

  it("names each field path as a reader writes it", () => {
    const parsed = schema.safeParse({ reward: "high", checks: [{ label: "a" }, {}] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(zodIssuesToMessage(parsed.error.issues)).toBe(
        "reward: expected number, received string; checks[1].label: missing (expected string)",
      );
    }
  });

  it("describes a wrong top-level type without a path", () => {
    const parsed = schema.safeParse([1, 2, 3]);
    if (parsed.success) throw new Error("expected a failure");
    expect(zodIssuesToMessage(parsed.error.issues)).toBe("expected object, received array");
  });

  it("lists at most `limit` issues", () => {
    const parsed = z.array(z.string()).safeParse([1, 2, 3]);
    if (parsed.success) throw new Error("expected a failure");
    expect(zodIssuesToMessage(parsed.error.issues, 2)).toBe(
      "[0]: expected string, received number; [1]: expected string, received number; and 1 more",
    );
  });
});

describe("formatPath and describeJsonShape", () => {
  it("quotes keys that are not identifiers", () => {
    expect(formatPath(["tasks", 2, "odd key", "x"])).toBe('tasks[2]["odd key"].x');
  });

  it("describes values briefly", () => {
    expect(describeJsonShape([1, 2, 3])).toBe("a JSON array of 3 items");
    expect(describeJsonShape({ a: 1, b: 2 })).toBe("a JSON object with keys a, b");
    expect(describeJsonShape("x")).toBe("a JSON string");
  });
});

describe("sha256Hex", () => {
  it("hashes bytes to lowercase hex", () => {
    expect(sha256Hex(bytes("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("mayHoldKey", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("finds a key and rules out files without it", () => {
    expect(mayHoldKey(bytes('{"subscores": {}}'), "subscores")).toBe(true);
    expect(mayHoldKey(bytes('{"checks": [], "label": "subscores"}'), "subscores")).toBe(true);
    expect(mayHoldKey(bytes('{"checks": []}'), "subscores")).toBe(false);
  });
  it("never rules out a file the byte search cannot read: \\u escapes and UTF-16", () => {
    expect(mayHoldKey(bytes('{"\\u0073ubscores": {}}'), "subscores")).toBe(true);
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('{"x":1}').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(mayHoldKey(utf16, "subscores")).toBe(true);
  });
});

describe("a syntax error's unexpected character", () => {
  it("is escaped when it is a control character, so the message is printable and storable", () => {
    expect(parseJsonBytes(new Uint8Array(8))).toEqual({
      ok: false,
      error: "invalid JSON at line 1 column 1: Unexpected token '\\u0000'",
    });
  });
});
