import { describe, expect, it } from "vitest";
import { sortKeeper, sortRows } from "./sort-rows";

describe("sortRows", () => {
  const rows = [
    { k: "TASK-10", v: 0.5 },
    { k: "TASK-2", v: null },
    { k: "TASK-1", v: 1 },
    { k: "TASK-3", v: 0.5 },
  ];
  it("sorts numbers both ways with nulls last and ties in input order", () => {
    expect(sortRows(rows, (r) => r.v, "asc").map((r) => r.k)).toEqual(["TASK-10", "TASK-3", "TASK-1", "TASK-2"]);
    expect(sortRows(rows, (r) => r.v, "desc").map((r) => r.k)).toEqual(["TASK-1", "TASK-10", "TASK-3", "TASK-2"]);
  });
  it("sorts strings with numbers in natural order", () => {
    expect(sortRows(rows, (r) => r.k, "asc").map((r) => r.k)).toEqual(["TASK-1", "TASK-2", "TASK-3", "TASK-10"]);
  });
});

describe("sortKeeper", () => {
  const row = (k: string, v: number | null) => ({ k, v });
  it("sorts as sortRows does, list after list, whether the values changed or not", () => {
    const keep = sortKeeper<{ k: string; v: number | null }>();
    const first = [row("a", 0.5), row("b", null), row("c", 1), row("d", 0.5)];
    expect(keep(first, (r) => r.v, "desc")).toEqual(sortRows(first, (r) => r.v, "desc"));
    // New row objects with the same values (a flip elsewhere): the same order, of the new rows.
    const same = first.map((r) => ({ ...r }));
    const kept = keep(same, (r) => r.v, "desc");
    expect(kept.map((r) => r.k)).toEqual(["c", "a", "d", "b"]);
    expect(kept.every((r) => same.includes(r))).toBe(true);
    // A value changed, the direction changed, the length changed: sorted again.
    const moved = [row("a", 0.5), row("b", null), row("c", 0), row("d", 0.5)];
    expect(keep(moved, (r) => r.v, "desc").map((r) => r.k)).toEqual(["a", "d", "c", "b"]);
    expect(keep(moved, (r) => r.v, "asc").map((r) => r.k)).toEqual(["c", "a", "d", "b"]);
    expect(keep(moved.slice(1), (r) => r.v, "asc").map((r) => r.k)).toEqual(["c", "d", "b"]);
  });
});
