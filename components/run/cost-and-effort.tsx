"use client";

import Link from "@/components/ui/link";
import { memo, useMemo, useState } from "react";
import { count, num, pct, plural } from "@/lib/display/format";
import { MEASURE_LABELS, MEASURE_ORDER, measureText } from "@/lib/display/measures";
import type { MeasureKey } from "@/lib/scoring/core/measures";
import type { EffortOutlier, MeasureEffort } from "@/lib/scoring/report/effort";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import {
  effortScatter,
  scatterMeasures,
  scatterXDomain,
  scatterYDomain,
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

function MeasureCard({
  measure,
  figures,
  rollouts,
}: {
  measure: MeasureKey;
  figures: MeasureEffort;
  rollouts: number;
}) {
  const text = (v: number | null) => measureText(measure, v);
  return (
    <div className={`card ${styles.measure}`} data-testid={`effort-${measure}`}>
      <p className={styles.measureName}>{MEASURE_LABELS[measure]}</p>
      <p className={styles.total} data-testid={`effort-${measure}-total`}>
        <span className={styles.value}>{text(figures.total)}</span>
        <small>total</small>
      </p>
      <dl className={styles.figures}>
        <dt>median</dt>
        <dd data-testid={`effort-${measure}-median`}>{text(figures.median)}</dd>
        <dt>p90</dt>
        <dd data-testid={`effort-${measure}-p90`}>{text(figures.p90)}</dd>
        <dt title="The total over every rollout ÷ the rollouts that passed: what a solved task costs">per pass</dt>
        <dd data-testid={`effort-${measure}-per-pass`}>
          {figures.perPass === null ? <span title="no rollout passed">—</span> : text(figures.perPass)}
        </dd>
      </dl>
      <p className={styles.coverage} data-testid={`effort-${measure}-coverage`}>
        recorded for {count(figures.recorded)} of {plural(rollouts, "rollout")}
      </p>
    </div>
  );
}

function EffortScatterChart({ rollouts }: { rollouts: readonly RolloutReport[] }) {
  const choices = useMemo(() => scatterMeasures(rollouts), [rollouts]);
  const [picked, setPicked] = useState<ScatterMeasure | null>(null);
  const measure = picked !== null && choices.includes(picked) ? picked : choices[0];
  const scatter = useMemo(() => (measure ? effortScatter(rollouts, measure) : null), [rollouts, measure]);
  const series = useMemo(
    () => [
      { name: "passed", colour: "#1f8a4c", points: scatter?.points.filter((p) => p.passed) ?? [] },
      { name: "failed", colour: "#c92a2a", points: scatter?.points.filter((p) => !p.passed) ?? [] },
    ],
    [scatter],
  );
  const xDomain = useMemo(() => (scatter ? scatterXDomain(scatter) : null), [scatter]);
  const yDomain = useMemo(() => (scatter ? scatterYDomain(scatter) : null), [scatter]);
  if (!measure || !scatter || !xDomain || !yDomain) return null;
  const yText = (v: number) => (scatter.y === "reward" ? num(v, 2) : pct(v, 0));
  const yName = scatter.y === "reward" ? "reward" : scatter.per === "task" ? "pass rate" : "passed";
  return (
    <section className={`card ${sections.panel}`} aria-labelledby="effort-chart-title" data-testid="effort-scatter">
      <h3 id="effort-chart-title" className={sections.panelTitle}>
        {scatter.y === "reward" ? "Reward" : "Pass"} against {MEASURE_LABELS[measure].toLowerCase()}
      </h3>
      <p className={sections.panelNote}>
        One point per {scatter.per === "task" ? "task (means over its rollouts)" : "scored rollout"}
        {scatter.unrecorded > 0
          ? `; ${plural(scatter.unrecorded, "scored rollout")} without this measure not shown`
          : ""}
        .
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
        xDomain={xDomain}
        yDomain={yDomain}
        xText={(v) => measureText(measure, v, "compact")}
        yText={yText}
        label={`${scatter.y === "reward" ? "Reward" : "Pass"} against ${MEASURE_LABELS[measure].toLowerCase()}: ${plural(scatter.points.length, "point")}, ${count(series[0]!.points.length)} passed`}
        tooltip={(point) => (
          <>
            <div className="mono">{point.id}</div>
            <div>
              {MEASURE_LABELS[measure]}: {measureText(measure, point.x)}
            </div>
            <div>
              {yName}: {yText(point.y)}
              {point.rollouts > 1 ? ` (${point.rollouts} rollouts)` : ""}
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
      <p className={sections.panelNote}>Rollouts whose tool calls, tokens or duration exceed 3× their task’s median.</p>
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
 * What the rollouts spent beside how they scored: per recorded measure its total, median, p90, cost per pass
 * and coverage; a scatter of reward against a measure; the outliers. Renders nothing when no rollout records
 * any measure, so a run without costs shows no cost figure. Memoised: sorting or paging the tasks table
 * below leaves its props unchanged, so the chart is not drawn again.
 */
export const CostAndEffort = memo(function CostAndEffort({
  effort,
  outliers,
  rollouts,
  rolloutHref,
}: {
  effort: Record<MeasureKey, MeasureEffort>;
  outliers: readonly EffortOutlier[];
  rollouts: readonly RolloutReport[];
  rolloutHref: (id: string) => string;
}) {
  const recorded = MEASURE_ORDER.filter((m) => effort[m].recorded > 0);
  if (recorded.length === 0) return null;
  return (
    <section className="section" aria-labelledby="effort-title" data-testid="cost-and-effort">
      <div className={styles.sectionHead}>
        <h2 id="effort-title">Cost and effort</h2>
        <p>As the harness recorded them, beside success; they never change a score.</p>
      </div>
      <div className={styles.cards}>
        {recorded.map((m) => (
          <MeasureCard key={m} measure={m} figures={effort[m]} rollouts={rollouts.length} />
        ))}
      </div>
      <div className={styles.lower}>
        <EffortScatterChart rollouts={rollouts} />
        <Outliers outliers={outliers} rolloutHref={rolloutHref} />
      </div>
    </section>
  );
});
