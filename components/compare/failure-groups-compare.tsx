import { count } from "@/lib/display/format";
import { compareFailureGroups, describeFailureGroup } from "@/lib/scoring/report/failure-groups";
import { Breakable } from "@/components/ui/breakable";
import type { CompareRun } from "@/lib/views/compare-run";
import styles from "./compare.module.css";

const ROWS = 10;

/**
 * Each failure group of A and a candidate side by side, matched by what the group shares (its key): how many
 * rollouts it holds in each run and how that moved ("grew from 3 to 19"), the largest change first.
 */
export function FailureGroupsCompare({
  a,
  candidates,
}: {
  a: CompareRun;
  candidates: { run: CompareRun; letter: string }[];
}) {
  if (a.failureGroups.length === 0 && candidates.every((c) => c.run.failureGroups.length === 0)) return null;
  return (
    <section className="section" aria-labelledby="failure-groups-compare-title" data-testid="failure-groups-compare">
      <h2 id="failure-groups-compare-title">Failures grouped</h2>
      <p className="section-note">
        Failed and unscored rollouts grouped by failed checks, tags, error type, masked message and last tool; a group
        is the same failure in both runs. Largest change first, at most {ROWS}.
      </p>
      {candidates.map(({ run, letter }) => {
        const rows = compareFailureGroups(a.failureGroups, run.failureGroups).slice(0, ROWS);
        return (
          <div key={run.id} className={`card ${styles.stack}`}>
            {candidates.length > 1 ? <div className="card-title">{letter} vs A</div> : null}
            <div className={styles.scroll}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">What they share</th>
                    <th scope="col" className="num">
                      A
                    </th>
                    <th scope="col" className="num">
                      {letter}
                    </th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key} data-testid="failure-group-change">
                      <td>
                        <Breakable text={describeFailureGroup(r.group)} />
                      </td>
                      <td className="num">{count(r.before)}</td>
                      <td className="num">{count(r.after)}</td>
                      <td>{r.change}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </section>
  );
}
