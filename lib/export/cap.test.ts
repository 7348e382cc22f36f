import { describe, expect, it } from "vitest";
import { applyCap, droppedSentence } from "./cap";

const rollouts = [
  { id: "a", page: 100, trace: 50 },
  { id: "b", page: 300, trace: 400 },
  { id: "c", page: 200, trace: 0 },
];

describe("the static bundle's size cap", () => {
  it("keeps everything without a cap or under it", () => {
    for (const max of [null, 2050]) {
      const outcome = applyCap({ fixed: 1000, rollouts }, max);
      expect([outcome.withoutTrace.size, outcome.withoutPage.size, outcome.total]).toEqual([0, 0, 2050]);
      expect(droppedSentence(outcome, 3, max)).toBeNull();
    }
  });

  it("drops the heaviest trace first, and only as many as it must", () => {
    const outcome = applyCap({ fixed: 1000, rollouts }, 1700);
    expect([...outcome.withoutTrace]).toEqual(["b"]);
    expect(outcome.withoutPage.size).toBe(0);
    expect(outcome.total).toBe(1650);
    expect(droppedSentence(outcome, 3, 1700)).toBe(
      "To stay under 1700 bytes, this copy leaves out the traces of 1 rollouts (heaviest first).",
    );
  });

  it("then drops rollout pages, heaviest first", () => {
    const outcome = applyCap({ fixed: 1000, rollouts }, 1350);
    expect([...outcome.withoutTrace].sort()).toEqual(["a", "b"]);
    expect([...outcome.withoutPage]).toEqual(["b"]);
    expect(outcome.total).toBe(1300);
    expect(droppedSentence(outcome, 3, 1350)).toBe(
      "To stay under 1350 bytes, this copy leaves out 1 of 3 rollout pages and the traces of 1 other rollouts (heaviest first).",
    );
  });

  it("reports a total over the cap when the fixed part alone is over it", () => {
    const outcome = applyCap({ fixed: 1000, rollouts }, 900);
    expect(outcome.withoutPage.size).toBe(3);
    expect(outcome.total).toBe(1000);
  });
});
