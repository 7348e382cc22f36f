import Link from "@/components/ui/link";
import { changeText, count, metricText, plural } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import type { AfterReview } from "@/lib/scoring/view/after-review";

/**
 * The run's figures as recorded beside the same figures with the reviewed verdicts applied, side by side,
 * with the review counts and a link to view the whole run after review.
 */
export function AfterReviewFigures({
  figures,
  href,
  current,
}: {
  figures: AfterReview;
  /** The run under `reviews: "apply"`. */
  href: string;
  /** The page shows the reviewed verdicts already. */
  current: boolean;
}) {
  const { reviewed, decided, undecided } = figures;
  return (
    <section
      className="callout callout-info"
      style={{ marginBottom: 16 }}
      aria-labelledby="after-review-title"
      data-testid="after-review"
    >
      <h2 id="after-review-title" style={{ fontSize: 15, margin: "0 0 6px" }}>
        Recorded and reviewed verdicts
      </h2>
      <p style={{ margin: "0 0 8px" }}>
        {plural(reviewed, "verdict")} reviewed: {count(decided)} decided by the reviewers
        {undecided > 0 ? `, ${count(undecided)} left as recorded (a tie or unsure)` : ""}.
      </p>
      <div style={{ overflowX: "auto" }}>
        <table className="table" style={{ width: "auto" }}>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className="num">
                As recorded
              </th>
              <th scope="col" className="num">
                After review
              </th>
              <th scope="col" className="num">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.rows.map((row) => (
              <tr key={row.metric} data-testid={`after-review-${row.metric}`}>
                <th scope="row">{row.metric}</th>
                <td className="num" data-testid="recorded">
                  {metricText(row.kind, row.recorded)}
                </td>
                <td className="num" data-testid="reviewed">
                  {metricText(row.kind, row.reviewed)}
                </td>
                <td className="num">
                  {row.recorded === null || row.reviewed === null
                    ? "—"
                    : changeText(row.kind, row.reviewed - row.recorded)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {figures.band && figures.band.low !== null && figures.band.high !== null ? (
        <p style={{ margin: "8px 0 0" }} data-testid="judge-error-band">
          Judge-error band of {figures.band.metric}:{" "}
          <span className="num">
            {metricText(metricKind(figures.band.metric), figures.band.low)} to{" "}
            {metricText(metricKind(figures.band.metric), figures.band.high)}
          </span>{" "}
          if the unreviewed verdicts of each reviewed check were wrong as often as its reviews found.
        </p>
      ) : null}
      {current ? null : (
        <p style={{ margin: "8px 0 0" }}>
          <Link href={href}>View the run with the reviewed verdicts</Link>
        </p>
      )}
    </section>
  );
}
