/** One colour per core metric, shared by the cards and the charts (the same hues as --chart-1…5). */
const METRIC_COLOURS: Record<string, string> = {
  correctness: "#3b5bdb",
  completion: "#10a175",
  authority: "#cf7900",
  grounding: "#ae3ec9",
  reward: "#495057",
};
const CUSTOM_COLOUR = "#e03131";

export function metricColour(metric: string): string {
  return Object.hasOwn(METRIC_COLOURS, metric) ? (METRIC_COLOURS[metric] ?? CUSTOM_COLOUR) : CUSTOM_COLOUR;
}
