import Link from "@/components/ui/link";
import { count } from "@/lib/display/format";
import type { Comparison } from "@/lib/scoring/report/compare";
import { taskHref } from "@/lib/views/hrefs";
import type { CompareRun } from "@/lib/views/compare-run";
import styles from "./compare.module.css";

/** Tasks present in one run only: listed apart, never counted as regressions or in any difference. */
export function NotComparable({
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
  const sides = [
    { letter: "A", run: a, keys: comparison.onlyAKeys, testid: "only-a" },
    { letter: bLetter, run: b, keys: comparison.onlyBKeys, testid: "only-b" },
  ];
  return (
    <div className={styles.notComparable}>
      {sides.map((s) => (
        <div key={s.letter} data-testid={`not-comparable-${s.testid}`}>
          <h3 className={styles.flipHead}>
            Only in {s.letter} <span className={styles.colRun}>{s.run.name}</span>{" "}
            <span className="muted">{count(s.keys.length)}</span>
          </h3>
          {s.keys.length === 0 ? (
            <p className={styles.none}>None: every task of {s.run.name} is in the other run.</p>
          ) : (
            <ul className={styles.keyList}>
              {s.keys.map((key) => (
                <li key={key}>
                  <Link href={taskHref(s.run.id, key)}>{key}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}
