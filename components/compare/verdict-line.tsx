import styles from "./compare.module.css";

/** A verdict in words with a mark; the colour only repeats what the words say. */
export function VerdictLine({ mark, text, tone }: { mark: string; text: string; tone: "pass" | "fail" | "neutral" }) {
  const cls = tone === "pass" ? styles.verdictPass : tone === "fail" ? styles.verdictFail : styles.verdictNeutral;
  return (
    <p className={`${styles.verdict} ${cls}`} data-testid="compare-verdict">
      <span aria-hidden className={styles.verdictMark}>
        {mark}
      </span>
      {text}
    </p>
  );
}
