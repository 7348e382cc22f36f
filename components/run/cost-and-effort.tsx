"use client";

import Link from "@/components/ui/link";
import { memo, useMemo, useState } from "react";
import { count, num, pct, plural } from "@/lib/display/format";
import { MEASURE_LABELS, MEASURE_ORDER, measureText, partialCoverage } from "@/lib/display/measures";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import type { EffortOutlier, MeasureEffort } from "@/lib/scoring/report/effort";
import {
  scatterXDomain,
  scatterYDomain,
  type EffortScatter,
  type ScatterMeasure,
} from "@/lib/scoring/view/effort-scatter";
import { ScatterPlot } from "./scatter-plot";
import sections from "./sections.module.css";
import styles from "./cost-and-effort.module.css";

const OUTLIERS_SHOWN = 10;

const OUTLIER_WORDS: Record<EffortOutlier["measure"], string> = {
  toolCalls: "tool calls",
  tokens: "tokens",
  durationMs: "duration",
};

/** "no pass", "1 pass", "2 passes". */
const passesWords = (n: number) => (n === 0 ? "no pass" : n === 1 ? "1 pass" : `${count(n)} passes`);

function MeasureCard({ measure, figures }: { measure: MeasureKey; figures: MeasureEffort }) {
  const text = (v: number | null) => measureText(measure, v);
  const { recorded, rollouts, passes } = figures;
  const partial = partialCoverage(recorded, rollouts);
  const over = `the ${recorded === 1 ? "rollout" : `${count(recorded)} rollouts`} that record it`;
  return (
    <div className={`card ${styles.measure}`} data-testid={`effort-${measure}`}>
      <p className={styles.measureName}>{MEASURE_LABELS[measure]}</p>
      <p className={styles.total} data-testid={`effort-${measure}-total`}>
        <span className={styles.value}>{text(figures.total)}</span> <small>total</small>
      </p>
      <p
        className={partial ? `${styles.coverage} ${styles.partial}` : styles.coverage}
        data-testid={`effort-${measure}-coverage`}
        title={`The figures of this card are over ${over}, scored or not`}
      >
        {partial ?? `all ${count(rollouts)} recorded`}
      </p>
      <dl className={styles.figures}>
        <dt title={`Rollouts that passed among ${over}: what per pass divides by`}>passed</dt>
        <dd data-testid={`effort-${measure}-passes`}>{count(passes)}</dd>
        <dt>median</dt>
        <dd data-testid={`effort-${measure}-median`}>{text(figures.median)}</dd>
        <dt>p90</dt>
        <dd data-testid={`effort-${measure}-p90`}>{text(figures.p90)}</dd>
        <dt title={`The total ÷ the ${passesWords(passes)} among ${over}: what one success costs`}>per pass</dt>
        <dd data-testid={`effort-${measure}-per-pass`}>
          {figures.perPass === null ? <span title={`no pass among ${over}`}>—</span> : text(figures.perPass)}
        </dd>
        <dt title={`The total ÷ ${over}`}>per rollout</dt>
        <dd data-testid={`effort-${measure}-per-rollout`}>{text(figures.perRollout)}</dd>
      </dl>
    </div>
  );
}

/** The scatter of the measure picked, of those the rollouts record (`scatters`, in scatterMeasures' order). */
function EffortScatterChart({ scatters }: { scatters: readonly EffortScatter[] }) {
  const choices = useMemo(() => scatters.map((s) => s.measure), [scatters]);
  const [picked, setPicked] = useState<ScatterMeasure | null>(null);
  const measure = picked !== null && choices.includes(picked) ? picked : choices[0];
  const scatter = scatters.find((s) => s.measure === measure) ?? null;
  const series = useMemo(
    () => [
      { name: "passed", colour: "#1f8a4c", points: scatter?.points.filter((p) => p.passed) ?? [] },
      { name: "failed", colour: "#c92a2a", points: scatter?.points.filter((p) => !p.passed) ?? [] },
    ],
    [scatter],
  );
  const band = useMemo(
    () => ({ name: "unscored", colour: "#8a8a82", label: "unscored", points: scatter?.unscored ?? [] }),
    [scatter],
  );
  const xDomain = useMemo(() => (scatter ? scatterXDomain(scatter) : null), [scatter]);
  const yDomain = useMemo(() => (scatter ? scatterYDomain(scatter) : null), [scatter]);
  if (!measure || !scatter || !xDomain || !yDomain) return null;
  const yText = (v: number) => (scatter.y === "reward" ? num(v, 2) : pct(v, 0));
  const yName = scatter.y === "reward" ? "reward" : scatter.per === "task" ? "pass rate" : "passed";
  const per = scatter.per === "task" ? "task (means over its rollouts)" : "rollout";
  const notes = [
    scatter.unscored.length > 0
      ? `unscored ${scatter.per === "task" ? "rollouts (per task)" : "rollouts"} on their own row: no reward to plot`
      : null,
    scatter.unrecorded > 0 ? `${plural(scatter.unrecorded, "rollout")} without this measure not shown` : null,
  ].filter((n) => n !== null);
  const points = scatter.points.length + scatter.unscored.length;
  return (
    <section className={`card ${sections.panel}`} aria-labelledby="effort-chart-title" data-testid="effort-scatter">
      <h3 id="effort-chart-title" className={sections.panelTitle}>
        {scatter.y === "reward" ? "Reward" : "Pass"} against {MEASURE_LABELS[measure].toLowerCase()}
      </h3>
      <p className={sections.panelNote}>
        One point per {per}
        {notes.length > 0 ? `; ${notes.join("; ")}` : ""}.
      </p>
      {choices.length > 1 ? (
        <div className={styles.axisChoice} role="group" aria-label="Measure on the horizontal axis">
          {choices.map((m) => (
            <button
              key={m}
              type="button"
              className="button button-small"
              aria-pressed={m === measure}
              onClick={() => setPicked(m)}
            >
              {MEASURE_LABELS[m]}
            </button>
          ))}
        </div>
      ) : null}
      <ScatterPlot
        series={series}
        band={band}
        xDomain={xDomain}
        yDomain={yDomain}
        xText={(v) => measureText(measure, v, "compact")}
        yText={yText}
        label={`${scatter.y === "reward" ? "Reward" : "Pass"} against ${MEASURE_LABELS[measure].toLowerCase()}: ${plural(points, "point")}, ${count(series[0]!.points.length)} passed, ${count(scatter.unscored.length)} unscored`}
        tooltip={(point) => (
          <>
            <div className="mono">{point.id}</div>
            <div>
              {MEASURE_LABELS[measure]}: {measureText(measure, point.x)}
            </div>
            <div>
              {"y" in point ? `${yName}: ${yText(point.y)}` : "unscored"}
              {point.rollouts > 1 ? ` (${count(point.rollouts)} rollouts)` : ""}
            </div>
          </>
        )}
      />
    </section>
  );
}

