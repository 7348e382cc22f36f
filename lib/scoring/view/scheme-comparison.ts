import type { MetricReport } from "../report/report-types";
import { SCHEMES, SCHEME_WORDS, type Scheme } from "../core/schemes";

/** Chart prep for the what-if panel: a metric under each weighting scheme, as recorded beside the scenario. */
export interface SchemeComparisonRow {
  scheme: Scheme;
  label: string;
  recorded: number | null;
  scenario: number | null;
  /** The scheme the scenario's headline uses. */
  active: boolean;
}

/**
 * One row per scheme. `recorded` and `scenario` are the same metric from the as-recorded report and the
 * scenario's report (either may be missing, e.g. a metric only the scenario names: its values are null).
 */
export function schemeComparison(
  recorded: Pick<MetricReport, "schemes"> | undefined,
  scenario: Pick<MetricReport, "schemes" | "scheme"> | undefined,
): SchemeComparisonRow[] {
  return SCHEMES.map((scheme) => ({
    scheme,
    label: SCHEME_WORDS[scheme],
    recorded: recorded?.schemes[scheme] ?? null,
    scenario: scenario?.schemes[scheme] ?? null,
    active: scenario?.scheme === scheme,
  }));
}
