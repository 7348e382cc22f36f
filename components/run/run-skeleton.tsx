import styles from "./run-skeleton.module.css";

/** Placeholder shapes in the page's layout while the run's scoring data loads. */
export function RunSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the run">
      <div className={styles.line} style={{ width: 120 }} />
      <div className={styles.title} />
      <div className={styles.line} style={{ width: 360 }} />
      <div className={styles.row}>
        <div className={`${styles.block} ${styles.wide}`} />
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
