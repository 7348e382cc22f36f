import { describe, expect, it } from "vitest";
import { mayHoldKey } from "./json";
import { fileHead, fileIncludes, forgetSniffs, sniffedDuplicateKeys, sniffFiles } from "./sniff";
import type { InputFile } from "./types";

/** A file that counts how often its bytes are read. */
function counted(path: string, text: string | Uint8Array) {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const file = {
    path,
    reads: 0,
    get bytes() {
      file.reads++;
      return bytes;
    },
  };
  return file;
}

const scan = { file: (f: InputFile) => f.path.endsWith(".json"), text: (b: Uint8Array) => new TextDecoder().decode(b) };

describe("sniffFiles", () => {
  it("answers what a search of the bytes answers, after one read of each file", () => {
    const files = [
      counted("a.json", '{"checks": [], "a": 1, "a": 2}'),
      counted("b.json", '{"\\u0063hecks": []}'),
      counted("c.zip", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9])),
      counted("d.json", new Uint8Array([0xff, 0xfe, 0x7b, 0])),
      counted("e.txt", ""),
    ];
    const expected = files.map((f) => ({
      checks: mayHoldKey(f.bytes, "checks"),
      stats: mayHoldKey(f.bytes, "stats"),
      nul: fileIncludes(f, "\u0000"),
      head: [...f.bytes.subarray(0, 4)],
    }));
    for (const f of files) f.reads = 0;
    sniffFiles(files, ['"checks"', '"stats"', "\\u", "\u0000"], scan);
    expect(files.map((f) => f.reads)).toEqual([1, 1, 1, 1, 1]);
    const answered = files.map((f) => ({
      checks: mayHoldKey(f, "checks"),
      stats: mayHoldKey(f, "stats"),
      nul: fileIncludes(f, "\u0000"),
      head: [...fileHead(f)],
    }));
    expect(answered).toEqual(expected);
    expect(answered.map((a) => a.checks)).toEqual([true, true, false, true, false]);
    expect(files.map((f) => f.reads)).toEqual([1, 1, 1, 1, 1]);
    expect(files.map(sniffedDuplicateKeys)).toEqual([["a"], [], null, [], null]);
  });

  it("reads the file for a question it did not cover, and after forgetSniffs", () => {
    const file = counted("a.json", '{"eval": {}}');
    sniffFiles([file], ['"checks"'], scan);
    expect(mayHoldKey(file, "eval")).toBe(true);
    expect(file.reads).toBe(2);
    forgetSniffs([file]);
    expect(fileIncludes(file, '"checks"')).toBe(false);
    expect(sniffedDuplicateKeys(file)).toBeNull();
    expect(file.reads).toBe(3);
  });
});
