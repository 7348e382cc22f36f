import { Breakable } from "@/components/ui/breakable";
import { count, fixed, pct } from "@/lib/display/format";
import type { AgreementRow, ReviewsReport } from "@/lib/scoring/reviews/reviews-report";
import styles from "./sections.module.css";

const kappaText = (row: AgreementRow) =>
  row.kappa === null
    ? "—"
    : `${fixed(row.kappa, 2)}${row.ci95 ? ` (${fixed(row.ci95[0], 2)} to ${fixed(row.ci95[1], 2)})` : ""}`;

const reviewersText = (row: AgreementRow) =>
  row.reviewers.verdicts === 0
    ? "—"
    : `${pct(row.reviewers.agreement)} of ${count(row.reviewers.pairs)} pairs${row.reviewers.kappa === null ? "" : `, κ ${fixed(row.reviewers.kappa, 2)}`}`;

function Cells({ row }: { row: AgreementRow }) {
  const c = row.confusion;
  return (
    <>
      <td className="num">{count(row.reviewed)}</td>
      <td className="num">{count(row.undecided)}</td>
      <td className="num">{pct(row.agreement)}</td>
      <td className="num">{kappaText(row)}</td>
      <td
        className="num"
        title="grader pass / reviewers pass, grader pass / reviewers fail, grader fail / reviewers pass, grader fail / reviewers fail"
      >
        {count(c.passPass)} · {count(c.passFail)} · {count(c.failPass)} · {count(c.failFail)}
      </td>
      <td className="num">{reviewersText(row)}</td>
    </>
  );
}

function Head({ first }: { first: string[] }) {
  return (
    <thead>
      <tr>
        {first.map((h) => (
          <th key={h} scope="col">
            {h}
          </th>
        ))}
        <th scope="col" className="num">
          Reviewed
        </th>
        <th scope="col" className="num">
          Undecided
        </th>
        <th scope="col" className="num">
          Agreement
        </th>
        <th scope="col" className="num">
          κ (95% interval)
        </th>
        <th scope="col" className="num">
          PP · PF · FP · FF
        </th>
        <th scope="col" className="num">
          Between reviewers
        </th>
      </tr>
    </thead>
  );
}

/**
 * How far the graders agree with the run's reviewers: per kind of grader and per check key, the reviewed
 * verdicts, agreement, Cohen's κ with its analytic 95% interval, the 2×2 table and agreement between reviewers.
 */
export function Agreement({ report }: { report: ReviewsReport }) {
  return (
    <section className={`section card ${styles.panel}`} aria-labelledby="agreement-title" data-testid="agreement">
      <h2 id="agreement-title" className={styles.panelTitle}>
        Graders and reviewers
      </h2>
      <p className={styles.panelNote}>
        {count(report.reviewed)} reviewed verdicts, {count(report.reviews)} standing reviews. Agreement is the share of
        decided verdicts where the grader and the reviewers’ majority agree; κ corrects it for chance, its 95% interval
        from the analytic large-sample standard error (Fleiss, Cohen and Everitt), each verdict counted as independent.
        PP · PF · FP · FF: grader pass or fail, then reviewers pass or fail. Undecided: a tie or unsure.
      </p>
      <div className={styles.tableWrap}>
        <table className={`table ${styles.compact}`} data-testid="agreement-by-grader">
          <caption className="visually-hidden">Agreement by kind of grader</caption>
          <Head first={["Grader"]} />
          <tbody>
            {report.byGrader.map((row) => (
              <tr key={row.grader}>
                <th scope="row" className={styles.rowHead}>
                  {row.grader}
                </th>
                <Cells row={row} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.tableWrap}>
        <table className={`table ${styles.compact}`} data-testid="agreement-by-check">
          <caption className="visually-hidden">Agreement by check</caption>
          <Head first={["Check", "Grader"]} />
          <tbody>
            {report.byCheck.map((row) => (
              <tr key={`${row.check}\u0000${row.grader}`}>
                <th scope="row" className={styles.rowHead}>
                  <Breakable text={row.check} />
                </th>
                <td>{row.grader}</td>
                <Cells row={row} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
