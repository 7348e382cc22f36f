import styles from "./value-track.module.css";

/**
 * A value on a track (0 to 1 unless `range` says otherwise), with an optional 95% band and a marker for a
 * second figure (the pooled value). Decorative: the numbers are always written next to it.
 */
export function ValueTrack({
  value,
  colour,
  band,
  marker,
  range = [0, 1],
  size = "small",
}: {
  value: number | null;
  colour: string;
  band?: readonly [number, number] | null;
  marker?: number | null;
  range?: readonly [number, number];
  size?: "small" | "large";
}) {
  const [lo, hi] = range;
  const at = (x: number) => `${(Math.min(1, Math.max(0, (x - lo) / (hi - lo || 1))) * 100).toFixed(2)}%`;
  return (
    <div className={`${styles.track} ${size === "large" ? styles.large : ""}`} aria-hidden>
      {band ? (
        <div
          className={styles.band}
          style={{ left: at(band[0]), width: `calc(${at(band[1])} - ${at(band[0])})`, background: colour }}
        />
      ) : null}
      {value !== null ? <div className={styles.fill} style={{ width: at(value), background: colour }} /> : null}
      {marker !== null && marker !== undefined ? <div className={styles.marker} style={{ left: at(marker) }} /> : null}
    </div>
  );
}
