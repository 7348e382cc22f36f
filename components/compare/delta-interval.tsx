import type { MetricKind } from "@/lib/scoring/core/dimensions";
import { deltaAxisMax } from "@/lib/scoring/view/compare-chart";
import type { DeltaVerdict } from "@/lib/scoring/report/compare-verdict";
import type { Interval } from "@/lib/scoring/core/stats";
import { deltaTick } from "@/lib/display/format";
import styles from "./delta-interval.module.css";

/** A difference and its 95% interval on an axis centred at 0. Decorative: the figures are written beside it. */
export function DeltaInterval({
  kind,
  delta,
  ci95,
  verdict,
  size = "large",
  max: fixedMax,
}: {
  kind: MetricKind;
  delta: number | null;
  ci95: Interval | null;
  verdict: DeltaVerdict;
  size?: "large" | "small";
  /** Half-width of the axis; default: fitted to this interval. Give one to put several rows on the same scale. */
  max?: number;
}) {
  const max = fixedMax ?? deltaAxisMax(delta, ci95?.[0], ci95?.[1]);
  const at = (x: number) => `${(((Math.max(-max, Math.min(max, x)) + max) / (2 * max)) * 100).toFixed(2)}%`;
  const tone = verdict === "better" ? styles.up : verdict === "worse" ? styles.down : styles.flat;
  return (
    <div className={`${styles.wrap} ${size === "small" ? styles.small : ""}`} aria-hidden>
      <div className={styles.axis}>
        <div className={styles.zero} />
        {ci95 ? (
          <div
            className={`${styles.band} ${tone}`}
            style={{ left: at(ci95[0]), width: `calc(${at(ci95[1])} - ${at(ci95[0])})` }}
          />
        ) : null}
        {delta !== null ? <div className={`${styles.dot} ${tone}`} style={{ left: at(delta) }} /> : null}
      </div>
      {size === "large" ? (
        <div className={styles.ticks}>
          <span>{deltaTick(kind, -max)}</span>
          <span>0</span>
          <span>{deltaTick(kind, max)}</span>
        </div>
      ) : null}
    </div>
  );
}
