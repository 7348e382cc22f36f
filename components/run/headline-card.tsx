import { coverageText, intervalText, metricText, metricTitle, seText } from "@/lib/display/format";
import { metricColour } from "./metric-colour";
import { schemePoints } from "@/lib/scoring/view/chart-data";
import { metricKind } from "@/lib/scoring/core/dimensions";
import type { MetricReport, ReportHeadline } from "@/lib/scoring/report/report-types";
import { isScheme, SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import styles from "./headline-card.module.css";
import { ValueTrack } from "./value-track";

/**
 * The top of a headline card: its title, the metric and scheme in words and the value. The run page's skeleton
 * shows it alone from the run's stored summary while the server reads the run.
 */
export function HeadlineFigure({
  headline,
  titleId,
  valueTestId,
}: {
  headline: { metric: string; scheme: string; value: number | null };
  titleId: string;
  valueTestId: string;
}) {
  return (
    <>
      <div className="card-title" id={titleId}>
        Headline
      </div>
      <p className={styles.what}>
        <strong>{metricTitle(headline.metric)}</strong>
        {isScheme(headline.scheme) ? ` — ${SCHEME_WORDS[headline.scheme]}` : ""}
      </p>
      <div className={styles.value} data-testid={valueTestId}>
        {metricText(metricKind(headline.metric), headline.value)}
      </div>
    </>
  );
}

/**
 * The headline (metric, scheme) in words, its value, 95% interval and SE; beside it, the same metric under
 * every weighting scheme, so a reader sees how much the number depends on who gets a vote.
 */
export function HeadlineCard({ headline, metric }: { headline: ReportHeadline; metric: MetricReport | undefined }) {
  const kind = metricKind(headline.metric);
  const colour = metricColour(headline.metric);
  const points = metric ? schemePoints(metric) : [];
  const top = points.reduce((top, p) => Math.max(top, p.value ?? 0), 1);
  const range: [number, number] = kind === "reward" ? [0, top] : [0, 1];
  return (
    <section className={`card ${styles.card}`} aria-labelledby="headline-title">
      <div className={styles.main}>
        <HeadlineFigure headline={headline} titleId="headline-title" valueTestId="headline-value" />
        <ValueTrack value={headline.value} band={headline.ci95} colour={colour} size="large" range={range} />
        <p className={styles.stats}>
          {headline.ci95 && headline.se !== null ? (
            <>
              95% CI {intervalText(kind, headline.ci95)}, SE {seText(kind, headline.se)},{" "}
            </>
          ) : (
            <>No interval (it needs at least 2 eligible tasks), </>
          )}
          <span data-testid="headline-coverage">{coverageText(headline.coverage)}</span>
        </p>
        {headline.ci95 ? (
          <p className={styles.note}>
            The interval treats tasks as the sample (a task’s rollouts move together), so few tasks give a wide one.
          </p>
        ) : null}
        {headline.fallback ? (
          <p className={`callout callout-info ${styles.fallback}`}>
            Why {headline.metric}: {headline.fallback}.
          </p>
        ) : null}
      </div>
      {points.length > 0 ? (
        <div className={styles.schemes}>
          <div className={styles.schemesTitle} id="headline-schemes">
            {metricTitle(headline.metric)} under each scheme
          </div>
          <ul aria-labelledby="headline-schemes">
            {points.map((p) => (
              <li key={p.scheme} className={p.active ? styles.active : undefined}>
                <span className={styles.schemeLabel}>
                  {p.label}
                  {p.active ? <span className={styles.shown}>shown</span> : null}
                </span>
                <span className={`num ${styles.schemeValue}`}>{metricText(kind, p.value)}</span>
                <span className={styles.schemeTrack}>
                  <ValueTrack value={p.value} colour={p.active ? colour : "#adb5bd"} range={range} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
