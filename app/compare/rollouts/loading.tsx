import styles from "@/components/compare/compare-skeleton.module.css";

/** Placeholder shapes in the side-by-side layout while both rollouts and their traces are read. */
export default function SideBySideLoading() {
  return (
    <div aria-busy="true" aria-label="Reading the two rollouts">
      <div className={styles.line} style={{ width: 160 }} />
      <div className={styles.title} />
      <div className={styles.row}>
        <div className={styles.block} />
        <div className={styles.block} />
      </div>
      <div className={`${styles.block} ${styles.table}`} />
      <div className={styles.row}>
        <div className={`${styles.block} ${styles.tall}`} />
        <div className={`${styles.block} ${styles.tall}`} />
      </div>
    </div>
  );
}
