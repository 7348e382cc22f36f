"use client";

import { coverageText, pct } from "@/lib/display/format";
import type { Comparison } from "@/lib/scoring/report/compare";
import type { RunPassAtK } from "@/lib/scoring/core/pass-at-k";
import { passAtKCurvesChart } from "@/lib/scoring/view/pass-at-k-curves";
import { PassAtKChart } from "@/components/task/pass-at-k-chart";
import styles from "./compare.module.css";

const COLOURS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)"];

/** Each run's pass@k (solid) and pass^k (dashed) on one chart: A, then each candidate. */
export function PassAtKCompare({
  comparisons,
  letters,
}: {
  /** Only the curves: a client component's props travel in the page, and a comparison's task rows are MBs. */
  comparisons: readonly Pick<Comparison, "passAtK">[];
  /** The candidates' letters, aligned with `comparisons` ("B", "C"). */
  letters: readonly string[];
}) {
  if (comparisons.length === 0) return null;
  const runs: { letter: string; curves: RunPassAtK }[] = [
    { letter: "A", curves: comparisons[0]!.passAtK.a },
    ...comparisons.map((c, i) => ({ letter: letters[i]!, curves: c.passAtK.b })),
  ];
  const chart = passAtKCurvesChart(runs);
  const colour = (letter: string) => COLOURS[runs.findIndex((r) => r.letter === letter)] ?? COLOURS[0]!;
  return (
    <section className="section" aria-labelledby="pass-at-k-title" data-testid="compare-pass-at-k">
      <h2 id="pass-at-k-title">pass@k and pass^k</h2>
      <p className="section-note">
        Each run’s own curves over its own tasks (not paired): how often at least one of k tries passes (solid), and how
        often all k do (dashed). {runs.map((r) => curvesCoverage(r)).join(" ")}
      </p>
      {chart.rows.length > 1 ? (
        <PassAtKChart
          rows={chart.rows}
          lines={chart.series.map((series) => ({
            key: series.key,
            name: `${series.letter} ${series.kind === "at" ? "pass@k" : "pass^k"}`,
            colour: colour(series.letter),
            dashed: series.kind === "hat",
          }))}
          label="pass@k and pass^k of each run by number of tries k"
        />
      ) : null}
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="pass@k and pass^k of each run">
        <table className={`table ${styles.compact}`}>
          <thead>
            <tr>
              <th className="num">k</th>
              {runs.map((r) => (
                <th key={`${r.letter}-at`} className="num">
                  {r.letter} pass@k
                </th>
              ))}
              {runs.map((r) => (
                <th key={`${r.letter}-hat`} className="num">
                  {r.letter} pass^k
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.k}>
                <td className="num">{row.k}</td>
                {runs.map((r) => (
                  <td key={`${r.letter}-at`} className="num">
                    {pct(row[`${r.letter}:at`])}
                  </td>
                ))}
                {runs.map((r) => (
                  <td key={`${r.letter}-hat`} className="num">
                    {pct(row[`${r.letter}:hat`])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function curvesCoverage({ letter, curves }: { letter: string; curves: RunPassAtK }): string {
  const { maxK, tasks, of } = curves.passAtKCoverage;
  if (maxK === 0) return `${letter}: no task with a counted rollout.`;
  return `${letter}: ${coverageText({ tasks, of })}, k up to ${maxK}.`;
}
