import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildTrace, draftStep, MAX_WARNINGS, type StepDraft } from "./build";
import { contentText, jsonContent } from "./content";
import { citedRefs, evidenceIndex, resolveEvidence } from "./evidence";
import { linkByAdjacency } from "./link";
import { pageSteps, ZTracePageQuery } from "./page";
import { RAW_TEXT_LIMIT, rawTrace } from "./raw";

const metrics = (inputTokens: number | null, costUsd: number | null) => ({
  inputTokens,
  outputTokens: null,
  cachedTokens: null,
  costUsd,
});

describe("buildTrace totals", () => {
  const steps: StepDraft[] = [
    draftStep("user", { at: "2026-01-01T00:00:00Z" }),
    draftStep("agent", {
      at: "2026-01-01T00:00:02.500Z",
      toolCalls: [{ id: "c1", name: "run", arguments: {} }],
      metrics: metrics(100, 0.5),
    }),
    draftStep("tool", { results: [{ callId: "c1", content: "boom", isError: true }], at: "not a time" }),
    draftStep("agent", { at: "2026-01-01T00:00:01Z", metrics: metrics(50, null) }),
  ];

  it("counts steps, calls and errors, sums what steps recorded, spans first to last time", () => {
    const trace = buildTrace({ format: "t", path: "p", steps });
    expect(trace.steps.map((s) => s.index)).toEqual([0, 1, 2, 3]);
    expect(trace.totals).toEqual({
      steps: 4,
      toolCalls: 1,
      toolErrors: 1,
      inputTokens: 150,
      outputTokens: null,
      cachedTokens: null,
      costUsd: 0.5,
      wallTimeMs: 2500,
    });
  });

  it("prefers recorded totals and warns when the steps disagree", () => {
    const trace = buildTrace({ format: "t", path: "p", steps, recorded: { costUsd: 0.25, outputTokens: 9 } });
    expect(trace.totals).toMatchObject({ costUsd: 0.25, outputTokens: 9, inputTokens: 150 });
    expect(trace.warnings).toEqual(["the trace records costUsd 0.25 for the whole run, but its steps add up to 0.5"]);
  });

  it("keeps at most MAX_WARNINGS warnings and counts the rest", () => {
    const warnings = Array.from({ length: MAX_WARNINGS + 7 }, (_, i) => `w${i}`);
    const trace = buildTrace({ format: "t", path: "p", steps: [], warnings });
    expect(trace.warnings).toHaveLength(MAX_WARNINGS + 1);
    expect(trace.warnings.at(-1)).toBe("and 7 more warnings");
  });

  it("an empty trace has zero counts and no figures", () => {
    expect(buildTrace({ format: "t", path: "p", steps: [] }).totals).toEqual({
      steps: 0,
      toolCalls: 0,
      toolErrors: 0,
      inputTokens: null,
      outputTokens: null,
      cachedTokens: null,
      costUsd: null,
      wallTimeMs: null,
    });
  });
});

describe("linkByAdjacency", () => {
  it("gives unnamed results the oldest unanswered call, skipping calls answered by id", () => {
    const steps = [
      draftStep("agent", {
        toolCalls: [
          { id: "a", name: "x", arguments: null },
          { id: "b", name: "y", arguments: null },
        ],
      }),
      draftStep("tool", { results: [{ callId: "a", content: "", isError: false }] }),
      draftStep("tool", { results: [{ callId: null, content: "", isError: false }] }),
      draftStep("tool", { results: [{ callId: null, content: "orphan", isError: false }] }),
    ];
    linkByAdjacency(steps);
    expect(steps.flatMap((s) => s.results.map((r) => r.callId))).toEqual(["a", "b", null]);
  });
});

describe("pageSteps", () => {
  const trace = buildTrace({ format: "t", path: "p", steps: Array.from({ length: 250 }, () => draftStep("agent")) });

  it("pages with offset and limit from a URL query", () => {
    const page = pageSteps(trace, ZTracePageQuery.parse({ offset: "200", limit: "100" }));
    expect([page.total, page.steps.length, page.steps[0]!.index]).toEqual([250, 50, 200]);
    expect(pageSteps(trace, ZTracePageQuery.parse({})).steps).toHaveLength(100);
    expect(pageSteps(trace, { offset: 900, limit: 10 }).steps).toEqual([]);
  });

  it("refuses a negative offset and a limit above the maximum", () => {
    expect(ZTracePageQuery.safeParse({ offset: "-1" }).success).toBe(false);
    expect(ZTracePageQuery.safeParse({ limit: "5000" }).success).toBe(false);
    expect(ZTracePageQuery.safeParse({ limit: "abc" }).success).toBe(false);
  });
});

describe("evidence", () => {
  const trace = buildTrace({
    format: "t",
    path: "p",
    steps: [
      draftStep("agent", { id: "1", toolCalls: [{ id: "call_7", name: "get", arguments: {} }] }),
      draftStep("tool", {
        id: "2",
        results: [{ callId: "call_7", content: jsonContent({ id: "e3", v: 1 }), isError: false }],
      }),
      draftStep("tool", { id: "e3", results: [] }),
      draftStep("tool", { id: "4", results: [{ callId: null, content: jsonContent({ id: 1 }), isError: false }] }),
    ],
  });
  const index = evidenceIndex(trace);

  it("resolves a step id, an output id and a call id, step ids first", () => {
    expect(resolveEvidence(index, "call_7")).toBe(0);
    expect(resolveEvidence(index, "e3")).toBe(2);
    expect(resolveEvidence(index, " 2 ")).toBe(1);
    expect(resolveEvidence(index, "1")).toBe(0);
    expect(resolveEvidence(index, "nope")).toBeNull();
  });

  it("finds bracketed citations, once each, not links or checkboxes", () => {
    expect(citedRefs("a [e1] b [e2][e1] [see](http://x) [x] [ ] [call_7] [two words]")).toEqual(["e1", "e2", "call_7"]);
  });
});

describe("content and raw text", () => {
  it("keeps text as text and anything else structured", () => {
    expect(jsonContent("hi")).toBe("hi");
    expect(jsonContent(null)).toBe("");
    expect(contentText(jsonContent({ a: 1 }))).toBe('{"a":1}');
  });

  it("keeps the start of an unreadable file, bounded, with why", () => {
    const big = new TextEncoder().encode("x".repeat(RAW_TEXT_LIMIT + 10));
    const read = rawTrace("t.json", big, "invalid JSON");
    if (read.kind !== "raw") throw new Error(read.kind);
    expect(read.raw).toMatchObject({
      path: "t.json",
      why: "invalid JSON",
      truncated: true,
      bytes: RAW_TEXT_LIMIT + 10,
    });
    expect(read.raw.text).toHaveLength(RAW_TEXT_LIMIT);
    const bad = rawTrace("b.bin", new Uint8Array([0xff, 0x41]), "not UTF-8");
    expect(bad).toMatchObject({ raw: { text: "\uFFFDA", truncated: false } });
  });
});

describe("lib/traces stands alone", () => {
  it("imports nothing of the project but itself (and zod), so a page and the browser can use it", () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const imports = sources.flatMap((f) =>
      [...readFileSync(path.join(dir, f), "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]!),
    );
    expect(sources.length).toBeGreaterThan(5);
    expect(imports.filter((i) => !i.startsWith("./") && i !== "zod")).toEqual([]);
  });
});
