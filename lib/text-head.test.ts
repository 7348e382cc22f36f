import { describe, expect, it } from "vitest";
import { utf8Bytes } from "./text-head";

const encoded = (text: string) => new TextEncoder().encode(text).length;

describe("utf8Bytes", () => {
  it("counts what TextEncoder writes, lone surrogates as U+FFFD", () => {
    const texts = [
      "",
      "ascii",
      "é",
      "\u07ff\u0800",
      "€ and 中文",
      "😀",
      "a😀b😀",
      "\ud83d",
      "\ude00",
      "x\ud83dy",
      "\ude00\ud83d",
      "\ud83d\ud83d\ude00",
      "end\ud83d",
      "\uffff\u0000",
    ];
    for (const text of texts) expect({ text, bytes: utf8Bytes(text) }).toEqual({ text, bytes: encoded(text) });
  });

  it("agrees with TextEncoder on arbitrary UTF-16", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 500; n++) {
      const units = Array.from({ length: next() % 40 }, () => [0x41, 0xe9, 0x800, 0xd83d, 0xde00, 0xffff][next() % 6]!);
      const text = String.fromCharCode(...units);
      expect(utf8Bytes(text)).toBe(encoded(text));
    }
  });
});
