import { MEASURE_LABELS, MEASURE_ORDER, measureText, partialCoverage, passCostCoverage } from "@/lib/display/measures";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import type { Comparison } from "@/lib/scoring/report/compare";
import type { PairedMeasure } from "@/lib/scoring/report/compare-effort";
import { passCostSentence } from "@/lib/scoring/report/compare-effort";
import styles from "./compare.module.css";

/** A signed difference in the measure's unit: "+$0.12", "−3 s", "+1.5". */
function signed(key: MeasureKey, value: number | null): string {
  if (value === null) return "—";
  const text = measureText(key, Math.abs(value), "mean");
  return value === 0 ? text : `${value > 0 ? "+" : "−"}${text}`;
}

/** "A 13 of 425 recorded · B 400 of 400 recorded" when either run records the measure for some rollouts only. */
function coverageNote(m: PairedMeasure, letter: string): string | null {
  const a = partialCoverage(m.coverageA.recorded, m.coverageA.rollouts);
  const b = partialCoverage(m.coverageB.recorded, m.coverageB.rollouts);
  if (a === null && b === null) return null;
  return `A ${a ?? "all recorded"} · ${letter} ${b ?? "all recorded"}`;
}

/**
 * What each candidate spent beside A, per measure both runs record: each task's mean over its rollouts, paired
 * on the common tasks, with the 95% interval of B − A, and which rollouts record it when some do not. Shown
 * beside the verdict, never folded into it.
 */
export function EffortTable({
  comparisons,
  candidates,
}: {
  comparisons: readonly Comparison[];
  candidates: readonly { name: string; letter: string }[];
}) {
  const anyMeasure = comparisons.some((c) => c.effort.measures.length > 0);
  if (!anyMeasure) return null;
  return (
    <section className="section" aria-labelledby="effort-title" data-testid="compare-effort">
      <h2 id="effort-title">Cost and effort</h2>
      <p className="section-note">
        Each task’s mean over its rollouts, on the common tasks where both runs record the measure; B − A with its
        paired 95% interval. Spending more is neither better nor worse here: read it beside the verdict.
      </p>
      {comparisons.map((c, i) => {
        const letter = candidates[i]?.letter ?? "B";
        const sentence = passCostSentence(c.effort.passCost);
        const costCoverage = passCostCoverage(c.effort.passCost, letter);
        const rows = MEASURE_ORDER.flatMap((key) => c.effort.measures.filter((m) => m.measure === key));
        if (rows.length === 0) return null;
        return (
          <div key={letter} className={styles.scroll}>
            {sentence ? (
              <p className={styles.summary} data-testid={`pass-cost-${letter}`}>
                {sentence.replace(/^B /, `${letter} `)}
                {costCoverage ? <span className="muted">; {costCoverage}</span> : null}.
              </p>
            ) : null}
            <table className={`table ${styles.compact}`} data-testid={`effort-table-${letter}`}>
              <thead>
                <tr>
                  <th scope="col">Measure</th>
                  <th scope="col" className="num">
                    Tasks
                  </th>
                  <th scope="col" className="num">
                    A
                  </th>
                  <th scope="col" className="num">
                    {letter}
                  </th>
                  <th scope="col" className="num">
                    {letter} − A
                  </th>
                  <th scope="col" className="num">
                    95% interval
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => {
                  const note = coverageNote(m, letter);
                  return (
                    <tr key={m.measure}>
                      <th scope="row">
                        {MEASURE_LABELS[m.measure]}
                        {note ? (
                          <span className={styles.measureCoverage} data-testid={`effort-coverage-${m.measure}`}>
                            {note}
                          </span>
                        ) : null}
                      </th>
                      <td className="num">{m.tasks}</td>
                      <td className="num">{measureText(m.measure, m.a, "mean")}</td>
                      <td className="num">{measureText(m.measure, m.b, "mean")}</td>
                      <td className="num">{signed(m.measure, m.delta)}</td>
                      <td className="num">
                        {m.ci95 ? `${signed(m.measure, m.ci95[0])} to ${signed(m.measure, m.ci95[1])}` : "—"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}
