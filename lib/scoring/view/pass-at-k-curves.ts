import type { RunPassAtK } from "../core/pass-at-k";

/** One line of the compare page's pass@k chart: a run's pass@k or pass^k. */
export interface CurveSeries {
  /** The row key holding its values: `<letter>:at` or `<letter>:hat`. */
  key: string;
  letter: string;
  kind: "at" | "hat";
}

export interface CurvesChartData {
  /** One row per k = 1 … the largest maxK; a run's values are absent past its own maxK. */
  rows: ({ k: number } & Record<string, number>)[];
  series: CurveSeries[];
}

/** Every run's two curves on one chart, by letter; a run without a counted task draws nothing. */
export function passAtKCurvesChart(runs: readonly { letter: string; curves: RunPassAtK }[]): CurvesChartData {
  const top = runs.reduce((top, r) => Math.max(top, r.curves.passAtKCoverage.maxK), 0);
  const rows: CurvesChartData["rows"] = [];
  for (let k = 1; k <= top; k++) {
    const row: { k: number } & Record<string, number> = { k };
    for (const { letter, curves } of runs) {
      if (k > curves.passAtKCoverage.maxK) continue;
      row[`${letter}:at`] = curves.passAtK[k]!;
      row[`${letter}:hat`] = curves.passHatK[k]!;
    }
    rows.push(row);
  }
  const series = runs
    .filter((r) => r.curves.passAtKCoverage.maxK > 0)
    .flatMap(({ letter }) => [
      { key: `${letter}:at`, letter, kind: "at" as const },
      { key: `${letter}:hat`, letter, kind: "hat" as const },
    ]);
  return { rows, series };
}
