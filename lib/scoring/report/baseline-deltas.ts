/**
 * The runs table's "vs baseline" column: each run's stored headline value minus the baseline run's, when both
 * headlines are the same (metric, scheme) and have a value. A plain difference of two suite values (not
 * paired: the runs may not share tasks); the compare page gives the paired difference with its interval.
 */

export interface RunHeadlineSummary {
  id: string;
  baseline: boolean;
  summary: { headline: { metric: string; scheme: string; value: number | null } } | null;
}

/** Run id → headline delta to the baseline (b − baseline); null for the baseline itself and where not comparable. */
export function runsDeltaToBaseline(runs: readonly RunHeadlineSummary[]): Record<string, number | null> {
  const base = runs.find((r) => r.baseline);
  const baseHeadline = base?.summary?.headline;
  const out: Record<string, number | null> = {};
  for (const run of runs) {
    const h = run.summary?.headline;
    const comparable =
      base !== undefined &&
      run.id !== base.id &&
      baseHeadline !== undefined &&
      baseHeadline.value !== null &&
      h !== undefined &&
      h.value !== null &&
      h.metric === baseHeadline.metric &&
      h.scheme === baseHeadline.scheme;
    out[run.id] = comparable ? h.value! - baseHeadline.value! : null;
  }
  return out;
}
