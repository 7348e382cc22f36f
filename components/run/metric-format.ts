import { num, pct } from "@/components/format";
import type { MetricKind } from "@/lib/scoring/core/dimensions";
import type { Interval } from "@/lib/scoring/core/stats";

/** How the run page writes a metric: rewards as decimals ("0.65"), everything else as a percent ("72.2%"). */
export function metricText(kind: MetricKind, value: number | null | undefined): string {
  return kind === "reward" ? num(value) : pct(value);
}

export function intervalText(kind: MetricKind, ci: Interval | null | undefined): string {
  if (!ci) return "—";
  return `${metricText(kind, ci[0])} – ${metricText(kind, ci[1])}`;
}

export function seText(kind: MetricKind, se: number | null | undefined): string {
  if (se === null || se === undefined) return "—";
  return kind === "reward" ? num(se) : `${(se * 100).toFixed(1)} pp`;
}

/** "correctness" → "Correctness"; custom dimension names keep their spelling after the first letter. */
export function metricTitle(metric: string): string {
  return metric.charAt(0).toUpperCase() + metric.slice(1);
}

/** One colour per core metric, shared by the cards and the charts (the same hues as --chart-1…5). */
const METRIC_COLOURS: Record<string, string> = {
  correctness: "#3b5bdb",
  completion: "#12b886",
  authority: "#f08c00",
  grounding: "#ae3ec9",
  reward: "#495057",
};
const CUSTOM_COLOUR = "#e03131";

export function metricColour(metric: string): string {
  return Object.hasOwn(METRIC_COLOURS, metric) ? (METRIC_COLOURS[metric] ?? CUSTOM_COLOUR) : CUSTOM_COLOUR;
}
