import { metricText, metricTitle } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import type { SeriesRunLine } from "@/lib/scoring/report/series-table";
import styles from "./series.module.css";

const W = 900;
const H = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** Each run's headline as a line over the series (oldest first) with its 95% interval as a band. */
export function HeadlineBand({ runs }: { runs: SeriesRunLine[] }) {
  const metric = runs[0]?.metric ?? "completion";
  const kind = metricKind(metric);
  const xs = (i: number) => PAD.left + (runs.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (runs.length - 1));
  const ys = (v: number) => PAD.top + (1 - Math.max(0, Math.min(1, v))) * (H - PAD.top - PAD.bottom);
  const known = runs.map((r, i) => ({ r, i })).filter(({ r }) => r.value !== null);
  const line = known.map(({ r, i }) => `${xs(i)},${ys(r.value!)}`).join(" ");
  const banded = known.filter(({ r }) => r.ci95 !== null);
  const band = [
    ...banded.map(({ r, i }) => `${xs(i)},${ys(r.ci95![1])}`),
    ...[...banded].reverse().map(({ r, i }) => `${xs(i)},${ys(r.ci95![0])}`),
  ].join(" ");
  const last = known.at(-1);
  return (
    <figure className="card" style={{ margin: 0 }}>
      <figcaption className="card-title">
        {metricTitle(metric)} per run, with its 95% interval
        {last ? ` · latest ${metricText(kind, last.r.value)}` : ""}
      </figcaption>
      <div className={styles.chartScroller}>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className={styles.chart}
          role="img"
          aria-label={`${metricTitle(metric)} of ${runs.length} runs, oldest first`}
          data-testid="headline-band"
        >
          {[0, 0.25, 0.5, 0.75, 1].map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={ys(v)} y2={ys(v)} stroke="#e3e5ea" />
              <text x={PAD.left - 6} y={ys(v) + 4} textAnchor="end" fontSize="11" fill="#555b66">
                {Math.round(v * 100)}%
              </text>
            </g>
          ))}
          {band ? <polygon points={band} fill="#1b4fd8" opacity={0.15} /> : null}
          <polyline points={line} fill="none" stroke="#1b4fd8" strokeWidth={2} />
          {known.map(({ r, i }) => (
            <circle key={r.id} cx={xs(i)} cy={ys(r.value!)} r={3} fill="#1b4fd8">
              <title>{`${r.name}: ${metricText(kind, r.value)}`}</title>
            </circle>
          ))}
          <text x={PAD.left} y={H - 8} fontSize="11" fill="#555b66">
            run 1
          </text>
          <text x={W - PAD.right} y={H - 8} fontSize="11" fill="#555b66" textAnchor="end">
            run {runs.length}
          </text>
        </svg>
      </div>
    </figure>
  );
}
