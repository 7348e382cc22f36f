import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { syntheticScoringRun } from "@/lib/bench/synthetic";
import { arbRun } from "../__fixtures__/arbitrary-run";
import { check, rollout, run, task } from "../__fixtures__/build";
import { siloRuns } from "../__fixtures__/silo-runs";
import { decodeColumns, encodeColumns } from "./column-bytes";
import { columnsOf } from "./columns-of";
import { runOfColumns } from "./run-of-columns";

const roundTrip = (bytes: Uint8Array) => runOfColumns(decodeColumns(bytes));

/** The bytes with their header replaced by `edit` of it (the columns after it shifted to stay aligned). */
function withHeader(bytes: Uint8Array, edit: (columns: [string, string, number, number][]) => void): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const length = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as {
    columns: [string, string, number, number][];
  };
  const align = (n: number) => (n + 7) & ~7;
  const body = bytes.subarray(align(8 + length));
  edit(header.columns);
  const text = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(align(8 + text.length) + body.length);
  out.set(bytes.subarray(0, 4));
  new DataView(out.buffer).setUint32(4, text.length, true);
  out.set(text, 8);
  out.set(body, align(8 + text.length));
  return out;
}

describe("encodeColumns / decodeColumns", () => {
  it("round-trips any run, at any offset within a larger buffer", () => {
    fc.assert(
      fc.property(arbRun, fc.integer({ min: 0, max: 15 }), (r, offset) => {
        const bytes = encodeColumns(columnsOf(r));
        const shifted = new Uint8Array(bytes.length + offset);
        shifted.set(bytes, offset);
        expect(roundTrip(shifted.subarray(offset))).toStrictEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps −0, NaN, lone surrogates, a byte-order mark and numbers beyond 32 bits", () => {
    const r = run(
      [task("\ufeffbom", { weight: 2 ** 40 }), task("\ud83d-lone", { weight: Number.NaN })],
      [
        rollout("r1", "\ufeffbom", [check("k", true, { score: -0, weight: -0 })], {
          penalties: -0,
          source: "a/\ud83d",
          measures: { costUsd: 0.25, tokens: 2 ** 40 },
        }),
        rollout("r2", "\ufeffbom", [], { source: "a/\ude00", warnings: [] }),
      ],
    );
    const back = roundTrip(encodeColumns(columnsOf(r)));
    expect(back).toStrictEqual(r);
    expect(Object.is(back.rollouts[0]!.checks[0]!.score, -0)).toBe(true);
  });

  it("gives columns the same keys in the same order as columns built from a run (one hidden class for scorers)", () => {
    const built = columnsOf(siloRuns);
    const decoded = decodeColumns(encodeColumns(built));
    expect(Object.keys(decoded)).toEqual(Object.keys(built));
    expect(Object.keys(built).at(-1)).toBe("checkStart");
  });

  it("takes views of the bytes for its number columns", () => {
    const bytes = encodeColumns(columnsOf(siloRuns));
    const c = decodeColumns(bytes);
    expect(c.checkCode.buffer).toBe(bytes.buffer);
    expect(c.rolloutTask.buffer).toBe(bytes.buffer);
  });

  it("names every column with its kind in the header", () => {
    const bytes = encodeColumns(columnsOf(siloRuns));
    let names: string[] = [];
    withHeader(bytes, (columns) => (names = columns.map(([name, kind]) => `${name}:${kind}`)));
    expect(names).toContain("check.code:u8");
    expect(names).toContain("rollout.id:utf8-front:u8");
    expect(names).toContain("measure.toolCalls:u8");
  });

  it("refuses bytes that are not a run, an unknown or missing column, another kind, or a truncated body", () => {
    const bytes = encodeColumns(columnsOf(siloRuns));
    expect(() => decodeColumns(new TextEncoder().encode('{"v":1}'))).toThrow("Not a binary run");
    expect(() => decodeColumns(withHeader(bytes, (columns) => (columns[0]![0] = "run.title")))).toThrow(
      'Binary run: it has a column this code does not know, "run.title"',
    );
    expect(() => decodeColumns(withHeader(bytes, (columns) => columns.pop()))).toThrow(
      'Binary run: it lacks the column "regrade.change"',
    );
    expect(() =>
      decodeColumns(
        withHeader(bytes, (columns) => {
          const code = columns.find(([name]) => name === "check.code")!;
          code[1] = "i8";
        }),
      ),
    ).toThrow('Binary run: column "check.code" is i8, not u8');
    expect(() => decodeColumns(bytes.subarray(0, bytes.length - 3))).toThrow("ends early");
  });

  it("is under 4 bytes a check for the 10,000-rollout bench run (120,000 checks)", () => {
    const synthetic = syntheticScoringRun();
    const bytes = encodeColumns(columnsOf(synthetic));
    expect(bytes.length).toBeLessThan(4 * 120_000);
    expect(roundTrip(bytes)).toStrictEqual(synthetic);
  });
});
