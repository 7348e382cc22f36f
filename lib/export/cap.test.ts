import { describe, expect, it } from "vitest";
import { capTraces, droppedSentence } from "./cap";

const traces = [
  { id: "a", bytes: 50 },
  { id: "b", bytes: 400 },
  { id: "c", bytes: 200 },
];

describe("the static bundle's size cap", () => {
  it("keeps everything without a cap or under it", () => {
    for (const max of [null, 1650]) {
      const outcome = capTraces(1000, traces, max);
      expect([outcome.withoutTrace.size, outcome.total]).toEqual([0, 1650]);
      expect(droppedSentence(outcome.withoutTrace.size, max)).toBeNull();
    }
  });

  it("drops the heaviest trace first, and only as many as it must", () => {
    const outcome = capTraces(1000, traces, 1300);
    expect([...outcome.withoutTrace]).toEqual(["b"]);
    expect(outcome.total).toBe(1250);
    expect(droppedSentence(outcome.withoutTrace.size, 1300)).toBe(
      "To stay under 1300 bytes, this copy leaves out the traces of 1 rollouts (heaviest first).",
    );
  });

  it("then the next heaviest", () => {
    const outcome = capTraces(1000, traces, 1100);
    expect([...outcome.withoutTrace].sort()).toEqual(["b", "c"]);
    expect(outcome.total).toBe(1050);
  });

  it("reports a total over the cap when the fixed part alone is over it", () => {
    const outcome = capTraces(1000, traces, 900);
    expect(outcome.withoutTrace.size).toBe(3);
    expect(outcome.total).toBe(1000);
  });
});
