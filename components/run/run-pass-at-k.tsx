import { count, plural } from "@/lib/display/format";
import { runPassAtKPoints, type RunPassAtK } from "@/lib/scoring/core/pass-at-k";
import { PassAtKChart } from "@/components/task/pass-at-k-chart";
import { PassAtKTable } from "@/components/task/pass-at-k-table";
import styles from "./sections.module.css";

/**
 * The run's pass@k and pass^k curves: how often at least one of k tries passes, and how often all k do, averaged
 * over the tasks (docs/scoring.md#across-the-rollouts-of-a-task). The gap between them is the run's flakiness.
 */
export function RunPassAtKSection({ curves }: { curves: RunPassAtK }) {
  const { maxK, tasks, of } = curves.passAtKCoverage;
  const points = runPassAtKPoints(curves);
  return (
    <section className={`card ${styles.passAtK}`} aria-labelledby="run-pass-at-k-title" data-testid="run-pass-at-k">
      <h2 id="run-pass-at-k-title" className={styles.panelTitle}>
        pass@k and pass^k across the run
      </h2>
      {maxK === 0 ? (
        <p className={styles.panelNote}>No task has a counted rollout, so there is nothing to try k times.</p>
      ) : (
        <>
          <p className={styles.panelNote}>
            The mean over {tasks === of ? plural(of, "task") : `${count(tasks)} of ${plural(of, "task")}`} of each
            task’s unbiased estimate, for k = 1 to {maxK}: the fewest counted rollouts a task has, so every point
            averages the same tasks. pass@1 is the task-equal pass rate.
            {maxK === 1 ? " A task with a single rollout leaves k = 1 only." : ""}
          </p>
          <div className={styles.passAtKBody}>
            {maxK > 1 ? <PassAtKChart points={points} /> : null}
            <PassAtKTable points={points} />
          </div>
        </>
      )}
    </section>
  );
}
