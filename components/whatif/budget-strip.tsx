import { plural } from "@/lib/display/format";
import type { BudgetMeasure } from "@/lib/scoring/view/budget-distribution";
import styles from "./whatif.module.css";

const WIDTH = 480;
const HEIGHT = 56;
const GAP = 1;

/**
 * A measure's distribution over scored rollouts as a small bar strip (bins from budgetDistribution): bars
 * within the limit in the accent colour, the part over it in the failure colour, and the limit as a line.
 */
export function BudgetStrip({
  measure,
  label,
  text,
}: {
  measure: BudgetMeasure;
  label: string;
  text: (value: number) => string;
}) {
  const { bins, limit } = measure;
  const top = bins.reduce((top, b) => Math.max(top, b.within + b.over), 1);
  const span = bins.length > 0 ? bins[bins.length - 1]!.to : 1;
  const barWidth = WIDTH / Math.max(1, bins.length);
  const height = (n: number) => (n === 0 ? 0 : Math.max(2, (n / top) * HEIGHT));
  const limitX = limit === null ? null : Math.min(WIDTH, (limit / span) * WIDTH);
  const summary =
    `${label} of ${plural(measure.recorded, "scored rollout")}, ${text(measure.min)} to ${text(measure.max)}` +
    (limit === null ? "" : `; ${measure.over} over the limit of ${text(limit)}`);
  return (
    <svg
      className={styles.budgetStrip}
      viewBox={`0 0 ${WIDTH} ${HEIGHT + 2}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={summary}
    >
      {bins.map((b, i) => {
        const x = i * barWidth + GAP / 2;
        const w = Math.max(0.5, barWidth - GAP);
        const within = height(b.within);
        const over = height(b.over);
        return (
          <g key={i}>
            <title>{`${text(b.from)} – ${text(b.to)}: ${plural(b.within + b.over, "rollout")}`}</title>
            {within > 0 ? (
              <rect x={x} y={HEIGHT - within} width={w} height={within} className={styles.budgetWithin} />
            ) : null}
            {over > 0 ? (
              <rect x={x} y={HEIGHT - within - over} width={w} height={over} className={styles.budgetOver} />
            ) : null}
          </g>
        );
      })}
      <line x1={0} x2={WIDTH} y1={HEIGHT + 1} y2={HEIGHT + 1} className={styles.budgetAxis} />
      {limitX !== null ? <line x1={limitX} x2={limitX} y1={0} y2={HEIGHT + 2} className={styles.budgetLimit} /> : null}
    </svg>
  );
}
