import { passAtKCurve, type PassAtKPoint } from "../core/pass-at-k";
import type { MetricReport, TaskReport } from "../report/report-types";
import { SCHEMES, SCHEME_WORDS, type Scheme } from "../core/schemes";

/** Chart prep (data → prepare → render): pure functions own every decision; components only draw. */

/** pass@k and pass^k points of one task, k = 1..n′, from the report's maps. */
export function passAtKPoints(task: Pick<TaskReport, "passAtK" | "passHatK">): PassAtKPoint[] {
  return Object.keys(task.passAtK)
    .map(Number)
    .sort((x, y) => x - y)
    .map((k) => ({ k, passAtK: task.passAtK[String(k)] ?? 0, passHatK: task.passHatK[String(k)] ?? 0 }));
}

/** The same curves straight from counts, for a task not yet in a report. */
export { passAtKCurve };

export interface SchemePoint {
  scheme: Scheme;
  label: string;
  value: number | null;
  active: boolean;
}

/** One bar per weighting scheme for a metric, so the page can show how much the headline depends on it. */
export function schemePoints(metric: Pick<MetricReport, "schemes" | "scheme">): SchemePoint[] {
  return SCHEMES.map((scheme) => ({
    scheme,
    label: SCHEME_WORDS[scheme],
    value: metric.schemes[scheme],
    active: scheme === metric.scheme,
  }));
}
