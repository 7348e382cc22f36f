import { deltaIntervalText, deltaText, metricText, metricTitle, plural, seText } from "@/lib/display/format";
import { verdictWords } from "@/lib/display/compare-words";
import type { Comparison } from "@/lib/scoring/report/compare";
import { deltaVerdict } from "@/lib/scoring/report/compare-verdict";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";
import { mdeText, neededText } from "@/lib/display/power-words";
import { DeltaInterval } from "./delta-interval";
import { VerdictLine } from "./verdict-line";
import styles from "./compare.module.css";

/** The headline (metric, scheme) of A and B on their common tasks, the paired difference, its interval and what it says. */
export function HeadlineDeltaCard({
  comparison,
  aName,
  bName,
  bLetter,
  axisMax,
}: {
  comparison: Comparison;
  aName: string;
  bName: string;
  bLetter: string;
  /** Shared half-width of the interval axis when several cards sit together. */
  axisMax?: number;
}) {
  const h = comparison.headline;
  const kind = metricKind(h.metric);
  const verdict = deltaVerdict(h);
  const words = verdictWords(verdict, bName);
  const coverage =
    h.tasks === comparison.common
      ? plural(comparison.common, "common task")
      : `${h.tasks} eligible of ${plural(comparison.common, "common task")}`;
  return (
    <section
      className={`card ${styles.headline}`}
      aria-label={`Headline, ${bName} against ${aName}`}
      data-testid="headline-delta-card"
    >
      <div className="card-title">Headline · {bLetter} vs A</div>
      <p className={styles.what}>
        <strong>{metricTitle(h.metric)}</strong> — {SCHEME_WORDS[h.scheme]}, on the tasks both runs have
      </p>
      <dl className={styles.values}>
        <div>
          <dt>
            <span className={styles.letter}>A</span> {aName}
          </dt>
          <dd className="num">{metricText(kind, h.a)}</dd>
        </div>
        <div>
          <dt>
            <span className={styles.letter}>{bLetter}</span> {bName}
          </dt>
          <dd className="num">{metricText(kind, h.b)}</dd>
        </div>
        <div className={styles.deltaBlock}>
          <dt>Difference ({bLetter} − A)</dt>
          <dd className={`num ${styles.delta}`} data-testid="headline-delta">
            {deltaText(kind, h.delta)}
          </dd>
        </div>
      </dl>
      <DeltaInterval kind={kind} delta={h.delta} ci95={h.ci95} verdict={verdict} max={axisMax} />
      <p className={styles.stats} data-testid="headline-delta-text">
        {deltaText(kind, h.delta)}
        {h.ci95 ? `, 95% CI ${deltaIntervalText(kind, h.ci95)}` : ""}
        {h.se !== null ? `, SE ${seText(kind, h.se)}` : ""}, {coverage}
      </p>
      <VerdictLine {...words} />
      <PowerLines comparison={comparison} />
    </section>
  );
}

/** What the comparison can see (its MDE) and, for an unclear verdict, what would make the difference visible. */
function PowerLines({ comparison }: { comparison: Comparison }) {
  const h = comparison.headline;
  const kind = metricKind(h.metric);
  const see = mdeText(kind, comparison.power, h.se);
  if (see === null) return null;
  const needed = neededText(kind, comparison.power, h, deltaVerdict(h));
  return (
    <p className={styles.stats} data-testid="compare-mde">
      {see}.{needed ? <> {needed}.</> : null}
    </p>
  );
}
