import Link from "@/components/ui/link";
import { count, pValueText, plural } from "@/lib/display/format";
import { FLIP_WORDS } from "@/lib/display/compare-words";
import { TASK_PASS_RATE, type Comparison } from "@/lib/scoring/report/compare";
import { taskHref } from "@/lib/views/hrefs";
import type { CompareRun } from "@/lib/views/compare-run";
import styles from "./compare.module.css";

/** Pass↔fail flips of B against A with the exact McNemar test, and the flipped tasks with links to both runs. */
export function FlipsCard({
  comparison,
  a,
  b,
  bLetter,
}: {
  comparison: Comparison;
  a: CompareRun;
  b: CompareRun;
  bLetter: string;
}) {
  const { passToFail, failToPass, pValue } = comparison.flips;
  const lists = (["pass->fail", "fail->pass"] as const).map((flip) => ({
    flip,
    keys: comparison.tasks.filter((t) => t.flip === flip).map((t) => t.key),
  }));
  return (
    <section
      className={`card ${styles.flips}`}
      aria-label={`Flips, ${b.name} against ${a.name}`}
      data-testid="flips-card"
    >
      <div className="card-title">Flips · {bLetter} vs A</div>
      <p className={styles.flipsLine} data-testid="flips-summary">
        <strong data-testid="flips-pass-to-fail">{passToFail} pass → fail</strong>,{" "}
        <strong data-testid="flips-fail-to-pass">{failToPass} fail → pass</strong>{" "}
        <span className={styles.pValue}>(exact McNemar {pValueText(pValue)})</span>
      </p>
      <p className={styles.footnote}>
        A task passes when at least {TASK_PASS_RATE * 100}% of its rollouts pass. p is the chance of flips at least this
        lopsided if neither run were better
        {passToFail + failToPass === 0 ? "" : `; ${plural(passToFail + failToPass, "task")} flipped`}.
      </p>
      {passToFail + failToPass === 0 ? (
        <p className={styles.none}>No task flipped between pass and fail.</p>
      ) : (
        <div className={styles.flipLists}>
          {lists.map(({ flip, keys }) => (
            <div key={flip}>
              <h3 className={styles.flipHead}>
                <span className={flip === "pass->fail" ? "badge badge-fail" : "badge badge-pass"}>
                  {FLIP_WORDS[flip]}
                </span>{" "}
                <span className="muted">{count(keys.length)}</span>
              </h3>
              {keys.length === 0 ? (
                <p className={styles.none}>None.</p>
              ) : (
                <ul className={styles.keyList}>
                  {keys.map((key) => (
                    <li key={key}>
                      <span className={styles.key}>{key}</span>
                      <TaskLinks
                        keyName={key}
                        runs={[
                          { letter: "A", run: a },
                          { letter: bLetter, run: b },
                        ]}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** Links to a task's page in each of the runs (each has the task), labelled with the run's letter. */
export function TaskLinks({
  keyName,
  runs,
}: {
  keyName: string;
  runs: readonly { letter: string; run: CompareRun }[];
}) {
  return (
    <span className={styles.taskLinks}>
      {runs.map(({ letter, run }) => (
        <Link
          key={letter}
          href={taskHref(run.id, keyName)}
          aria-label={`${letter}: ${keyName} in ${run.name}`}
          title={`${keyName} in ${run.name}`}
        >
          {letter} ↗
        </Link>
      ))}
    </span>
  );
}
