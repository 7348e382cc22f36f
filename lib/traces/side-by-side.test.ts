import { describe, expect, it } from "vitest";
import { buildTrace, draftStep } from "./build";
import { alignedWindow, CALL_TEXT_LIMIT, windowStart } from "./side-by-side";
import type { TraceJson } from "./types";

/** A trace of calls, each answered by a result in the next step ("error:" text makes an error result). */
const traceOf = (calls: [string, TraceJson, string?][]) =>
  buildTrace({
    format: "t",
    path: "p",
    steps: calls.flatMap(([name, args, result], i) => [
      draftStep("agent", { toolCalls: [{ id: `c${i}`, name, arguments: args }] }),
      ...(result === undefined
        ? []
        : [
            draftStep("tool", {
              results: [{ callId: `c${i}`, content: result, isError: result.startsWith("error:") }],
            }),
          ]),
    ]),
  });

describe("alignedWindow", () => {
  const a = traceOf([
    ["get_deploy_diff", { service: "checkout" }, "pool 16 -> 4"],
    ["get_capacity", { resource: "db" }, "64 available"],
    ["get_runbook", {}, "pool = available / instances"],
  ]);
  const b = traceOf([
    ["get_deploy_diff", { service: "checkout" }, "pool 16 -> 4"],
    ["list_instances", { service: "checkout" }, "error: timeout"],
    ["get_runbook", {}, "pool = available / instances"],
  ]);

  it("pairs calls with their step, arguments and result, and marks the first divergence", () => {
    const window = alignedWindow(a, b);
    expect(window.total).toBe(4);
    expect(window.firstDivergence).toBe(1);
    expect(window.calls).toEqual({ left: 3, right: 3 });
    expect(window.rows.map((r) => [r.left?.name ?? "-", r.right?.name ?? "-", r.same, r.firstDivergence])).toEqual([
      ["get_deploy_diff", "get_deploy_diff", true, false],
      ["get_capacity", "-", false, true],
      ["-", "list_instances", false, false],
      ["get_runbook", "get_runbook", true, false],
    ]);
    expect(window.rows[0]?.left).toEqual({
      step: 0,
      name: "get_deploy_diff",
      args: '{"service":"checkout"}',
      result: "pool 16 -> 4",
      isError: false,
    });
    expect(window.rows[2]?.right).toMatchObject({ step: 2, result: "error: timeout", isError: true });
    // No arguments read as none, not as "{}".
    expect(window.rows[3]?.left?.args).toBe("");
  });

  it("a call without a result has a null result", () => {
    const window = alignedWindow(traceOf([["x", 1]]), traceOf([["x", 1]]));
    expect(window.rows[0]?.left?.result).toBeNull();
    expect(window.firstDivergence).toBeNull();
  });

  it("cuts long arguments and results", () => {
    const long = "y".repeat(CALL_TEXT_LIMIT + 50);
    const row = alignedWindow(traceOf([["w", long, long]]), traceOf([]))?.rows[0];
    expect(row?.left?.result).toBe(`${"y".repeat(CALL_TEXT_LIMIT)}… (50 more)`);
    expect(row?.left?.args.length).toBeLessThan(CALL_TEXT_LIMIT + 20);
  });

  it("renders one window of a long alignment, clamping a start past the end to the last window", () => {
    const many = traceOf(Array.from({ length: 25 }, (_, i): [string, TraceJson] => ["step", i]));
    const other = traceOf(Array.from({ length: 25 }, (_, i): [string, TraceJson] => ["step", i === 12 ? -1 : i]));
    const second = alignedWindow(many, other, { from: 10, limit: 10 });
    expect(second.from).toBe(10);
    expect(second.rows.map((r) => r.index)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(second.firstDivergence).toBe(12);
    expect(second.rows.filter((r) => r.firstDivergence).map((r) => r.index)).toEqual([12]);
    const last = alignedWindow(many, other, { from: 999, limit: 10 });
    expect(last.from).toBe(20);
    expect(last.rows[last.rows.length - 1]?.index).toBe(last.total - 1);
    expect(alignedWindow(traceOf([]), traceOf([]), { from: 50 })).toMatchObject({ rows: [], from: 0, total: 0 });
  });

  it("windowStart gives the window holding a row", () => {
    expect(windowStart(0, 300)).toBe(0);
    expect(windowStart(299, 300)).toBe(0);
    expect(windowStart(300, 300)).toBe(300);
    expect(windowStart(745, 300)).toBe(600);
  });
});
