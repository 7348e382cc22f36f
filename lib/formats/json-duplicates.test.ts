import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { duplicateKeys } from "./json-duplicates";

describe("duplicateKeys", () => {
  it("names each key given twice in one object by its path, nested in objects and arrays", () => {
    const text = '{"passed":false,"checks":[{"label":"a"},{"label":"b","label":"c"}],"passed":true}';
    expect(duplicateKeys(text)).toEqual(["checks[1].label", "passed"]);
    expect(duplicateKeys('{"a b":{"x":1,"x":2},"":{"y":1,"y":1}}')).toEqual(['["a b"].x', '[""].y']);
  });

  it("does not mistake the same key in two objects, values equal to keys, or strings holding JSON", () => {
    expect(duplicateKeys('[{"a":1},{"a":2}]')).toEqual([]);
    expect(duplicateKeys('{"a":"a","b":{"a":"b"},"c":"{\\"a\\":1,\\"a\\":2}"}')).toEqual([]);
    expect(duplicateKeys('{"s":"quote \\" and backslash \\\\","t":"]}","u":1}')).toEqual([]);
  });

  it("reads escaped keys as the keys they spell", () => {
    expect(duplicateKeys('{"a":1,"\\u0061":2}')).toEqual(["a"]);
    expect(duplicateKeys('{"a\\\\":1,"a\\\\":2}')).toEqual(['["a\\\\"]']);
  });

  it("reads JSON lines, one value after another, and stops at `max` paths", () => {
    expect(duplicateKeys('{"a":1}\n{"b":1,"b":2}\n{"a":1,"a":2}\n')).toEqual(["b", "a"]);
    const many = `{${Array.from({ length: 10 }, (_, i) => `"k${i}":1,"k${i}":2`).join(",")}}`;
    expect(duplicateKeys(many, 3)).toEqual(["k0", "k1", "k2"]);
    expect(duplicateKeys(`[${Array(50).fill('{"x":1,"x":2}').join(",")}]`)).toEqual(
      Array.from({ length: 5 }, (_, i) => `[${i}].x`),
    );
  });

  it("finds none in what JSON.stringify writes, and finds the one added to it", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1 }), (value, key) => {
        const text = JSON.stringify(value, null, 1);
        expect(duplicateKeys(text)).toEqual([]);
        const doubled = `{${JSON.stringify(key)}:${text ?? "null"},"k":0,${JSON.stringify(key)}:1}`;
        expect(duplicateKeys(doubled)).toHaveLength(1); // each path is named once
      }),
      { numRuns: 300 },
    );
  });
});
