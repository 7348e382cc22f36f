import { describe, expect, it } from "vitest";
import { jsonText } from "./json-text";

describe("jsonText", () => {
  it("writes a lone surrogate as U+FFFD and keeps a pair, a literal backslash-u and everything else", () => {
    expect(JSON.parse(jsonText({ label: 'sep "q" \\ 😀 \ud83d', end: "\udc00x", "k\ud800": 1 }))).toEqual({
      label: 'sep "q" \\ 😀 \ufffd',
      end: "\ufffdx",
      "k\ufffd": 1,
    });
    expect(JSON.parse(jsonText(["\\\ud83d"]))).toEqual(["\\\ufffd"]);
    expect(jsonText({ text: "\\ud83d literally" })).toBe(JSON.stringify({ text: "\\ud83d literally" }));
    expect(jsonText(["😀", 1, null])).toBe('["😀",1,null]');
    expect(jsonText(undefined)).toBe("null");
  });
});
