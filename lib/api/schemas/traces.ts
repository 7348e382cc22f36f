import { z } from "zod";
import type { TraceStep, TraceTotals } from "@/lib/traces/types";

/* A rollout's trace as the API carries it (lib/traces/types.ts): steps, their totals, the summary kept at ingest. */

export const ZTraceTotals = z.object({
  steps: z.number().int(),
  toolCalls: z.number().int(),
  toolErrors: z.number().int(),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  cachedTokens: z.number().nullable(),
  costUsd: z.number().nullable(),
  wallTimeMs: z.number().nullable(),
});

const ZImageRef = z.object({
  path: z.string().nullable(),
  written: z.string(),
  mediaType: z.string().nullable(),
  available: z.boolean().nullable(),
});

const ZTraceContent = z.union([
  z.string(),
  z.array(
    z.discriminatedUnion("type", [
      z.object({ type: z.literal("text"), text: z.string() }),
      z.object({ type: z.literal("image"), image: ZImageRef }),
      z.object({ type: z.literal("json"), value: z.json() }),
    ]),
  ),
]);

export const ZTraceStep = z
  .object({
    index: z.number().int(),
    id: z.string().nullable(),
    source: z.enum(["system", "user", "agent", "tool", "environment"]),
    at: z.string().nullable(),
    text: z.string().nullable(),
    reasoning: z.string().nullable(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.json() })),
    results: z.array(z.object({ callId: z.string().nullable(), content: ZTraceContent, isError: z.boolean() })),
    images: z.array(ZImageRef),
    metrics: z
      .object({
        inputTokens: z.number().nullable(),
        outputTokens: z.number().nullable(),
        cachedTokens: z.number().nullable(),
        costUsd: z.number().nullable(),
      })
      .nullable(),
    subagent: z.object({ id: z.string(), name: z.string().nullable(), depth: z.number().int() }).nullable(),
    extra: z.record(z.string(), z.json()),
    cut: z
      .object({ chars: z.number().int() })
      .optional()
      .describe("Set when the step's long texts were cut: the characters they hold in all (`whole=1` reads them)."),
  })
  .meta({ id: "TraceStep" });

/** What ingest kept of a rollout's trace (lib/traces/summary.ts TraceSummary). */
export const ZTraceSummary = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("read"),
    format: z.string(),
    totals: ZTraceTotals,
    lastTool: z.string().nullable().optional().describe("The trace's last tool call; absent in older summaries."),
  }),
  z.object({ status: z.literal("raw"), why: z.string() }),
]);

/** A check citing a step: its key, clipped, and its stored order. */
const ZCitation = z.object({ key: z.string(), order: z.number().int() });
/** By step index (JSON object keys are text). */
const ZByStep = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

const ZPageBase = z.object({
  total: z.number().int(),
  toolCalls: z.number().int(),
  toolErrors: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

/** GET /api/runs/:id/rollouts/:rollout/trace: a page of steps, or why there are none. */
export const ZTracePageAnswer = z.discriminatedUnion("status", [
  ZPageBase.extend({
    status: z.literal("read"),
    format: z.string(),
    path: z.string(),
    totals: ZTraceTotals,
    warnings: z.array(z.string()),
    errorSteps: z
      .array(z.number().int())
      .optional()
      .describe("A big trace read by its index: the indexes of its steps with a tool error (at most 10,000)."),
    steps: z.array(ZTraceStep),
    citations: ZByStep(z.array(ZCitation)),
    citedBy: ZByStep(z.number().int()),
  }),
  ZPageBase.extend({
    status: z.literal("raw"),
    steps: z.array(ZTraceStep).max(0),
    raw: z.object({
      path: z.string(),
      why: z.string(),
      text: z.string(),
      truncated: z.boolean(),
      bytes: z.number().int(),
    }),
  }),
  ZPageBase.extend({ status: z.literal("none"), steps: z.array(ZTraceStep).max(0), why: z.string() }),
]);

ZTraceStep satisfies z.ZodType<TraceStep>;
ZTraceTotals satisfies z.ZodType<TraceTotals>;
