import { describe, expect, it } from "vitest";
import { sortRows } from "./sort-rows";

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
