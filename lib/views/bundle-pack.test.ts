import { describe, expect, it } from "vitest";
import type { CheckHead } from "@/lib/store/records";
import { packCheck, TextTable, unpackCheck } from "./bundle-pack";

const head = (text: string) => ({ head: text, bytes: Buffer.byteLength(text), cut: false });
const check = (order: number, detail: string | null): CheckHead => ({
  order,
  key: head("C1"),
  label: head("C1 correctness </script> check"),
  passed: order % 2 === 0,
  score: order === 1 ? 0.5 : null,
  required: true,
  dimension: "correctness",
  status: "graded",
  weight: null,
  detail: detail === null ? null : head(detail),
  reason: null,
  failureTag: null,
  evidenceRefs: ["e1"],
  evidenceCount: 1,
  metadata: { cut: false, value: { a: 1 } },
});

describe("packed bundle checks", () => {
  it("round-trip every field and keep each distinct text once", () => {
    const table = new TextTable();
    const checks = [check(0, "observed 1"), check(1, "observed 1"), check(2, null)];
    const rows = checks.map((c) => packCheck(c, table));
    // C1, its label and one detail: three texts for three checks.
    expect(table.texts).toHaveLength(3);
    expect(rows.map((r) => unpackCheck(JSON.parse(JSON.stringify(r)) as unknown[], table.texts))).toEqual(checks);
  });

  it("tells a cut text from a whole one with the same head", () => {
    const table = new TextTable();
    expect(table.add({ head: "abc", bytes: 3, cut: false })).toBe(0);
    expect(table.add({ head: "abc", bytes: 90, cut: true })).toBe(1);
    expect(table.add({ head: "abc", bytes: 3, cut: false })).toBe(0);
  });
});
