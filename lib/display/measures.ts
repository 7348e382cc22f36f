/** How cost and effort measures are named and written for people (pages and plain-text summaries). */
import type { MeasureKey } from "@/lib/scoring/core/measures";
import type { MeasureCoverage, PassCost } from "@/lib/scoring/report/compare-effort";
import { compactCount, count, duration, tenths, usd } from "./format";

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
 * How a figure of a measure is written. "whole": counts as integers with separators ("12,345"), the cost cards'
 * totals, medians and per-pass figures; "compact": counts in three significant figures ("15.5k", "2.5"), for
 * axis ticks and tight cells; "mean": a per-task mean or a difference of them, counts other than tokens with one
 * decimal ("4.5") so a difference under one call still shows. Money and time read the same in every style.
 */
export type MeasureStyle = "whole" | "compact" | "mean";

/** A measure's figure in its unit: "$0.0035", "3 min 4 s", "15.5k" (compact) or "12,345". */
export function measureText(key: MeasureKey, value: number | null | undefined, style: MeasureStyle = "whole"): string {
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
      return style === "compact" ? compactCount(value) : count(Math.round(value));
    default:
      return style === "compact" ? compactCount(value) : style === "mean" ? tenths(value) : count(Math.round(value));
  }
}

/** "13 of 425 recorded" when some rollouts do not record the measure; null when every one does. */
export function partialCoverage(recorded: number, rollouts: number): string | null {
  return recorded < rollouts ? `${count(recorded)} of ${count(rollouts)} recorded` : null;
}

/** "13 of 425 (2 passes)": the rollouts a run's figure of a measure rests on and the passes among them. */
function coverageWords(c: MeasureCoverage): string {
  return `${count(c.recorded)} of ${count(c.rollouts)} (${c.passes === 1 ? "1 pass" : `${count(c.passes)} passes`})`;
}

/**
 * What the cost per pass of each run rests on, when either run records a cost for fewer than all its rollouts:
 * "cost recorded for A 13 of 425 (2 passes), B 400 of 400 (180 passes)"; null when both record it throughout.
 */
export function passCostCoverage(p: PassCost, letter = "B"): string | null {
  const { coverageA: a, coverageB: b } = p;
  if (a.recorded === a.rollouts && b.recorded === b.rollouts) return null;
  return `cost recorded for A ${coverageWords(a)}, ${letter} ${coverageWords(b)}`;
}
