"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { coverageText, pct } from "@/lib/display/format";
import type { Comparison } from "@/lib/scoring/report/compare";
import type { RunPassAtK } from "@/lib/scoring/core/pass-at-k";
import { passAtKCurvesChart } from "@/lib/scoring/view/pass-at-k-curves";
import styles from "./compare.module.css";

const COLOURS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)"];
const percent = (v: number) => pct(v, 0);

/** Each run's pass@k (solid) and pass^k (dashed) on one chart: A, then each candidate. */
export function PassAtKCompare({
  comparisons,
  letters,
}: {
  comparisons: readonly Comparison[];
  /** The candidates' letters, aligned with `comparisons` ("B", "C"). */
  letters: readonly string[];
}) {
  if (comparisons.length === 0) return null;
  const runs: { letter: string; curves: RunPassAtK }[] = [
    { letter: "A", curves: comparisons[0]!.passAtK.a },
    ...comparisons.map((c, i) => ({ letter: letters[i]!, curves: c.passAtK.b })),
  ];
  const chart = passAtKCurvesChart(runs);
  const colour = (letter: string) => COLOURS[runs.findIndex((r) => r.letter === letter)] ?? COLOURS[0];
  return (
    <section className="section" aria-labelledby="pass-at-k-title" data-testid="compare-pass-at-k">
      <h2 id="pass-at-k-title">pass@k and pass^k</h2>
      <p className="section-note">
        Each run’s own curves over its own tasks (not paired): how often at least one of k tries passes (solid), and how
        often all k do (dashed). {runs.map((r) => curvesCoverage(r)).join(" ")}
      </p>
      {chart.rows.length > 1 ? (
        <div role="img" aria-label="pass@k and pass^k of each run by number of tries k" style={{ height: 260 }}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={chart.rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis
                dataKey="k"
                type="number"
                domain={["dataMin", "dataMax"]}
                allowDecimals={false}
                tickCount={Math.min(chart.rows.length, 10)}
                tick={{ fontSize: 12, fill: "var(--text-3)" }}
              />
              <YAxis
                domain={[0, 1]}
                ticks={[0, 0.25, 0.5, 0.75, 1]}
                tickFormatter={percent}
                width={48}
                tick={{ fontSize: 12, fill: "var(--text-3)" }}
              />
              <Tooltip
                formatter={(value) => (typeof value === "number" ? pct(value) : String(value))}
                labelFormatter={(k) => `k = ${typeof k === "string" || typeof k === "number" ? k : ""}`}
                contentStyle={{ borderRadius: 8, borderColor: "var(--border)", fontSize: 13 }}
              />
              <Legend wrapperStyle={{ fontSize: 13 }} />
              {chart.series.map((s) => (
                <Line
                  key={s.key}
                  name={`${s.letter} ${s.kind === "at" ? "pass@k" : "pass^k"}`}
                  dataKey={s.key}
                  stroke={colour(s.letter)}
                  strokeWidth={2}
                  strokeDasharray={s.kind === "hat" ? "6 4" : undefined}
                  dot={{ r: 3 }}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
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
