import { describe, expect, it } from "vitest";
import { sharedRolloutsPhrase, sharedRolloutsWarnings } from "./shared-rollouts";

const other = (shared: number, rollouts: number, sameBytes = shared) => ({
  runId: "r9",
  name: "job",
  shared,
  sameBytes,
  rollouts,
});

describe("shared rollouts", () => {
  it("says whether a run duplicates, is a subset of, contains or overlaps another", () => {
    expect(sharedRolloutsPhrase(14, other(14, 425))).toBe(
      "shares 14 of its 14 rollouts with run “job” (a subset of “job”, which has 425; read from the same bytes)",
    );
    expect(sharedRolloutsPhrase(5, other(5, 5))).toBe(
      "shares 5 of its 5 rollouts with run “job” (a duplicate of “job”; read from the same bytes)",
    );
    expect(sharedRolloutsPhrase(425, other(14, 14))).toBe(
      "shares 14 of its 425 rollouts with run “job” (it contains all of “job”; read from the same bytes)",
    );
    expect(sharedRolloutsPhrase(20, other(3, 9))).toBe(
      "shares 3 of its 20 rollouts with run “job” (which has 9; read from the same bytes)",
    );
  });

  it("says when the rollouts are the same samples read from another file of their log, not the same bytes", () => {
    expect(sharedRolloutsPhrase(2, other(2, 2, 0))).toBe(
      "shares 2 of its 2 rollouts with run “job” (a duplicate of “job”; the same samples, read from another file of the same log)",
    );
    expect(sharedRolloutsPhrase(5, other(5, 5, 3))).toBe(
      "shares 5 of its 5 rollouts with run “job” (a duplicate of “job”; 3 read from the same bytes, 2 the same samples, read from another file of the same log)",
    );
  });

  it("gives one warning per other run, naming the run ingested", () => {
    expect(sharedRolloutsWarnings({ name: "trials", rollouts: 14, shared: [other(14, 425), other(2, 2)] })).toEqual([
      "Run “trials” shares 14 of its 14 rollouts with run “job” (a subset of “job”, which has 425; read from the same bytes).",
      "Run “trials” shares 2 of its 14 rollouts with run “job” (it contains all of “job”; read from the same bytes).",
    ]);
    expect(sharedRolloutsWarnings({ name: "alone", rollouts: 3, shared: [] })).toEqual([]);
  });
});
