import { describe, expect, it } from "vitest";
import type { CompletionFlip, CompletionSide } from "@/lib/scoring/report/scenario-effects";
import { completionWords } from "./completion-words";

const side = (passes: number, counted: number): CompletionSide => ({
  passes,
  counted,
  value: counted === 0 ? null : passes / counted,
  complete: counted > 0 && passes === counted,
});
const flip = (change: CompletionFlip["change"], before: CompletionSide, after: CompletionSide): CompletionFlip => ({
  key: "t",
  taskId: "t",
  name: null,
  group: null,
  before,
  after,
  change,
});

describe("completionWords", () => {
  it("says how many rollouts a recounted task now counts, in the singular too", () => {
    expect(completionWords(flip("recounted", side(0, 4), side(0, 5)))).toBe("5 rollouts counted, not 4");
    expect(completionWords(flip("recounted", side(0, 2), side(0, 1)))).toBe("1 rollout counted, not 2");
    expect(completionWords(flip("recounted", side(0, 0), side(0, 1)))).toBe("now counted");
  });

  it("names a real change of completion", () => {
    expect(completionWords(flip("completes", side(2, 3), side(3, 3)))).toBe("now completes");
    expect(completionWords(flip("down", side(2, 3), side(1, 3)))).toBe("passes less often");
  });
});
