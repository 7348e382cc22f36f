import { describe, expect, it } from "vitest";
import { measureRow } from "../report/effort";
import { firstDirection, parseRolloutSort, rolloutSortText, sortRollouts } from "./rollout-sort";

const row = (id: string, task: string, reward: number | null, tokens?: number) => ({
  id,
  task,
  reward,
  measures: measureRow(tokens === undefined ? {} : { tokens }),
});

describe("rollout sort", () => {
  it("reads a field with '-' for descending, and writes it back", () => {
    expect(parseRolloutSort("-tokens")).toEqual({ key: "tokens", dir: "desc" });
    expect(parseRolloutSort("reward")).toEqual({ key: "reward", dir: "asc" });
    for (const text of ["", "-", "--tokens", "Tokens", "passed", "constructor", "tokens "])
      expect(parseRolloutSort(text), text).toBeNull();
    expect(rolloutSortText({ key: "costUsd", dir: "desc" })).toBe("-costUsd");
    expect(rolloutSortText(parseRolloutSort("id")!)).toBe("id");
  });

  it("figures sort high first on a first click, names A to Z", () => {
    expect([firstDirection("tokens"), firstDirection("reward"), firstDirection("id"), firstDirection("task")]).toEqual([
      "desc",
      "desc",
      "asc",
      "asc",
    ]);
  });

  it("sorts by a measure both ways with not recorded last, ties in the input order", () => {
    const rows = [row("a", "T", 1, 300), row("b", "T", 0), row("c", "U", null, 9_000), row("d", "U", 0, 300)];
    expect(sortRollouts(rows, { key: "tokens", dir: "desc" }).map((r) => r.id)).toEqual(["c", "a", "d", "b"]);
    expect(sortRollouts(rows, { key: "tokens", dir: "asc" }).map((r) => r.id)).toEqual(["a", "d", "c", "b"]);
    expect(sortRollouts(rows, { key: "reward", dir: "desc" }).map((r) => r.id)).toEqual(["a", "b", "d", "c"]);
    expect(sortRollouts(rows, { key: "task", dir: "desc" }).map((r) => r.id)).toEqual(["c", "d", "a", "b"]);
    expect(rows.map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
  });
});
