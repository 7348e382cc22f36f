import { describe, expect, it } from "vitest";
import { RAW_FILE_PART, TRACE_INDEX } from "../rows";
import { byStatementBytes, STATEMENT_BYTES } from "./bulk-insert";

const MB = 1024 * 1024;
const part = (n: number, size: number) => ({ sha256: "a", part: n, bytes: new Uint8Array(size) });

describe("byStatementBytes", () => {
  it("keeps rows together while their bytes fit one statement", () => {
    const rows = [part(0, 10 * MB), part(1, 10 * MB), part(2, 12 * MB)];
    expect(byStatementBytes(RAW_FILE_PART, rows)).toEqual([rows]);
  });

  it("starts a new statement before the bytes would pass the limit, and a bigger row goes alone", () => {
    const rows = [part(0, 20 * MB), part(1, 20 * MB), part(2, 64 * MB), part(3, 1), part(4, 0)];
    const groups = byStatementBytes(RAW_FILE_PART, rows);
    expect(groups.map((g) => g.map((r) => r.part))).toEqual([[0], [1], [2], [3, 4]]);
    for (const g of groups)
      if (g.length > 1) expect(g.reduce((n, r) => n + r.bytes.byteLength, 0)).toBeLessThanOrEqual(STATEMENT_BYTES);
  });

  it("counts every bytes column of a row, and none of its text", () => {
    const index = (size: number) => ({
      sha256: "a",
      part: "",
      version: 1,
      summary: "x".repeat(40 * MB),
      steps: new Uint8Array(size),
      tools: "[]",
      refs: "{}",
      createdAt: new Date(0),
    });
    expect(byStatementBytes(TRACE_INDEX, [index(MB), index(MB)]).map((g) => g.length)).toEqual([2]);
    expect(byStatementBytes(TRACE_INDEX, [index(17 * MB), index(17 * MB)]).map((g) => g.length)).toEqual([1, 1]);
  });

  it("gives no statement for no rows", () => {
    expect(byStatementBytes(RAW_FILE_PART, [])).toEqual([]);
  });
});
