import { describe, expect, it } from "vitest";
import { alignToFirst, unitsOf } from "./align-many";
import { buildTrace, draftStep, type StepDraft } from "./build";
import type { TraceJson } from "./types";

const trace = (steps: StepDraft[]) => buildTrace({ format: "t", path: "p", steps });
const say = (source: "user" | "agent", text: string) => draftStep(source, { text });
const call = (id: string, name: string, args: TraceJson) =>
  draftStep("agent", { toolCalls: [{ id, name, arguments: args }] });
const answer = (id: string, text: string) =>
  draftStep("tool", { results: [{ callId: id, content: text, isError: false }] });

// Three rollouts of one task. A: ask, read, write 16, done. B: the same but writes 64 (other arguments) and
// says something else at the end. C: ask, read, and stops.
const A = trace([
  say("user", "Fix the pool"),
  call("r", "read", { f: "a" }),
  answer("r", "16"),
  call("w", "write", { v: 16 }),
  answer("w", "ok"),
  say("agent", "Done"),
]);
const B = trace([
  say("user", "Fix the pool"),
  call("r", "read", { f: "a" }),
  answer("r", "16"),
  call("w", "write", { v: 64 }),
  answer("w", "ok"),
  say("agent", "All set"),
]);
const C = trace([say("user", "Fix the pool"), call("r", "read", { f: "a" }), answer("r", "16")]);

describe("unitsOf", () => {
  it("takes each call and each message step; results and empty steps are not units", () => {
    const units = unitsOf(A);
    expect(units.map((u) => [u.step, u.call])).toEqual([
      [0, null],
      [1, 0],
      [3, 0],
      [5, null],
    ]);
    expect(unitsOf(trace([say("agent", "  "), draftStep("system")]))).toEqual([]);
  });
});

describe("alignToFirst", () => {
  it("three rollouts: a shared prefix, a call with other arguments, one that stops early", () => {
    const { rows, divergences } = alignToFirst([A, B, C]);
    // By hand: ask and read shared (rows 1-2); A's write 16 alone (row 3); B's write 64 alone before A's next
    // unit (row 4); the closing messages pair by position, A's and B's (row 5); C has nothing after read.
    expect(rows.map((r) => r.units)).toEqual([
      [0, 0, 0],
      [1, 1, 1],
      [2, null, null],
      [null, 2, null],
      [3, 3, null],
    ]);
    // B parts ways at row 3 (0-based 2), its own next unit there being its write at step 3; C at the same row,
    // with nothing left.
    expect(divergences).toEqual([null, { row: 2, step: 3 }, { row: 2, step: null }]);
  });

  it("the same trace twice does not diverge; messages match by position whatever they say", () => {
    expect(alignToFirst([A, A, A]).divergences).toEqual([null, null, null]);
    const extraWord = trace([say("user", "Fix the pool"), say("agent", "Looking"), call("r", "read", { f: "a" })]);
    const plain = trace([say("user", "Something else"), call("r", "read", { f: "a" })]);
    const { rows, divergences } = alignToFirst([plain, extraWord]);
    expect(rows.map((r) => r.units)).toEqual([
      [0, 0],
      [null, 1],
      [1, 2],
    ]);
    expect(divergences).toEqual([null, { row: 1, step: 1 }]);
  });

  it("extras of several rollouts in one gap share rows in order", () => {
    const base = trace([call("a", "a", 1), call("z", "z", 1)]);
    const two = trace([call("a", "a", 1), call("x", "x", 1), call("y", "y", 1), call("z", "z", 1)]);
    const one = trace([call("a", "a", 1), call("q", "q", 1), call("z", "z", 1)]);
    expect(alignToFirst([base, two, one]).rows.map((r) => r.units)).toEqual([
      [0, 0, 0],
      [null, 1, 1],
      [null, 2, null],
      [1, 3, 2],
    ]);
  });

  it("a rollout with more after the first ends diverges where the first stops", () => {
    const { divergences } = alignToFirst([C, A]);
    expect(divergences).toEqual([null, { row: 2, step: 3 }]);
  });
});
