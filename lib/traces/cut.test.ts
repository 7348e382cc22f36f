import { describe, expect, it } from "vitest";
import { draftStep } from "./build";
import { cutLongTexts } from "./cut";
import type { TraceStep } from "./types";

const step = (over: Partial<TraceStep>): TraceStep => ({ index: 4, ...draftStep("tool", { id: "5" }), ...over });

describe("cutLongTexts", () => {
  it("keeps a step whose texts are all within the limit as it is (no cut mark)", () => {
    const s = step({ text: "x".repeat(10), results: [{ callId: "c", content: "y".repeat(10), isError: false }] });
    expect(cutLongTexts(s, 10)).toBe(s);
  });

  it("cuts every string of the step at the limit, JSON ones inside the JSON; counts what they held", () => {
    const s = step({
      text: "a".repeat(25),
      reasoning: "b".repeat(5),
      toolCalls: [{ id: "c", name: "read", arguments: { path: "z".repeat(50), n: 3 } }],
      results: [
        { callId: "c", content: "c".repeat(12), isError: false },
        {
          callId: "c",
          content: [
            { type: "text", text: "d".repeat(30) },
            { type: "json", value: { long: ["e".repeat(40), 7, null] } },
          ],
          isError: true,
        },
      ],
    });
    const cut = cutLongTexts(s, 10);
    expect(cut.text).toBe("a".repeat(10));
    expect(cut.reasoning).toBe("b".repeat(5));
    expect(cut.toolCalls).toEqual([{ id: "c", name: "read", arguments: { path: "z".repeat(10), n: 3 } }]);
    expect(cut.results[0]!.content).toBe("c".repeat(10));
    expect(cut.results[1]!.content).toEqual([
      { type: "text", text: "d".repeat(10) },
      { type: "json", value: { long: ["e".repeat(10), 7, null] } },
    ]);
    // 25 + 5 + 50 + 12 + 30 + 40: every string of the step; ids and names are not counted.
    expect(cut.cut).toEqual({ chars: 162 });
    expect(cut.results[1]!.isError).toBe(true);
    // The step it came from is untouched.
    expect(s.text).toHaveLength(25);
  });

  it("never cuts inside a surrogate pair", () => {
    const cut = cutLongTexts(step({ text: `${"a".repeat(9)}🎯tail` }), 10);
    expect(cut.text).toBe("a".repeat(9));
  });
});
