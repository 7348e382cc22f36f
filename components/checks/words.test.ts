import { describe, expect, it } from "vitest";
import { isPreformatted } from "./words";

describe("isPreformatted", () => {
  it("sets a detail of several lines (a traceback) apart from a one-line detail", () => {
    expect(isPreformatted("def test_bad():\n>       assert 1 == 2\nE       AssertionError")).toBe(true);
    expect(isPreformatted("status = refunded")).toBe(false);
  });
});
