import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPieces, jsonResponse } from "./json-response";

const joined = (value: object, chars?: number) => [...jsonPieces(value, chars)].join("");

describe("jsonPieces", () => {
  it("writes what JSON.stringify writes, for any JSON-like value and piece size", () => {
    const leaf = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant(Number.NaN), fc.constant(-0));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("tree")), fc.dictionary(fc.string(), tie("tree"))),
    }));
    fc.assert(
      fc.property(
        fc.oneof(fc.array(tree), fc.dictionary(fc.string(), tree)),
        fc.integer({ min: 1, max: 64 }),
        (value, chars) => {
          expect(joined(value, chars)).toBe(JSON.stringify(value));
        },
      ),
    );
  });

  it("leaves out what JSON.stringify leaves out, writes null where it does, and calls toJSON", () => {
    const value = {
      a: undefined,
      f: () => 1,
      s: Symbol("s"),
      list: [undefined, () => 1, Number.POSITIVE_INFINITY, new Date(0)],
      at: new Date(86_400_000),
      deep: { deeper: { deepest: [1, undefined] } },
      own: { toJSON: () => ["own"], hidden: 1 },
      ownList: Object.assign([1, 2], { toJSON: () => "list" }),
    };
    expect(joined(value, 1)).toBe(
      '{"list":[null,null,null,"1970-01-01T00:00:00.000Z"],"at":"1970-01-02T00:00:00.000Z",' +
        '"deep":{"deeper":{"deepest":[1,null]}},"own":["own"],"ownList":"list"}',
    );
    expect(joined([])).toBe("[]");
    expect(joined({})).toBe("{}");
  });

  it("hands the text on in pieces of about the size asked, a member past it at most", () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: `r${i}`, reward: i / 7 }));
    const pieces = [...jsonPieces({ rows }, 1_024)];
    const longest = rows.reduce((most, r) => Math.max(most, JSON.stringify(r).length), 0);
    expect(pieces.length).toBeGreaterThan(20);
    for (const piece of pieces) expect(piece.length).toBeLessThan(1_024 + longest + 2);
  });
});

describe("jsonResponse", () => {
  it("answers the JSON text with its status and type", async () => {
    const value = { rows: Array.from({ length: 5_000 }, (_, i) => ({ id: `r${i}`, text: "é<b>\u2028" })) };
    const response = jsonResponse(value, { status: 201, headers: { "cache-control": "no-store" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(JSON.stringify(value));
  });
});
