import { describe, expect, it } from "vitest";
import { scoringArticle } from "@/lib/scoring/__fixtures__/scoring-article";
import { checkKeys } from "@/lib/scoring/view/check-keys";
import { checkRowsIndex, filterCheckRows, queryTerms } from "./check-rows";

describe("check rows", () => {
  const index = checkRowsIndex(scoringArticle);
  const none = () => false;

  it("indexes every rollout with its position in its task", () => {
    expect(index.rollouts.map((e) => [e.task, e.id, e.taskRollouts, e.position])).toEqual([
      ["incident/checkout", "checkout", 1, 1],
      ["lookup/owner-lookup", "owner-lookup", 1, 1],
      ["data/csv-conversion", "csv-conversion", 1, 1],
    ]);
  });

  it("an empty query lists every check under its rollout header", () => {
    const items = filterCheckRows(index, scoringArticle, "", "all", none);
    expect(items.filter((i) => i.kind === "rollout")).toHaveLength(3);
    expect(items.filter((i) => i.kind === "check")).toHaveLength(15);
  });

  it("every term must match: 'checkout c3' finds one check", () => {
    expect(queryTerms("  Checkout   C3 ")).toEqual(["checkout", "c3"]);
    expect(filterCheckRows(index, scoringArticle, "checkout c3", "all", none)).toEqual([
      { kind: "rollout", r: 0, matches: 1 },
      { kind: "check", r: 0, c: 2 },
    ]);
  });

  it("failed shows failed and not-graded checks; changed asks the callback", () => {
    const failed = filterCheckRows(index, scoringArticle, "", "failed", none).filter((i) => i.kind === "check");
    expect(failed).toHaveLength(6);
    const changed = filterCheckRows(index, scoringArticle, "", "changed", (r, c) => r === 2 && c === 4);
    expect(changed).toEqual([
      { kind: "rollout", r: 2, matches: 1 },
      { kind: "check", r: 2, c: 4 },
    ]);
  });

  it("summarises check keys with how often each is required", () => {
    const keys = checkKeys(scoringArticle);
    expect(keys.map((k) => [k.key, k.rollouts, k.required, k.labels])).toEqual([
      ["C1", 3, 3, 3],
      ["C2", 3, 3, 3],
      ["C3", 2, 2, 2],
      ["G1", 3, 0, 3],
      ["A1", 3, 3, 2],
      ["C4", 1, 1, 1],
    ]);
  });
});
