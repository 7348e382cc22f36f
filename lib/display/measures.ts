/** How cost and effort measures are named and written for people (pages and plain-text summaries). */
import type { MeasureKey } from "@/lib/scoring/core/measures";
import { compactCount, count, duration, usd } from "./format";

export const MEASURE_LABELS: Record<MeasureKey, string> = {
  costUsd: "Cost",
  tokens: "Tokens (in + out)",
  inputTokens: "Input tokens",
  outputTokens: "Output tokens",
  cachedTokens: "Cached tokens",
  durationMs: "Duration",
  agentMs: "Agent time",
  toolCalls: "Tool calls",
  toolErrors: "Tool errors",
  steps: "Steps",
};

/** The order measures are shown in: money, then tokens, time, and actions. */
export const MEASURE_ORDER: readonly MeasureKey[] = [
  "costUsd",
  "tokens",
  "inputTokens",
  "outputTokens",
  "cachedTokens",
  "durationMs",
  "agentMs",
  "toolCalls",
  "toolErrors",
  "steps",
];

/** Title text for a measure the rollout does not record ("—" on the page). */
export const NOT_RECORDED_TITLE = "not recorded";

/**
 * A measure's figure in its unit: "$0.0035", "3 min 4 s", "15.5k" (tokens, compact) or "12,345" (counts). A
 * per-rollout median or per-pass figure may be fractional; counts then keep one decimal ("4.5").
 */
export function measureText(key: MeasureKey, value: number | null | undefined, compact = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  switch (key) {
    case "costUsd":
      return usd(value);
    case "durationMs":
    case "agentMs":
      return duration(value);
    case "tokens":
    case "inputTokens":
    case "outputTokens":
    case "cachedTokens":
      return compact ? compactCount(value) : wholeOrTenths(value);
    default:
      return wholeOrTenths(value);
  }
}

function wholeOrTenths(value: number): string {
  return Number.isInteger(value) ? count(value) : count(Number(value.toFixed(1)));
}
