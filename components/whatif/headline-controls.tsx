"use client";

import { changeText, metricText, metricTitle } from "@/lib/display/format";
import { tone } from "./effect-tone";
import { metricKind } from "@/lib/scoring/core/dimensions";
import type { HeadlineEffect, MovedFigure } from "@/lib/scoring/report/scenario-effects";

const FIGURE_NAMES: Record<string, string> = { "pass-rate": "pass rate", "mean-reward": "mean reward" };
import { SCHEMES, SCHEME_WORDS, type Scheme } from "@/lib/scoring/core/schemes";
import styles from "./whatif.module.css";

/** The headline (metric, scheme) selects and the headline as recorded → under the scenario. */
export function HeadlineControls({
  metrics,
  metric,
  scheme,
  headline: h,
  moved,
  active,
  onMetric,
  onScheme,
}: {
  metrics: string[];
  metric: string;
  scheme: Scheme;
  headline: HeadlineEffect;
  /** What else the scenario moved, named when the headline did not move. */
  moved: MovedFigure[];
  active: boolean;
  onMetric: (metric: string) => void;
  onScheme: (scheme: Scheme) => void;
}) {
  const kind = metricKind(h.metric);
  const metricChanged = h.metric !== h.recordedMetric;
  return (
    <div className={styles.headlineRow}>
      <label className={styles.field}>
        <span>Headline metric</span>
        <select value={metric} onChange={(e) => onMetric(e.target.value)} data-testid="whatif-metric">
          {metrics.map((m) => (
            <option key={m} value={m}>
              {metricTitle(m)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Who gets a vote</span>
        <select value={scheme} onChange={(e) => onScheme(e.target.value as Scheme)} data-testid="whatif-scheme">
          {SCHEMES.map((s) => (
            <option key={s} value={s}>
              {SCHEME_WORDS[s]}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.headlineDelta} data-testid="whatif-headline-delta">
        <span className={styles.deltaLabel}>Headline</span>
        {h.changed || metricChanged ? (
          <span className={`num ${styles.deltaValues}`}>
            <span className={styles.was}>
              {metricChanged ? `${metricTitle(h.recordedMetric)} ` : ""}
              {metricText(metricKind(h.recordedMetric), h.recorded)}
            </span>
            <span aria-hidden className={styles.arrow}>
              →
            </span>
            <strong>
              {metricChanged ? `${metricTitle(h.metric)} ` : ""}
              {metricText(kind, h.scenario)}
            </strong>
            {!metricChanged ? (
              <span className={`${styles.deltaPill} ${styles[tone(h.delta, h.changed)]}`}>
                {changeText(kind, h.delta)}
              </span>
            ) : null}
          </span>
        ) : (
          <span className={`num ${styles.deltaValues}`}>
            <strong>{metricText(kind, h.scenario)}</strong>
            <span className={`${styles.deltaPill} ${styles.same}`}>
              {!active ? "as recorded" : moved.length > 0 ? "headline unchanged" : "no change"}
            </span>
            {active && moved.length > 0 ? (
              <span className={styles.movedFigures} data-testid="whatif-moved-figures">
                moved:{" "}
                {moved
                  .map((m) => `${FIGURE_NAMES[m.figure] ?? metricTitle(m.figure)} ${changeText(m.kind, m.delta)}`)
                  .join(", ")}
              </span>
            ) : null}
          </span>
        )}
      </div>
    </div>
  );
}
