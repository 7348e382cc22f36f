import { describe, expect, it } from "vitest";
import { nearest } from "./rollout-view-model";

describe("nearest", () => {
  it("offers the positions around a rollout, never itself, at most n, clamped at both ends", () => {
    expect(nearest(5, 2, 24)).toEqual([0, 1, 3, 4]);
    expect(nearest(100, 0, 4)).toEqual([1, 2, 3, 4]);
    expect(nearest(100, 99, 4)).toEqual([95, 96, 97, 98]);
    expect(nearest(100, 50, 4)).toEqual([48, 49, 51, 52]);
    expect(nearest(1, 0, 4)).toEqual([]);
  });
});
