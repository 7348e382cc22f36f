import Link from "@/components/ui/link";
import type { Review } from "@/lib/scoring/reviews/review-types";

const recordedText = (passed: boolean | null | undefined) =>
  passed === true ? "pass" : passed === false ? "fail" : "not graded";

/**
 * Every review of this rollout's verdicts, oldest first, beside the recorded verdict it judges: who, what,
 * why and when (changes and withdrawals included; the recorded verdict never changes).
 */
export function ReviewsSection({
  reviews,
  recorded,
  queueHref,
}: {
  reviews: readonly Review[];
  /** The rollout's recorded verdicts by check key. */
  recorded: readonly { key: string; passed: boolean | null }[];
  queueHref: string;
}) {
  return (
    <section className="section" aria-labelledby="reviews-heading" data-testid="rollout-reviews">
      <h2 id="reviews-heading">Reviews</h2>
      <p className="section-note">
        What people said of this rollout’s recorded verdicts. A review never changes the recorded verdict; the run page
        applies them under “reviews: apply”. <Link href={queueHref}>Review queue</Link>
      </p>
      <div style={{ overflowX: "auto" }}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Recorded</th>
              <th scope="col">Reviewer</th>
              <th scope="col">Verdict</th>
              <th scope="col">Reason</th>
              <th scope="col" className="num">
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {reviews.map((r, i) => (
              <tr key={i}>
                <th scope="row" style={{ overflowWrap: "anywhere" }}>
                  {r.check}
                </th>
                <td>{recordedText(recorded.find((c) => c.key === r.check)?.passed)}</td>
                <td style={{ overflowWrap: "anywhere" }}>{r.reviewer}</td>
                <td>{r.withdrawn ? "withdrawn" : r.verdict}</td>
                <td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.reason}</td>
                <td className="num">{r.at.slice(0, 16).replace("T", " ")} UTC</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
