import { describe, expect, it } from "vitest";
import { buildTrace, draftStep } from "./build";
import { alignedColumns, alignedColumnsOf, CALL_TEXT_LIMIT, windowStart } from "./side-by-side";
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

describe("alignedColumns", () => {
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
    const window = alignedColumns([a, b]);
    expect(window.total).toBe(4);
    expect(window.divergences).toEqual([null, { row: 1, step: 2 }]);
    expect(window.counts).toEqual([
      { calls: 3, messages: 0 },
      { calls: 3, messages: 0 },
    ]);
    const name = (c: (typeof window.rows)[number]["cells"][number] | undefined) =>
      c?.cell.kind === "call" ? c.cell.name : "-";
    expect(window.rows.map((r) => [name(r.cells[0]), name(r.cells[1]), r.same, r.diverging])).toEqual([
      ["get_deploy_diff", "get_deploy_diff", true, []],
      ["get_capacity", "-", false, [1]],
      ["-", "list_instances", false, []],
      ["get_runbook", "get_runbook", true, []],
    ]);
    expect(window.rows[0]?.cells[0]).toEqual({
      cell: {
        kind: "call",
        step: 0,
        name: "get_deploy_diff",
        args: '{"service":"checkout"}',
        result: "pool 16 -> 4",
        isError: false,
      },
      cited: [],
    });
    expect(window.rows[2]?.cells[1]?.cell).toMatchObject({ step: 2, result: "error: timeout", isError: true });
    // No arguments read as none, not as "{}".
    expect(window.rows[3]?.cells[0]?.cell).toMatchObject({ args: "" });
  });

  it("a call without a result has a null result", () => {
    const window = alignedColumns([traceOf([["x", 1]]), traceOf([["x", 1]])]);
    expect(window.rows[0]?.cells[0]?.cell).toMatchObject({ result: null });
    expect(window.divergences).toEqual([null, null]);
  });

  it("cuts long arguments and results", () => {
    const long = "y".repeat(CALL_TEXT_LIMIT + 50);
    const cell = alignedColumns([traceOf([["w", long, long]]), traceOf([])]).rows[0]?.cells[0]?.cell;
    if (cell?.kind !== "call") throw new Error("expected a call");
    expect(cell.result).toBe(`${"y".repeat(CALL_TEXT_LIMIT)}… (50 more)`);
    expect(cell.args.length).toBeLessThan(CALL_TEXT_LIMIT + 20);
  });

  it("renders one window of a long alignment, clamping a start past the end to the last window", () => {
    const many = traceOf(Array.from({ length: 25 }, (_, i): [string, TraceJson] => ["step", i]));
    const other = traceOf(Array.from({ length: 25 }, (_, i): [string, TraceJson] => ["step", i === 12 ? -1 : i]));
    const second = alignedColumns([many, other], { from: 10, limit: 10 });
    expect(second.from).toBe(10);
    expect(second.rows.map((r) => r.index)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(second.divergences[1]?.row).toBe(12);
    expect(second.rows.filter((r) => r.diverging.length > 0).map((r) => r.index)).toEqual([12]);
    const last = alignedColumns([many, other], { from: 999, limit: 10 });
    expect(last.from).toBe(20);
    expect(last.rows[last.rows.length - 1]?.index).toBe(last.total - 1);
    expect(alignedColumns([traceOf([]), traceOf([])], { from: 50 })).toMatchObject({ rows: [], from: 0, total: 0 });
  });

  it("puts what cites a step on the cell it is shown under: a result under its call, a message on its own", () => {
    const withMessage = buildTrace({
      format: "t",
      path: "p",
      steps: [...a.steps.map(({ index: _, ...step }) => step), draftStep("agent", { text: "pool 16" })],
    });
    const cited = new Map<number, string[]>([
      [1, ["C1"]], // the result of get_deploy_diff: on its call's cell
      [0, ["C1", "C2"]], // the call itself: C1 once
      [6, ["C3"]], // the closing message
    ]);
    const window = alignedColumns([withMessage, b], { from: 0 }, [cited]);
    expect(window.rows.map((r) => r.cells[0]?.cited ?? null)).toEqual([["C1", "C2"], [], null, [], ["C3"]]);
    expect(window.rows[4]?.cells[0]?.cell).toEqual({ kind: "message", step: 6, source: "agent", text: "pool 16" });
    expect(window.rows[4]?.cells[1]).toBeNull();
    expect(window.counts[0]).toEqual({ calls: 3, messages: 1 });
  });

  it("windowStart gives the window holding a row", () => {
    expect(windowStart(0, 300)).toBe(0);
    expect(windowStart(299, 300)).toBe(0);
    expect(windowStart(300, 300)).toBe(300);
    expect(windowStart(745, 300)).toBe(600);
  });
});

describe("alignedColumnsOf", () => {
  const a = traceOf([
    ["get_deploy_diff", { service: "checkout" }, "pool 16 -> 4"],
    ["get_capacity", { resource: "db" }, "64 available"],
  ]);
  const c = traceOf([["list_instances", { service: "checkout" }, "4 instances"]]);

  it("shows the traces there are beside an empty column for a rollout without one, no divergence marked", () => {
    const window = alignedColumnsOf([a, null, c])!;
    // a's two calls, then c's own: three rows; b's column empty in each.
    expect(window.total).toBe(3);
    expect(window.rows.map((r) => r.cells.map((x) => x?.cell.kind === "call" && x.cell.name))).toEqual([
      ["get_deploy_diff", false, false],
      ["get_capacity", false, false],
      [false, false, "list_instances"],
    ]);
    expect(window.withoutTrace).toEqual([false, true, false]);
    expect(window.divergences).toEqual([null, null, { row: 0, step: 0 }]);
    expect(window.rows.flatMap((r) => r.diverging)).toEqual([2]);
    expect(window.counts[1]).toEqual({ calls: 0, messages: 0 });
  });

  it("marks no divergence when the first has no trace, and is null when none has one", () => {
    const window = alignedColumnsOf([null, a])!;
    expect(window.rows.map((r) => r.cells[1]?.cell.kind === "call" && r.cells[1].cell.name)).toEqual([
      "get_deploy_diff",
      "get_capacity",
    ]);
    expect(window.divergences).toEqual([null, null]);
    expect(window.rows.every((r) => r.diverging.length === 0)).toBe(true);
    expect(alignedColumnsOf([null, null])).toBeNull();
    expect(alignedColumnsOf([a, c])).toEqual(alignedColumns([a, c]));
  });
});
