import type { CellVerdict } from "@/lib/scoring/view/check-grid";
import styles from "./checks.module.css";
import { shortScore } from "@/lib/display/format";
import { verdictWord } from "./words";

const CLASS: Record<CellVerdict, string | undefined> = {
  pass: styles.pass,
  fail: styles.fail,
  partial: styles.partial,
  "not-graded": styles.notGraded,
};

const SYMBOL: Record<CellVerdict, string> = { pass: "✓", fail: "✗", partial: "", "not-graded": "–" };

/** ✓ / ✗ / – / a partial score, coloured, with the verdict in words for screen readers. */
export function CheckMark({
  verdict,
  score,
  changed = false,
}: {
  verdict: CellVerdict;
  score: number | null;
  changed?: boolean;
}) {
  const symbol = verdict === "partial" ? shortScore(score) : SYMBOL[verdict];
  return (
    <span className={`${styles.mark} ${CLASS[verdict] ?? ""} ${changed ? styles.changed : ""}`}>
      <span aria-hidden>{symbol}</span>
      {changed ? (
        <span aria-hidden className={styles.changedDot}>
          ●
        </span>
      ) : null}
      <span className={styles.srOnly}>
        {verdictWord(verdict, score)}
        {changed ? " (changed by the what-if scenario)" : ""}
      </span>
    </span>
  );
}
