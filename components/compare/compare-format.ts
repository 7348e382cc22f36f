import { deltaPp, num } from "@/components/format";
import { metricText, seText } from "@/components/run/metric-format";
import type { MetricKind } from "@/lib/scoring/core/dimensions";
import type { DeltaVerdict } from "@/lib/scoring/report/compare-verdict";
import type { Interval } from "@/lib/scoring/core/stats";

/** How the compare page writes differences: rewards as signed decimals, every other metric in points. */

const MINUS = "−";

function signedDecimal(value: number): string {
  const text = num(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : "±0";
}

export function deltaText(kind: MetricKind, value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return kind === "reward" ? signedDecimal(value) : deltaPp(value);
}

/** "−9.2 to +20.3 pp" / "−0.092 to +0.203". */
export function deltaIntervalText(kind: MetricKind, ci: Interval | null | undefined): string {
  if (!ci) return "—";
  if (kind === "reward") return `${signedDecimal(ci[0])} to ${signedDecimal(ci[1])}`;
  return `${deltaPp(ci[0]).replace(" pp", "")} to ${deltaPp(ci[1])}`;
}

export { metricText, seText };

/** Axis tick of a difference: whole points ("+50 pp") or a signed decimal for rewards. */
export function deltaTick(kind: MetricKind, value: number): string {
  if (value === 0) return "0";
  return kind === "reward" ? signedDecimal(value) : deltaPp(value, 0);
}

/** The name of a per-task metric: completion reads as the task's pass rate. */
export function taskMetricTitle(metric: string): string {
  return metric === "completion" ? "Pass rate" : metric.charAt(0).toUpperCase() + metric.slice(1);
}

/** Two significant decimals, "< 0.001" below that. */
export function pValueText(p: number): string {
  if (p < 0.001) return "< 0.001";
  return p >= 0.995 ? "1.00" : p.toFixed(2);
}

/** The verdict as a sentence about the candidate; never conveyed by colour alone. */
export function verdictWords(
  verdict: DeltaVerdict,
  candidate: string,
): { mark: string; text: string; tone: "pass" | "fail" | "neutral" } {
  switch (verdict) {
    case "better":
      return { mark: "▲", text: `${candidate} is better (interval above 0)`, tone: "pass" };
    case "worse":
      return { mark: "▼", text: `${candidate} is worse (interval below 0)`, tone: "fail" };
    case "unclear":
      return { mark: "≈", text: "No clear difference (interval includes 0)", tone: "neutral" };
    case "same":
      return { mark: "=", text: "No difference: every common task has the same value", tone: "neutral" };
    case "no-interval":
      return { mark: "?", text: "No interval: it needs at least 2 common tasks", tone: "neutral" };
  }
}

export const FLIP_WORDS = { "pass->fail": "pass → fail", "fail->pass": "fail → pass" } as const;
