import { describe, expect, it } from "vitest";
import { alignByToolCalls, MAX_ALIGN_CELLS } from "./align";
import { buildTrace, draftStep } from "./build";
import type { TraceJson } from "./types";

const traceOf = (calls: [string, TraceJson][]) =>
  buildTrace({
    format: "t",
    path: "p",
    steps: calls.map(([name, args], i) => draftStep("agent", { toolCalls: [{ id: `c${i}`, name, arguments: args }] })),
  });

const shape = (left: ReturnType<typeof traceOf>, right: ReturnType<typeof traceOf>) =>
  alignByToolCalls(left, right).rows.map((r) => `${r.left?.name ?? "-"}|${r.right?.name ?? "-"}|${r.same ? "=" : "≠"}`);

describe("alignByToolCalls", () => {
  it("pairs the same calls, keeps each side's extra calls, marks where they part ways", () => {
    const a = traceOf([
      ["get", { id: 1 }],
      ["capacity", {}],
      ["write", { v: 64 }],
    ]);
    const b = traceOf([
      ["get", { id: 1 }],
      ["list", {}],
      ["write", { v: 64 }],
    ]);
    expect(shape(a, b)).toEqual(["get|get|=", "capacity|-|≠", "-|list|≠", "write|write|="]);
    expect(alignByToolCalls(a, b).firstDivergence).toBe(1);
  });

  it("arguments count, key order does not", () => {
    const a = traceOf([["write", { a: 1, b: 2 }]]);
    expect(alignByToolCalls(a, traceOf([["write", { b: 2, a: 1 }]])).firstDivergence).toBeNull();
    expect(alignByToolCalls(a, traceOf([["write", { a: 1, b: 3 }]])).firstDivergence).toBe(0);
  });

  it("two empty traces and one empty side", () => {
    expect(alignByToolCalls(traceOf([]), traceOf([]))).toEqual({ rows: [], firstDivergence: null });
    expect(shape(traceOf([["x", null]]), traceOf([]))).toEqual(["x|-|≠"]);
  });

  it("very long traces pair by position (a differing pair on two rows) and still find the first divergence", () => {
    const n = Math.ceil(Math.sqrt(MAX_ALIGN_CELLS)) + 1;
    const calls: [string, TraceJson][] = Array.from({ length: n }, (_, i) => ["step", i]);
    const other = calls.map(([name, v], i): [string, TraceJson] => (i === 1500 ? [name, -1] : [name, v]));
    const alignment = alignByToolCalls(traceOf(calls), traceOf(other));
    expect(alignment.rows).toHaveLength(n + 1);
    expect(alignment.firstDivergence).toBe(1500);
  });
});
