import { describe, expect, it } from "vitest";
import { pageOf } from "./page-of";

describe("pageOf", () => {
  const rows = Array.from({ length: 250 }, (_, i) => i);
  it("slices a page and says where it is", () => {
    expect(pageOf(rows, 2, 100)).toMatchObject({ page: 2, pages: 3, from: 101, to: 200, total: 250 });
    expect(pageOf(rows, 3, 100).rows).toHaveLength(50);
  });
  it("clamps the page to the list", () => {
    expect(pageOf(rows, 9, 100)).toMatchObject({ page: 3, from: 201, to: 250 });
    expect(pageOf(rows, 0, 100)).toMatchObject({ page: 1, from: 1, to: 100 });
    expect(pageOf([], 4, 100)).toMatchObject({ page: 1, pages: 1, from: 0, to: 0, total: 0, rows: [] });
  });
});