function Outliers({
  outliers,
  rolloutHref,
}: {
  outliers: readonly EffortOutlier[];
  rolloutHref: (id: string) => string;
}) {
  const shown = outliers.slice(0, OUTLIERS_SHOWN);
  return (
    <section className={`card ${sections.panel}`} aria-labelledby="effort-outliers-title" data-testid="effort-outliers">
      <h3 id="effort-outliers-title" className={sections.panelTitle}>
        Outliers
      </h3>
      <p className={sections.panelNote}>
        Rollouts, scored or not, whose tool calls, tokens or duration exceed 3× their task’s median.
      </p>
      {shown.length === 0 ? (
        <p className={sections.none}>None: no rollout spent three times its task’s median.</p>
      ) : (
        <ul className={styles.outliers}>
          {shown.map((o) => (
            <li key={`${o.rollout}\u0000${o.measure}`}>
              <Link href={rolloutHref(o.rollout)} className="mono">
                {o.rollout}
              </Link>
              <span className={styles.ratio} title={`task median ${measureText(o.measure, o.taskMedian)}`}>
                {measureText(o.measure, o.value, "compact")} {OUTLIER_WORDS[o.measure]} · {num(o.ratio, 1)}×
              </span>
            </li>
          ))}
        </ul>
      )}
      {outliers.length > shown.length ? (
        <p className={sections.panelNote}>and {count(outliers.length - shown.length)} more in the report JSON.</p>
      ) : null}
    </section>
  );
}

/**
 * What the rollouts spent beside how they scored: per recorded measure its total, coverage, median, p90, cost
 * per pass and per rollout; a scatter of reward against a measure; the outliers; and a link to the rollouts list
 * sorted by the first measure recorded (cost, else tokens…), the top spenders. Renders nothing when no rollout
 * records any measure, so a run without costs shows no cost figure. Memoised: sorting or paging the tasks table
 * below leaves its props unchanged, so the chart is not drawn again.
 */
export const CostAndEffort = memo(function CostAndEffort({
  effort,
  outliers,
  scatters,
  rolloutHref,
  spendersHref,
}: {
  effort: Record<MeasureKey, MeasureEffort>;
  outliers: readonly EffortOutlier[];
  /** The scatter of each measure the rollouts record (lib/scoring/view/rollout-summary.ts). */
  scatters: readonly EffortScatter[];
  rolloutHref: (id: string) => string;
  /** The rollouts list sorted by `measure`, most first. */
  spendersHref: (measure: MeasureKey) => string;
}) {
  const recorded = MEASURE_ORDER.filter((m) => effort[m].recorded > 0);
  const first = recorded[0];
  if (first === undefined) return null;
  return (
    <section className="section" aria-labelledby="effort-title" data-testid="cost-and-effort">
      <div className={styles.sectionHead}>
        <h2 id="effort-title">Cost and effort</h2>
        <p>
          As the harness recorded them, over every rollout that records them, scored or not; they never change a score.{" "}
          <Link href={spendersHref(first)} data-testid="effort-spenders">
            Most expensive rollouts →
          </Link>
        </p>
      </div>
      <div className={styles.cards}>
        {recorded.map((m) => (
          <MeasureCard key={m} measure={m} figures={effort[m]} />
        ))}
      </div>
      <div className={styles.lower}>
        <EffortScatterChart scatters={scatters} />
        <Outliers outliers={outliers} rolloutHref={rolloutHref} />
      </div>
    </section>
  );
});
