import styles from "@/components/compare/compare-skeleton.module.css";

/** Placeholder shapes in the compare page's layout while the runs load and are compared. */
export default function CompareLoading() {
  return (
    <div aria-busy="true" aria-label="Comparing the runs">
      <div className={styles.line} style={{ width: 120 }} />
      <div className={styles.title} />
      <div className={styles.row}>
        <div className={styles.block} />
        <div className={styles.block} />
      </div>
      <div className={styles.row}>
        <div className={`${styles.block} ${styles.tall}`} />
        <div className={`${styles.block} ${styles.tall}`} />
      </div>
      <div className={`${styles.block} ${styles.table}`} />
    </div>
  );
}
