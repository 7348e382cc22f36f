import { coverageText, deltaIntervalText, deltaText, metricText, metricTitle } from "@/lib/display/format";
import type { Comparison } from "@/lib/scoring/report/compare";
import { deltaAxisMax } from "@/lib/scoring/view/compare-chart";
import { dimensionRows } from "@/lib/scoring/view/compare-table";
import { deltaVerdict, type DeltaVerdict } from "@/lib/scoring/report/compare-verdict";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { DeltaInterval } from "./delta-interval";
import styles from "./compare.module.css";

/** A verdict as a short badge, for table cells. */
export const SHORT: Record<DeltaVerdict, { mark: string; text: string; className: string }> = {
  better: { mark: "▲", text: "better", className: "badge badge-pass" },
  worse: { mark: "▼", text: "worse", className: "badge badge-fail" },
  unclear: { mark: "≈", text: "unclear", className: "badge" },
  same: { mark: "=", text: "same", className: "badge" },
  "no-interval": { mark: "?", text: "no interval", className: "badge" },
};

/** Every dimension: A, each candidate, the paired difference and its 95% interval on the common eligible tasks. */
export function DimensionTable({
  comparisons,
  aName,
  candidates,
}: {
  comparisons: readonly Comparison[];
  aName: string;
  candidates: readonly { name: string; letter: string }[];
}) {
  const rows = dimensionRows(comparisons);
  // One scale for every row, so the intervals can be compared by eye.
  const axis = deltaAxisMax(...rows.flatMap((r) => r.pairs.flatMap((p) => [p?.delta, p?.ci95?.[0], p?.ci95?.[1]])));
  return (
    <div className={styles.scroll}>
      <table className={`table ${styles.compact} ${styles.dimTable}`} data-testid="dimension-table">
        <thead>
          <tr>
            <th scope="col">Dimension</th>
            <th scope="col" className="num">
              A <span className={styles.colRun}>{aName}</span>
            </th>
            {candidates.map((c) => (
              <CandidateHeads key={c.letter} letter={c.letter} name={c.name} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ metric, pairs }) => {
            const kind = metricKind(metric);
            const aValues = pairs.map((p) => p?.a ?? null);
            const sameA = aValues.every((x) => x === aValues[0]);
            return (
              <tr key={metric} data-testid={`compare-metric-${metric}`}>
                <th scope="row" className={styles.rowHead}>
                  {metricTitle(metric)}
                </th>
                <td className="num">
                  {sameA
                    ? metricText(kind, aValues[0])
                    : aValues.map((x, i) => (
                        <div key={i}>
                          {metricText(kind, x)} <span className="muted">(vs {candidates[i]?.letter})</span>
                        </div>
                      ))}
                </td>
                {pairs.map((p, i) => {
                  if (!p || p.tasks === 0) {
                    return (
                      <td key={i} colSpan={4} className={styles.notEligible}>
                        {p ? "no common task is eligible" : "not in these runs"}
                      </td>
                    );
                  }
                  const verdict = deltaVerdict(p);
                  const short = SHORT[verdict];
                  return [
                    <td key={`b${i}`} className="num">
                      {metricText(kind, p.b)}
                    </td>,
                    <td key={`d${i}`} className={`num ${styles.strong}`}>
                      {deltaText(kind, p.delta)}
                    </td>,
                    <td key={`c${i}`} className={`num ${styles.ciCell}`}>
                      <span>{deltaIntervalText(kind, p.ci95)}</span>
                      <DeltaInterval
                        kind={kind}
                        delta={p.delta}
                        ci95={p.ci95}
                        verdict={verdict}
                        size="small"
                        max={axis}
                      />
                    </td>,
                    <td key={`v${i}`}>
                      <span className={short.className}>
                        <span aria-hidden>{short.mark}</span> {short.text}
                      </span>
                      <span className={styles.tasksNote}>
                        {coverageText({ tasks: p.tasks, of: comparisons[i]?.common ?? p.tasks }, "common task")}
                      </span>
                    </td>,
                  ];
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CandidateHeads({ letter, name }: { letter: string; name: string }) {
  return (
    <>
      <th scope="col" className={`num ${styles.groupStart}`}>
        {letter} <span className={styles.colRun}>{name}</span>
      </th>
      <th scope="col" className="num">
        {letter} − A
      </th>
      <th scope="col" className="num">
        95% interval
      </th>
      <th scope="col">Verdict</th>
    </>
  );
}
