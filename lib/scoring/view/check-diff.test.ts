import { describe, expect, it } from "vitest";
import { checkColumnsRows, checkDiffRows, type CheckSide } from "./check-diff";

const side = (key: string, verdict: CheckSide["verdict"], score: number | null = null, required = true): CheckSide => ({
  key,
  label: `${key} label`,
  required,
  verdict,
  score,
});

describe("checkDiffRows", () => {
  it("puts the rows that differ first, each group in A's order then B's extra checks", () => {
    const rows = checkDiffRows(
      [side("C1", "pass", 1), side("C2", "pass", 1), side("C3", "fail", 0), side("A1", "pass", 1, false)],
      [side("C1", "pass", 1), side("C3", "pass", 1), side("A1", "pass", 1, false), side("C4", "fail", 0)],
    );
    expect(rows.map((r) => [r.id, r.a?.verdict ?? "-", r.b?.verdict ?? "-", r.differs])).toEqual([
      ["C2", "pass", "-", true],
      ["C3", "fail", "pass", true],
      ["C4", "-", "fail", true],
      ["C1", "pass", "pass", false],
      ["A1", "pass", "pass", false],
    ]);
    expect(rows.find((r) => r.id === "A1")?.required).toBe(false);
    expect(rows.find((r) => r.id === "C4")?.label).toBe("C4 label");
  });

  it("a partial score that differs is a difference; the same verdict and score is not", () => {
    const rows = checkDiffRows([side("R", "partial", 0.5)], [side("R", "partial", 0.25)]);
    expect(rows[0]?.differs).toBe(true);
    expect(checkDiffRows([side("R", "not-graded")], [side("R", "not-graded")])[0]?.differs).toBe(false);
  });

  it("a key repeated inside one rollout pairs by its repeat (key#1), as the checks grid does", () => {
    const rows = checkDiffRows([side("K", "pass", 1), side("K", "fail", 0)], [side("K", "pass", 1)]);
    expect(rows.map((r) => [r.id, r.key, r.differs])).toEqual([
      ["K#1", "K", true],
      ["K", "K", false],
    ]);
  });

  it("required in either rollout reads as required", () => {
    expect(checkDiffRows([side("X", "pass", 1, false)], [side("X", "pass", 1, true)])[0]?.required).toBe(true);
  });

  it("no checks on either side: no rows", () => {
    expect(checkDiffRows([], [])).toEqual([]);
  });

  it("keeps each side as given, with whatever it carries beside its verdict", () => {
    const a = { ...side("C3", "fail", 0), detail: "Four pools of 64 require 256 connections" };
    const b = { ...side("C3", "pass", 1), detail: "within budget" };
    const [row] = checkDiffRows([a], [b]);
    expect(row?.a).toBe(a);
    expect(row?.b?.detail).toBe("within budget");
  });
});

describe("checkColumnsRows", () => {
  it("three rollouts: a row differs when one of them disagrees or lacks the check; extras follow in column order", () => {
    const rows = checkColumnsRows([
      [side("C1", "pass", 1), side("C2", "fail", 0)],
      [side("C1", "pass", 1), side("C2", "pass", 1)],
      [side("C1", "pass", 1), side("X", "pass", 1, false)],
    ]);
    expect(rows.map((r) => [r.id, r.differs, r.sides.map((s) => s?.verdict ?? "-").join(" ")])).toEqual([
      ["C2", true, "fail pass -"],
      ["X", true, "- - pass"],
      ["C1", false, "pass pass pass"],
    ]);
    expect(rows[1]?.required).toBe(false);
  });
});
