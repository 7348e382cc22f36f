import { count } from "@/lib/display/format";
import type { RunSummary } from "@/lib/views/records";
import { HeadlineFigure } from "./headline-card";
import headline from "./headline-card.module.css";
import styles from "./run-skeleton.module.css";

/**
 * Placeholder shapes in the page's layout while the run's scoring data loads. Given the run's stored summary
 * (computed by the same scoring when the run was stored), the headline shows at once in its place: reading a
 * large run the server has not cached takes a second or more, and the headline is what a reader came for.
 */
export function RunSkeleton({ summary = null }: { summary?: RunSummary | null }) {
  return (
    <div aria-busy="true" aria-label="Loading the run">
      <div className={styles.line} style={{ width: 120 }} />
      <div className={styles.title} />
      <div className={styles.line} style={{ width: 360 }} />
      <div className={styles.row}>
        {summary ? (
          <section
            className={`card ${headline.card}`}
            aria-labelledby="early-headline-title"
            data-testid="early-headline"
          >
            <div className={headline.main}>
              <HeadlineFigure
                headline={summary.headline}
                titleId="early-headline-title"
                valueTestId="early-headline-value"
              />
              <p className={headline.stats}>Reading the run’s {count(summary.rollouts)} rollouts…</p>
            </div>
          </section>
        ) : (
          <div className={`${styles.block} ${styles.wide}`} />
        )}
        <div className={styles.block} />
        <div className={styles.block} />
      </div>
      <div className={styles.cards}>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className={styles.block} />
        ))}
      </div>
    </div>
  );
}
