import { fixed, pct } from "@/lib/display/format";
import type { TaskReport } from "@/lib/scoring/report/report-types";
import { countedRollouts, diagnosisWords } from "./diagnosis-words";
import styles from "./task-page.module.css";

function Stat({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className={`card ${styles.stat}`}>
      <div className="card-title">{label}</div>
      <div className={styles.statValue} data-testid={testId}>
        {value}
      </div>
      {note ? <div className={styles.statNote}>{note}</div> : null}
    </div>
  );
}

/** The task's figures across its rollouts, all from the report, and its diagnosis in words. */
export function TaskSummary({ task }: { task: TaskReport }) {
  const counted = countedRollouts(task);
  const words = diagnosisWords(task);
  const unscored = task.rollouts - task.scored;
  return (
    <section aria-label="Task summary" className={styles.summary}>
      <p className={`${styles.diagnosis} ${styles[`tone-${words.tone}`] ?? ""}`} data-testid="task-diagnosis">
        <strong>{words.title}</strong> — {words.detail}
      </p>
      <div className={styles.stats}>
        <Stat
          label="Rollouts"
          value={String(task.rollouts)}
          note={
            <>
              {task.scored} scored · {unscored} unscored
            </>
          }
        />
        <Stat
          label="Passes"
          value={`${task.passes}/${counted}`}
          note={`${pct(task.passRate)} pass rate`}
          testId="task-passes"
        />
        <Stat
          label="Mean reward"
          value={fixed(task.meanReward, 2)}
          note={`best ${fixed(task.best, 2)} · worst ${fixed(task.worst, 2)}`}
        />
        <Stat label="Spread" value={fixed(task.spread, 2)} note="best − worst reward" />
      </div>
    </section>
  );
}
